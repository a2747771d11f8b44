/**
 * Automations as the window and the CLI meet them: the real core on a real
 * data folder (createCore, the one dispatch), on a clock the test moves
 * (the core takes `now`), signed into a real sandbox over HTTP when asked,
 * its outbox worker delivering when `background` is on. Contacts are
 * written with the real contacts repo on a second connection; their
 * birthdays through it too. Templates through `templates:create`.
 */
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { createContactsRepo, type ContactsRepo } from '@core/contacts/contacts-repo';
import { openDatabase, type Database } from '@core/db/open-database';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import type { AppError, Result } from '@shared/app-error';
import type { ChannelName, InputOf, OutputOf } from '@shared/ipc-contract';
import { DELIVERY_TIMINGS_ENV } from '@core/campaigns/delivery/delivery-timings';
import { FAST_DELIVERY } from '../../support/delivery-harness';
import { newKey } from '../billing/billing-harness';
import { createRecordingHost, type RecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';

export const PROFILE = 'default';

/** A clock the test moves: the core's `now`. */
export class TestClock {
  constructor(private at: number) {}
  now = (): Date => new Date(this.at);
  set(iso: string): void {
    this.at = Date.parse(iso);
  }
  advance(ms: number): void {
    this.at += ms;
  }
}

export interface Person {
  name: string;
  phone: string;
  /** `DD/MM` or `DD/MM/YYYY`. */
  birthday?: string;
  fields?: Record<string, string>;
}

export interface AutomationsUnderTest {
  core: Core;
  host: RecordingHost;
  dataDir: string;
  clock: TestClock;
  db: Database;
  contacts: ContactsRepo;
  key: string | null;
  call<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>>;
  fail<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<AppError>;
  /** A template the automations can follow (`templates:create`); its id. */
  template(name: string, text: string): Promise<string>;
  /** Contacts (with birthdays), in a new list when `list` is given; returns the list's id. */
  people(people: readonly Person[], list?: string): string | null;
  close(): Promise<void>;
}

export async function startAutomations(opts: {
  start: string;
  sandbox?: { url: string };
  key?: string;
  dataDir?: string;
  background?: boolean;
  clock?: TestClock;
}): Promise<AutomationsUnderTest> {
  const dataDir = opts.dataDir ?? tempDir();
  const clock = opts.clock ?? new TestClock(Date.parse(opts.start));
  const host = createRecordingHost('pt-BR');
  const previous = process.env[DELIVERY_TIMINGS_ENV];
  process.env[DELIVERY_TIMINGS_ENV] = JSON.stringify(FAST_DELIVERY);
  let core: Core;
  try {
    core = await createCore({
      dataDir,
      host,
      secretStore: createMemorySecretStore(),
      localOnly: !opts.sandbox,
      background: opts.background ?? false,
      now: clock.now,
    });
  } finally {
    if (previous === undefined) delete process.env[DELIVERY_TIMINGS_ENV];
    else process.env[DELIVERY_TIMINGS_ENV] = previous;
  }
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await core.close();
  };
  onTestFinished(close);
  let key: string | null = null;
  if (opts.sandbox) {
    key = opts.key ?? newKey('automations');
    const signedIn = await core.dispatch('session:signIn', { accountKey: key, baseUrl: opts.sandbox.url });
    if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.error.message}`);
  }
  const db = openDatabase(join(dataDir, 'torpedo.db'));
  onTestFinished(() => {
    if (db.open) db.close();
  });
  const contacts = createContactsRepo(db);

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

  return {
    core,
    host,
    dataDir,
    clock,
    db,
    contacts,
    key,
    call,
    fail,
    template: async (name, text) => (await call('templates:create', { name, text })).id,
    people(people, list) {
      const listId = list ? contacts.createList(PROFILE, list).id : undefined;
      contacts.upsertMany(
        PROFILE,
        people.map((p) => ({ name: p.name, phone: p.phone, email: null, fields: p.fields ?? {} })),
        'update',
        listId,
      );
      const setBirthday = db.prepare(
        'UPDATE contacts SET birth_md = ?, birth_year = ? WHERE profile = ? AND phone = ?',
      );
      for (const p of people) {
        if (!p.birthday) continue;
        const [day, month, year] = p.birthday.split('/').map(Number);
        setBirthday.run(month! * 100 + day!, year ?? null, PROFILE, p.phone);
      }
      return listId ?? null;
    },
    close,
  };
}

/** The outbox messages of a profile's automation campaigns, as the worker would send them. */
export function handedMessages(db: Database) {
  return db
    .prepare(
      `SELECT c.name AS campaign, c.expires_at AS expiresAt, m.phone, m.message, m.schedule
         FROM campaign_messages m JOIN campaigns c ON c.id = m.campaign_id
        WHERE c.automation_id IS NOT NULL ORDER BY c.queued_at, c.name, m.batch, m.position`,
    )
    .all() as {
    campaign: string;
    expiresAt: string;
    phone: string;
    message: string;
    schedule: number | null;
  }[];
}
