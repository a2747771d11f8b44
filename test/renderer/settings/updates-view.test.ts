import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { idleUpdateStatus } from '@shared/update-status';
import type { UpdateStatusView } from '@shared/dto/updates';
import UpdateBanner from '@renderer/components/app/UpdateBanner.vue';
import AboutSettingsView from '@renderer/views/settings/AboutSettingsView.vue';
import { installFakeBridge } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const base: UpdateStatusView = idleUpdateStatus('0.1.0', {
  provider: 'github',
  url: 'https://github.com/loja/torpedo/releases',
});
const ready: UpdateStatusView = {
  ...base,
  state: 'ready',
  progress: 100,
  lastCheck: { at: new Date().toISOString(), result: 'available' },
  available: {
    version: '0.2.0',
    releaseDate: '2026-11-20T10:00:00.000Z',
    notes: 'Importação mais rápida\n• Correções',
  },
};

describe('the update banner (fake bridge)', () => {
  it('shows nothing until a version is ready', async () => {
    installFakeBridge().reply('updates:status', base);
    await mountInApp(UpdateBanner);
    expect(queryTestId('update-banner')).toBeNull();
  });

  it('offers to restart into the ready version, and "Depois" hides it', async () => {
    const bridge = installFakeBridge()
      .reply('updates:status', ready)
      .reply('updates:restart', { outcome: 'restarting' });
    await mountInApp(UpdateBanner);
    expect(squash(byTestId('update-banner').textContent)).toContain(
      'A versão 0.2.0 do Torpedo está pronta para instalar.',
    );
    await click(byTestId('update-restart'));
    expect(bridge.inputsOf('updates:restart')).toEqual([{ whenIdle: false }]);

    await click(byTestId('update-later'));
    expect(queryTestId('update-banner')).toBeNull();
  });

  it('asks before restarting while a campaign is being sent, and then waits for its end', async () => {
    const bridge = installFakeBridge()
      .reply('updates:status', ready)
      .handle('updates:restart', ({ whenIdle }) => ({
        ok: true,
        value: { outcome: whenIdle ? 'waiting' : 'delivering' },
      }));
    await mountInApp(UpdateBanner);
    await click(byTestId('update-restart'));
    // Main refused (a delivery started meanwhile): the window asks.
    expect(squash(document.body.textContent)).toContain('Uma campanha está sendo enviada');
    await click(byTestId('update-ask-confirm'));
    expect(bridge.inputsOf('updates:restart')).toEqual([{ whenIdle: false }, { whenIdle: true }]);

    bridge.emit('updates:changed', { ...ready, delivering: true, restartPending: true });
    await flushPromises();
    expect(byTestId('update-banner').dataset.kind).toBe('waiting');
    expect(squash(byTestId('update-banner').textContent)).toContain(
      'assim que a campanha terminar de ser enviada',
    );
    bridge.reply('updates:cancelRestart', { ...ready, delivering: true });
    await click(byTestId('update-cancel-waiting'));
    expect(bridge.inputsOf('updates:cancelRestart')).toEqual([{}]);
    expect(byTestId('update-banner').dataset.kind).toBe('ready');
  });

  it('during a delivery offers only the restart after it', async () => {
    installFakeBridge().reply('updates:status', { ...ready, delivering: true });
    await mountInApp(UpdateBanner, { locale: 'en' });
    expect(squash(byTestId('update-banner').textContent)).toContain('A campaign is being sent right now');
    expect(queryTestId('update-restart')).toBeNull();
    expect(byTestId('update-restart-when-done').textContent).toContain('Restart when sending ends');
  });
});

describe('Settings → Sobre (fake bridge)', () => {
  it('shows the version, the last check and checks again on demand', async () => {
    const bridge = installFakeBridge()
      .reply('updates:status', { ...base, lastCheck: { at: new Date().toISOString(), result: 'upToDate' } })
      .reply('updates:check', {
        ...base,
        state: 'error',
        error: 'net::ERR_INTERNET_DISCONNECTED',
        lastCheck: { at: new Date().toISOString(), result: 'error' },
      });
    await mountInApp(AboutSettingsView);
    expect(byTestId('about-version').textContent).toBe('0.1.0');
    expect(squash(byTestId('about-last-check').textContent)).toContain('Você está na versão mais recente.');
    expect(squash(byTestId('about-feed').textContent)).toBe(
      'Ligadas: as novas versões vêm da página oficial do Torpedo',
    );
    expect(squash(document.body.textContent)).toContain('Atualizações automáticas');
    // No developer's address on the page (only in the tooltip, for whoever supports the shop).
    expect(squash(document.body.textContent)).not.toContain('GitHub Releases');
    expect(document.body.textContent).not.toContain('github.com');
    expect(document.body.textContent).not.toContain('https://');

    await click(byTestId('about-check'));
    expect(bridge.inputsOf('updates:check')).toEqual([{}]);
    const lastCheck = squash(byTestId('about-last-check').textContent);
    expect(lastCheck).toContain('Não conseguimos verificar');
    expect(lastCheck).toContain('net::ERR_INTERNET_DISCONNECTED');
  });

  it("shows the ready version's notes as text, and restarts into it", async () => {
    const bridge = installFakeBridge()
      .reply('updates:status', { ...ready, available: { ...ready.available!, notes: '<b>not markup</b>' } })
      .reply('updates:restart', { outcome: 'restarting' });
    await mountInApp(AboutSettingsView);
    const notes = byTestId('about-notes');
    expect(squash(notes.textContent)).toContain('Novidades da versão 0.2.0');
    expect(notes.textContent).toContain('<b>not markup</b>');
    expect(notes.querySelector('b')).toBeNull();
    expect(squash(byTestId('about-ready').textContent)).toContain(
      'será instalada quando o Torpedo reiniciar',
    );
    await click(byTestId('about-restart'));
    expect(bridge.inputsOf('updates:restart')).toEqual([{ whenIdle: false }]);
  });

  it('says why a copy does not update itself, in English too', async () => {
    installFakeBridge().reply('updates:status', { ...base, unsupported: 'development', feed: null });
    await mountInApp(AboutSettingsView, { locale: 'en' });
    expect(squash(byTestId('about-unsupported').textContent)).toContain('This copy does not update itself');
    expect(queryTestId('about-check')).toBeNull();
  });
});
