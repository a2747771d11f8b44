/**
 * The updates channels through the real core and dispatch: answered by the
 * host's updater when it has one (Electron's main), with its changes sent as
 * `updates:changed`; said to be unsupported where the core runs without
 * the desktop app (the CLI, the tests).
 */
import { describe, expect, it } from 'vitest';
import { createCore } from '@core/kernel/create-core';
import type { UpdatesPort } from '@core/updates/updates-port';
import { idleUpdateStatus } from '@shared/update-status';
import type { UpdateStatusView } from '@shared/dto/updates';
import { tempDir } from '../../support/temp-dir';
import { createRecordingHost } from '../../support/test-host';

function fakePort() {
  let status: UpdateStatusView = idleUpdateStatus('0.1.0');
  const listeners = new Set<(s: UpdateStatusView) => void>();
  const calls: string[] = [];
  const port: UpdatesPort = {
    status: () => status,
    check: async () => {
      calls.push('check');
      status = { ...status, lastCheck: { at: '2026-11-25T12:00:00.000Z', result: 'upToDate' } };
      for (const listener of listeners) listener(status);
      return status;
    },
    restart: async (whenIdle) => {
      calls.push(`restart:${whenIdle}`);
      return whenIdle ? 'waiting' : 'delivering';
    },
    cancelRestart: () => status,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { port, calls };
}

describe('updates channels (real core)', () => {
  it("carry the host's updater: status, check (with its event) and restart", async () => {
    const { port, calls } = fakePort();
    const core = await createCore({
      dataDir: tempDir(),
      host: { ...createRecordingHost(), updates: port },
      secretStore: null,
    });
    const events: unknown[] = [];
    core.onEvent((event, payload) => event === 'updates:changed' && events.push(payload));
    try {
      expect(await core.dispatch('updates:status', {})).toMatchObject({
        ok: true,
        value: { unsupported: null },
      });
      const checked = await core.dispatch('updates:check', {});
      expect(checked).toMatchObject({ ok: true, value: { lastCheck: { result: 'upToDate' } } });
      expect(events).toHaveLength(1);
      expect(await core.dispatch('updates:restart', { whenIdle: false })).toEqual({
        ok: true,
        value: { outcome: 'delivering' },
      });
      expect(await core.dispatchUntrusted('updates:restart', {})).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
      expect(calls).toEqual(['check', 'restart:false']);
    } finally {
      await core.close();
    }
  });

  it('say the updater is not there without the desktop app, and check nothing', async () => {
    const core = await createCore({ dataDir: tempDir(), host: createRecordingHost(), secretStore: null });
    try {
      const status = await core.dispatch('updates:check', {});
      expect(status).toMatchObject({
        ok: true,
        value: { unsupported: 'not_desktop', currentVersion: '0.0.0-test' },
      });
      expect(await core.dispatch('updates:restart', { whenIdle: true })).toEqual({
        ok: true,
        value: { outcome: 'notReady' },
      });
    } finally {
      await core.close();
    }
  });
});
