/**
 * A local-only core on a fresh data folder whose contacts came in through
 * the real import (a shop's sheet with a city, a last purchase date and a
 * total spent), on a clock fixed at 10/05/2026 12:00 UTC.
 */
import { afterEach, expect } from 'vitest';
import type { Result } from '@shared/app-error';
import type { ImportOpenedView, ImportPlanView } from '@shared/dto';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { createRecordingHost, type RecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';

export const NOW = new Date('2026-05-10T12:00:00.000Z');

/** Eva's 31/02 goes to the error file; Fábio's "Recífe" is Recife once folded. */
export const SHOP_CSV = [
  'nome;telefone;email;cidade;ultima_compra;total_gasto',
  'Ana;81987650001;ana@x.com;Recife;15/03/2026;500',
  'Bia;81987650002;;São Paulo;01/01/2025;1.234,50',
  'Caio;11987650003;caio@x.com;RECIFE;2026-04-20;50',
  'Davi;11987650004;;Olinda;;',
  'Eva;21987650005;eva@x.com;recife;31/02/2026;10',
  'Fábio;85987650006;;Recífe;10/05/2026;700',
].join('\r\n');

const cores: Core[] = [];
afterEach(async () => {
  while (cores.length) await cores.pop()!.close();
});

export function ok<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

export function failed(result: Result<unknown>) {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

export async function shopCore(): Promise<{
  core: Core;
  host: RecordingHost;
  plan: ImportPlanView;
  opened: ImportOpenedView;
}> {
  const host = createRecordingHost();
  const core = await createCore({
    dataDir: tempDir(),
    host,
    secretStore: createMemorySecretStore(),
    localOnly: true,
    now: () => NOW,
  });
  cores.push(core);
  const opened = ok<ImportOpenedView>(
    await core.dispatch('import:open', {
      fileName: 'clientes.csv',
      data: new TextEncoder().encode(SHOP_CSV),
    }),
  );
  const plan = ok<ImportPlanView>(
    await core.dispatch('import:plan', {
      importId: opened.importId,
      mapping: opened.preview.mapping,
      acceptNineDigitFix: false,
    }),
  );
  ok(await core.dispatch('import:commit', { importId: opened.importId }));
  expect(plan.counts.valid).toBe(5);
  return { core, host, plan, opened };
}
