/**
 * What "Recomeçar a demonstração" does to each kind of thing the owner made, as the settings page
 * says it: templates, segments and automations go with the contacts (they are the demo's data);
 * the sending rules stay (they are the business's, like the language), the block lists go.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Result } from '@shared/app-error';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';
import { demoService } from '../../../src/sandbox/index';

const cores: Core[] = [];
afterEach(async () => {
  while (cores.length) await cores.pop()!.close();
});

function ok<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

describe('demo:reset', () => {
  it('erases templates, segments, automations and block lists, and keeps the sending rules', async () => {
    const core = await createCore({
      demo: demoService,
      dataDir: tempDir(),
      host: createRecordingHost(),
      secretStore: createMemorySecretStore(),
      demoWhenSignedOut: true,
      background: false,
    });
    cores.push(core);
    const template = ok<{ id: string }>(
      await core.dispatch('templates:create', { name: 'Parabéns', text: 'Feliz aniversário, {{nome}}!' }),
    );
    ok(
      await core.dispatch('segments:create', {
        name: 'Recife',
        match: 'all',
        conditions: [{ field: '@name', op: 'contains', value: 'a' }],
      }),
    );
    ok(
      await core.dispatch('automations:create', {
        templateId: template.id,
        audience: { kind: 'everyone' },
        rule: { kind: 'birthday', at: '09:00', daysBefore: 0 },
      }),
    );
    ok(await core.dispatch('rules:set', { prefix: 'Padaria Pão Quente' }));

    ok(await core.dispatch('demo:reset', {}));

    expect(ok<unknown[]>(await core.dispatch('templates:list', {}))).toEqual([]);
    expect(ok<unknown[]>(await core.dispatch('segments:list', {}))).toEqual([]);
    expect(ok<unknown[]>(await core.dispatch('automations:list', {}))).toEqual([]);
    expect(ok<unknown[]>(await core.dispatch('rules:blockLists', {}))).toEqual([]);
    expect(ok<{ rules: { prefix: string | null } }>(await core.dispatch('rules:get', {})).rules.prefix).toBe(
      'Padaria Pão Quente',
    );
  });
});
