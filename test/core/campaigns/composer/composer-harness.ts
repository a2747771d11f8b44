/**
 * The composer as the renderer meets it: the real core on a real data
 * folder, called through dispatch. Local-only (no service) unless a sandbox
 * is given, then signed into a fresh account of that real sandbox over
 * HTTP. Background work is off unless asked for, so a frozen campaign stays
 * queued for the test to inspect (the worker has its own tests). Contacts are seeded with
 * the real contacts repo on a second connection to the same file.
 */
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import type { AppError, Result } from '@shared/app-error';
import type { ChannelName } from '@shared/ipc-contract';
import type { InputOf, OutputOf } from '@shared/ipc-contract';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { createContactsRepo, type ContactsRepo } from '@core/contacts/contacts-repo';
import type { UpsertRow } from '@core/contacts/types';
import { openDatabase, type Database } from '@core/db/open-database';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { newKey, type SandboxAdmin } from '../../billing/billing-harness';
import { createRecordingHost, type RecordingHost } from '../../../support/test-host';
import { tempDir } from '../../../support/temp-dir';
import { sendAnyTime } from '../../../support/any-time-rules';

export const PROFILE = 'default';

export interface ComposerUnderTest {
  core: Core;
  host: RecordingHost;
  dataDir: string;
  /** A second connection to the data folder's database, for seeding and for looking at the outbox. */
  db: Database;
  contacts: ContactsRepo;
  /** The sandbox account's key, when signed in. */
  key: string | null;
  call<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>>;
  fail<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<AppError>;
  close(): Promise<void>;
}

export async function startComposer(
  opts: {
    sandbox?: SandboxAdmin;
    osLocale?: string;
    dataDir?: string;
    now?: () => Date;
    /** Run the outbox worker too (default off). */
    background?: boolean;
    /** Keep the default sending rules (the rules' own tests); otherwise they move nothing (any-time-rules.ts). */
    defaultRules?: boolean;
  } = {},
): Promise<ComposerUnderTest> {
  const dataDir = opts.dataDir ?? tempDir();
  const host = createRecordingHost(opts.osLocale ?? 'en-US');
  const core = await createCore({
    dataDir,
    host,
    secretStore: createMemorySecretStore(),
    localOnly: !opts.sandbox,
    background: opts.background ?? false,
    ...(opts.now ? { now: opts.now } : {}),
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await core.close();
  };
  onTestFinished(close);
  if (!opts.defaultRules) await sendAnyTime(core);

  let key: string | null = null;
  if (opts.sandbox) {
    key = newKey('composer');
    const signedIn = await core.dispatch('session:signIn', { accountKey: key, baseUrl: opts.sandbox.url });
    if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.error.message}`);
  }

  const db = openDatabase(join(dataDir, 'torpedo.db'));
  onTestFinished(() => {
    if (db.open) db.close();
  });

  const call = async <C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>> => {
    const result: Result<unknown> = await core.dispatch(channel, input);
    if (!result.ok)
      throw new Error(`${channel}: expected ok, got ${result.error.code}: ${result.error.message}`);
    return result.value as OutputOf<C>;
  };
  const fail = async <C extends ChannelName>(channel: C, input: InputOf<C>): Promise<AppError> => {
    const result = await core.dispatch(channel, input);
    if (result.ok) throw new Error(`${channel}: expected a failure, got ${JSON.stringify(result.value)}`);
    return result.error;
  };

  return { core, host, dataDir, db, contacts: createContactsRepo(db), key, call, fail, close };
}

export const person = (
  name: string,
  phone: string,
  fields: Record<string, string> = {},
  email: string | null = null,
): UpsertRow => ({
  name,
  phone,
  email,
  fields,
});

/** `n` contacts `Cliente 00001`... with numbers +55 11 9xxxx-xxxx from `first`, in a new list. */
export function seedList(
  c: ComposerUnderTest,
  listName: string,
  n: number,
  make: (i: number) => UpsertRow = (i) =>
    person(`Cliente ${String(i).padStart(5, '0')}`, `+55119${String(10_000_000 + i)}`),
): string {
  const list = c.contacts.createList(PROFILE, listName);
  c.contacts.upsertMany(
    PROFILE,
    Array.from({ length: n }, (_, i) => make(i)),
    'update',
    list.id,
  );
  return list.id;
}

/** The outbox of a campaign, in (batch, position) order. */
export function outbox(db: Database, campaignId: string) {
  return {
    batches: db
      .prepare(
        'SELECT batch, state, messages, segments, cost FROM campaign_batches WHERE campaign_id = ? ORDER BY batch',
      )
      .all(campaignId) as {
      batch: number;
      state: string;
      messages: number;
      segments: number;
      cost: number;
    }[],
    messages: db
      .prepare(
        `SELECT batch, position, phone, message, segments, contact_id AS contactId
           FROM campaign_messages WHERE campaign_id = ? ORDER BY batch, position`,
      )
      .all(campaignId) as {
      batch: number;
      position: number;
      phone: string;
      message: string;
      segments: number;
      contactId: string;
    }[],
  };
}

export function campaignRow(db: Database, id: string) {
  return db.prepare('SELECT * FROM campaigns WHERE id = ?').get(id) as Record<string, unknown> | undefined;
}
