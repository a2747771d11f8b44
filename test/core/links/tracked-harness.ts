/**
 * A real core on a data folder of its own, signed into a real sandbox, with
 * a list of contacts written by the app's own repo: for the tests of tracked
 * campaigns and the overview.
 */
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { createCore } from '@core/kernel/create-core';
import { openDatabase } from '@core/db/open-database';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import type { ChannelName, InputOf, OutputOf } from '@shared/ipc-contract';
import type { SandboxAdmin } from '../billing/billing-harness';
import { person, PROFILE } from '../campaigns/composer/composer-harness';
import { sendAnyTime } from '../../support/any-time-rules';
import { createRecordingHost } from '../../support/test-host';

/**
 * A core on `dataDir` signed into `key`; `restore`: the session saved by an
 * earlier core on the same folder and memory keychain, as after a restart.
 */
export async function openCore(
  sandbox: SandboxAdmin,
  dataDir: string,
  key: string,
  opts: { store?: ReturnType<typeof createMemorySecretStore>; background?: boolean; restore?: boolean } = {},
) {
  const host = createRecordingHost('pt-BR');
  const store = opts.store ?? createMemorySecretStore();
  const core = await createCore({ dataDir, host, secretStore: store, background: opts.background ?? false });
  onTestFinished(() => core.close());
  // Not about the sending rules: the campaigns go at once whatever the hour the suite runs at.
  await sendAnyTime(core);
  if (!opts.restore) {
    const r = await core.dispatch('session:signIn', { accountKey: key, baseUrl: sandbox.url });
    if (!r.ok) throw new Error(r.error.message);
  }
  const call = async <C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>> => {
    const result = await core.dispatch(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
    return result.value;
  };
  return { core, host, call, store };
}

/** A list "Clientes" of `n` contacts in the folder's default profile; its id. */
export function seed(dataDir: string, n: number): string {
  const db = openDatabase(join(dataDir, 'torpedo.db'));
  onTestFinished(() => {
    if (db.open) db.close();
  });
  const repo = createContactsRepo(db);
  const list = repo.createList(PROFILE, 'Clientes');
  repo.upsertMany(
    PROFILE,
    Array.from({ length: n }, (_, i) => person(`Cliente ${i}`, `+55119${String(20_000_000 + i)}`)),
    'update',
    list.id,
  );
  return list.id;
}
