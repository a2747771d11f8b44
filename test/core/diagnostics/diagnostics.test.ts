import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { allMigrations } from '@core/db/migrations';
import { withoutHome } from '@core/diagnostics/diagnostics';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { demoService } from '../../../src/sandbox/index';
import type { Result } from '@shared/app-error';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';

const cores: Core[] = [];
afterEach(async () => {
  while (cores.length) await cores.pop()!.close();
});

function ok<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

async function demo(language: string) {
  const host = createRecordingHost(language);
  const dataDir = tempDir();
  const core = await createCore({
    demo: demoService,
    dataDir,
    host,
    secretStore: createMemorySecretStore(),
    demoWhenSignedOut: true,
  });
  cores.push(core);
  return { core, host, dataDir };
}

describe('diagnostics ("Copiar diagnóstico")', () => {
  it('says the version, OS, folders, data format, outbox and last problems, in Portuguese', async () => {
    const { core, host, dataDir } = await demo('pt-BR');
    // A frozen campaign in the outbox, and a refusal in the log.
    const list = ok(await core.dispatch('lists:create', { name: 'Clientes' }));
    ok(await core.dispatch('contacts:create', { name: 'Maria', phone: '11 98765-4321', listIds: [list.id] }));
    ok(await core.dispatch('campaigns:smsTypes', {}));
    const draft = ok(await core.dispatch('campaigns:create', { name: 'Sábado' }));
    ok(
      await core.dispatch('campaigns:saveDraft', {
        id: draft.id,
        template: 'Oi',
        audience: { listIds: [list.id], contactIds: [] },
      }),
    );
    ok(await core.dispatch('campaigns:send', { id: draft.id }));
    await core.dispatch('contacts:get', { id: 'no-such-contact' });

    const view = ok(await core.dispatch('diagnostics:copy', {}));
    expect(view).toMatchObject({
      version: '0.0.0-test',
      dataFolder: dataDir,
      logFolder: join(dataDir, 'logs'),
      schemaVersion: allMigrations.length,
      schemaExpected: allMigrations.length,
    });
    expect(Object.values(view.outbox).reduce((n, s) => n + s.messages, 0)).toBe(1);
    expect(view.problems.at(-1)).toMatchObject({ level: 'warn', event: 'channel.failed', code: 'not_found' });
    const lines = view.text.split('\n');
    expect(lines[0]).toBe('Diagnóstico do Torpedo');
    expect(lines).toContain('Versão: 0.0.0-test');
    expect(lines).toContain(`Pasta de dados: ${dataDir}`);
    expect(lines).toContain(
      `Formato dos dados: ${allMigrations.length} (esta versão usa ${allMigrations.length})`,
    );
    expect(lines).toContain('Conta: demo');
    expect(view.text).toMatch(/Fila de envio: \w+ 1 lotes \(1 mensagens\)/);
    expect(view.text).toMatch(/warn core channel\.failed not_found/);
    expect(host.clipboard).toEqual([view.text]);
  });

  it('speaks English to an English user', async () => {
    const { core } = await demo('en-US');
    const { text } = ok(await core.dispatch('diagnostics:get', {}));
    expect(text.split('\n').slice(0, 1)).toEqual(['Torpedo diagnostics']);
    expect(text).toContain('Outbox: empty');
    expect(text).toContain('Last problems:\n  none');
  });

  it("shows a folder under the home folder from ~, so the user's name stays out", () => {
    expect(withoutHome(join(homedir(), '.config', 'Torpedo'))).toBe(join('~', '.config', 'Torpedo'));
    expect(withoutHome('/srv/torpedo')).toBe('/srv/torpedo');
  });
});
