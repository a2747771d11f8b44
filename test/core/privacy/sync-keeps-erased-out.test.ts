/**
 * The service may still hold an erased person in a synced list (a delete not
 * sent yet, or the service's own copy): pulling the list never brings them
 * back here. The erased number is kept as the privacy domain keeps it (its
 * keyed hash, the key from a keychain), on the data folder's own file.
 * Real sandbox, real SQLite.
 */
import { describe, expect, it } from 'vitest';
import { hashPhone } from '@core/privacy/privacy-module';
import { createSuppressionFile } from '@core/privacy/suppression/suppression-file';
import { createSuppressionKeys } from '@core/privacy/suppression/suppression-key';
import { createSuppressionList } from '@core/privacy/suppression/suppression-list';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { newKey, useSandbox } from '../billing/billing-harness';
import {
  clientFor,
  enable,
  localMembers,
  openLocal,
  phone,
  PROFILE,
  remoteList,
  sync,
} from '../sync/sync-harness';

describe('a contacts sync from the service', () => {
  it('never re-adds an erased person to a synced list', async () => {
    const sandbox = await useSandbox();
    const client = clientFor(sandbox.url, newKey('erased-pull'));
    await remoteList(client, 'Clientes', 3, 100);

    const local = openLocal();
    const keys = createSuppressionKeys(local.dir, () => createMemorySecretStore());
    const suppressions = createSuppressionList(local.db, keys, createSuppressionFile(local.dir));
    const key = await suppressions.load(PROFILE);
    suppressions.add(PROFILE, hashPhone(key, phone(101)), new Date().toISOString());

    const clientes = local.repo.createList(PROFILE, 'Clientes');
    enable(local, clientes.id);
    const run = await sync(local, client);

    expect(run.state).toBe('done');
    expect(localMembers(local, clientes.id)).toEqual(['Pessoa 1', 'Pessoa 3']);
    expect(local.repo.existingPhones(PROFILE).has(phone(101))).toBe(false);
    // And again: the next pull does not bring them either.
    await sync(local, client);
    expect(local.repo.existingPhones(PROFILE).has(phone(101))).toBe(false);
  });
});
