/**
 * The whole core (createCore, the one dispatch) on a real data folder,
 * signed into a real sandbox, with campaigns frozen through the composer's
 * own channels: contacts in a list (through the contacts repo's upsertMany,
 * as an import commits them), then `campaigns:create`, `campaigns:saveDraft`
 * and `campaigns:send`. The worker's waits are shortened through
 * TORPEDO_DELIVERY_TIMINGS, which the delivery reads when the core is built.
 */
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { DELIVERY_TIMINGS_ENV, type DeliveryTimings } from '@core/campaigns/delivery/delivery-timings';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { openDatabase, type Database } from '@core/db/open-database';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import type { SecretStore } from '@core/secrets/secret-store';
import type { Result } from '@shared/app-error';
import type { CampaignOptions, CampaignProgressView, CampaignView } from '@shared/dto/campaigns';
import { generateContacts } from '../bench/contact-data';
import { FAST_TIMINGS } from '../core/billing/billing-harness';
import { createRecordingHost, type RecordingHost } from './test-host';
import { tempDir } from './temp-dir';
import { sendAnyTime } from './any-time-rules';
import { FAST_DELIVERY } from './delivery-harness';

export function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

export interface CampaignCore {
  core: Core;
  host: RecordingHost;
  /** The keychain it was given (in memory), for a second core on the same folder. */
  secrets: SecretStore;
  dataDir: string;
  /** A second connection, as another process would have: for the tests' own reads. */
  db: Database;
  progress: CampaignProgressView[];
  call<T>(channel: string, input?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function startCampaignCore(opts: {
  accountKey: string;
  baseUrl: string;
  timings?: Partial<DeliveryTimings>;
  language?: string;
}): Promise<CampaignCore> {
  const dataDir = tempDir();
  const host = createRecordingHost(opts.language ?? 'en-US');
  const previous = process.env[DELIVERY_TIMINGS_ENV];
  process.env[DELIVERY_TIMINGS_ENV] = JSON.stringify({ ...FAST_DELIVERY, ...opts.timings });
  let core: Core;
  const secrets = createMemorySecretStore();
  try {
    core = await createCore({
      dataDir,
      host,
      secretStore: secrets,
      billingTimings: FAST_TIMINGS,
    });
  } finally {
    if (previous === undefined) delete process.env[DELIVERY_TIMINGS_ENV];
    else process.env[DELIVERY_TIMINGS_ENV] = previous;
  }
  const progress: CampaignProgressView[] = [];
  core.onEvent((event, payload) => {
    if (event === 'campaigns:progress') progress.push(payload as CampaignProgressView);
  });
  const db = openDatabase(join(dataDir, 'torpedo.db'));
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await core.close();
    db.close();
  };
  onTestFinished(close);
  const call = async <T>(channel: string, input: unknown = {}) =>
    value<T>(await core.dispatchUntrusted(channel, input));
  await call('session:signIn', { accountKey: opts.accountKey, baseUrl: opts.baseUrl });
  await sendAnyTime(core);
  return { core, host, secrets, dataDir, db, progress, call, close };
}

export interface ComposedCampaign {
  id: string;
  view: CampaignView;
  /** Every message's reference, as the freeze numbered them. */
  references: string[];
}

/**
 * A campaign to `contacts` generated contacts (in a list of their own),
 * frozen by the composer. The SMS-type catalogue is read first, so the
 * freeze knows the price, as it does in the app.
 */
export async function composeAndSend(
  c: CampaignCore,
  opts: {
    contacts: number;
    seed?: number;
    name?: string;
    template?: string;
    options?: Partial<CampaignOptions>;
    allowPartial?: boolean;
  },
): Promise<ComposedCampaign> {
  const repo = createContactsRepo(c.db);
  const list = repo.createList('default', `L${Math.floor(Math.random() * 1e8)}`.slice(0, 20));
  repo.upsertMany('default', generateContacts(opts.contacts, opts.seed ?? 1), 'update', list.id);
  await c.call('campaigns:smsTypes');
  const draft = await c.call<CampaignView>('campaigns:create', { name: opts.name ?? 'Oferta de sábado' });
  await c.call('campaigns:saveDraft', {
    id: draft.id,
    template: opts.template ?? 'Olá {{nome}}, a oferta de sábado chegou!',
    audience: { listIds: [list.id], contactIds: [] },
    ...(opts.options ? { options: opts.options } : {}),
  });
  const view = await c.call<CampaignView>('campaigns:send', {
    id: draft.id,
    ...(opts.allowPartial === undefined ? {} : { allowPartial: opts.allowPartial }),
  });
  const ref = c.db.prepare('SELECT ref FROM campaigns WHERE id = ?').pluck().get(draft.id) as string;
  const rows = c.db
    .prepare('SELECT batch, position FROM campaign_messages WHERE campaign_id = ? ORDER BY batch, position')
    .all(draft.id) as { batch: number; position: number }[];
  return { id: draft.id, view, references: rows.map((r) => `${ref}-${r.batch}-${r.position}`) };
}
