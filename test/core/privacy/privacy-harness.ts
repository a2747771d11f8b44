/**
 * One customer, Maria Quitéria Zebedeu (+55 11 98765-4321), among a few
 * others, in a real core on a real data folder signed into a real sandbox:
 * in a list, with her own columns and consent, sent a campaign with her name
 * in it, whose report has been read (the send history holds her number).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import type { CampaignView } from '@shared/dto/campaigns';
import type { Ledger } from '../../../src/sandbox/index';
import { eventually } from '../../support/eventually';
import { startCampaignCore, type CampaignCore } from '../../support/core-harness';
import { newKey, useSandbox } from '../api/sandbox-harness';

export const MARIA = {
  name: 'Maria Quitéria Zebedeu',
  e164: '+5511987654321',
  email: 'quiteria.zebedeu@example.com',
} as const;

/** Every way the number is written (E.164, without +, without 55, without the 9, spaced, bracketed). */
export const WRITTEN_FORMS = [
  '+5511987654321',
  '5511987654321',
  '11987654321',
  '1187654321',
  '(11) 98765-4321',
  '11 98765-4321',
  '98765-4321',
  '987654321',
  '87654321',
];

/** The name, as written and as SQLite keeps it folded (sort key, search words). */
export const NAME_FORMS = ['Quitéria', 'quiteria', 'QUITERIA', 'Zebedeu', 'zebedeu', 'quiteria.zebedeu'];

export const OTHERS = [
  { name: 'Ana Souza', phone: '+5521991110001', email: null, fields: {} },
  { name: 'Bruno Lima', phone: '+5531991110002', email: null, fields: {} },
];

export async function coreWithMaria(label: string): Promise<{
  c: CampaignCore;
  campaignId: string;
  /** The sandbox account's ledger: every message the service accepted. */
  ledger: () => Promise<Ledger>;
}> {
  const sandbox = await useSandbox();
  const key = newKey(label);
  const c = await startCampaignCore({ accountKey: key, baseUrl: sandbox.url, language: 'pt-BR' });
  const repo = createContactsRepo(c.db);
  const list = repo.createList('default', 'Clientes');
  repo.upsertMany(
    'default',
    [
      { name: MARIA.name, phone: MARIA.e164, email: MARIA.email, fields: { bairro: 'Vila Zebedeu' } },
      ...OTHERS,
    ],
    'update',
    list.id,
  );
  await c.call('campaigns:smsTypes');
  const draft = await c.call<CampaignView>('campaigns:create', { name: 'Oferta de sábado' });
  await c.call('campaigns:saveDraft', {
    id: draft.id,
    template: 'Olá {{nome}}, a oferta de sábado chegou!',
    audience: { listIds: [list.id], contactIds: [] },
  });
  await c.call('campaigns:send', { id: draft.id });
  await eventually(async () => {
    const p = await c.call<{ status: string }>('campaigns:progress', { id: draft.id });
    expect(p.status).toBe('completed');
  }, 20_000);
  // The report reads the service's per-number results into the send history.
  await c.call('history:campaignReport', { campaignId: draft.id });
  return { c, campaignId: draft.id, ledger: () => sandbox.ledger(key) };
}

/** Every file of the data folder (the database, its WAL, backups, logs, mirrors), recursively. */
export function dataFiles(dataDir: string): string[] {
  return (fs.readdirSync(dataDir, { recursive: true }) as string[])
    .map((name) => path.join(dataDir, name))
    .filter((file) => fs.statSync(file).isFile());
}

/** The written forms of `needles` found in `file`'s bytes (UTF-8, as SQLite and the logs write). */
export function tracesIn(file: string, needles: readonly string[]): string[] {
  const bytes = fs.readFileSync(file);
  return needles.filter((needle) => bytes.includes(Buffer.from(needle, 'utf8')));
}
