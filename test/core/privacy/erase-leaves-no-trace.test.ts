/**
 * LGPD art. 18, VI: after an erase, no file Torpedo keeps holds the person's
 * number in any written form, nor their name: torpedo.db and its WAL read
 * byte by byte (SQLite leaves deleted rows in free pages and the WAL unless
 * told otherwise; the search index keeps a deleted row's words until its
 * segments are merged), a backup made after the erase, the logs, the mirror
 * of the suppressions. Shown first to hold them before the erase, so the
 * search can fail. Real core, real sandbox, real files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backUpDatabase, backupsDirOf } from '@core/db/backup';
import { openDatabase } from '@core/db/open-database';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import type { PersonEraseResult, PersonView } from '@shared/dto/privacy';
import type { PrivacyRequestView } from '@shared/dto/privacy-requests';
import { coreWithMaria, dataFiles, MARIA, NAME_FORMS, tracesIn, WRITTEN_FORMS } from './privacy-harness';

const NEEDLES = [...WRITTEN_FORMS, ...NAME_FORMS];

function tracesInFolder(dataDir: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of dataFiles(dataDir)) {
    const traces = tracesIn(file, NEEDLES);
    if (traces.length > 0) found[path.relative(dataDir, file)] = traces;
  }
  return found;
}

describe('erasing a person', () => {
  it('leaves no occurrence of the number or the name in the database, its WAL, a later backup or the logs', async () => {
    const { c } = await coreWithMaria('erase-bytes');
    // Her consent's evidence (words naming her) and her request, as the shop recorded them.
    createContactsRepo(c.db).addConsentRecords('default', [
      {
        phone: MARIA.e164,
        evidence: {
          basis: 'consent',
          words: `Eu, ${MARIA.name}, aceito receber ofertas por SMS.`,
          channel: 'balcao',
          collectedBy: 'Joana',
          source: 'ficha da loja',
          givenAt: '2026-01-10',
        },
      },
    ]);
    const request = await c.call<PrivacyRequestView>('privacyRequests:add', {
      kind: 'deletion',
      phone: '(11) 98765-4321',
      channel: 'whatsapp',
    });
    const before = await c.call<PersonView>('privacy:show', { phone: '(11) 98765-4321' });
    expect(before.contact?.name).toBe(MARIA.name);
    expect(before.messages.map((m) => m.text)).toEqual([
      'Olá Maria Quitéria Zebedeu, a oferta de sábado chegou!',
    ]);
    expect(before.storage.sentToService).toEqual({ number: true, texts: 1 });
    expect(before.consentRecords.map((r) => r.collectedBy)).toEqual(['Joana']);
    // The search can fail: the database holds her before the erase.
    c.db.pragma('wal_checkpoint(PASSIVE)');
    expect(tracesIn(path.join(c.dataDir, 'torpedo.db'), NEEDLES).length).toBeGreaterThan(0);

    const result = await c.call<PersonEraseResult>('privacy:erase', { phone: '11 98765-4321' });
    expect(result.found).toBe(true);
    expect(result.erased).toMatchObject({
      contacts: 1,
      listMemberships: 1,
      campaignMessages: 1,
      historyNumbers: 1,
      consentRecords: 1,
      privacyRequests: 1,
    });
    // The register keeps that a deletion was asked (the shop must show it answered), not her number.
    const kept = await c.call<PrivacyRequestView[]>('privacyRequests:list');
    expect(kept.map((r) => [r.id, r.kind, r.phone])).toEqual([[request.id, 'deletion', null]]);

    // Another process's connection (the test's own) may hold an old snapshot: it is closed, as the CLI's would be.
    c.db.close();
    const source = openDatabase(path.join(c.dataDir, 'torpedo.db'));
    const backup = await backUpDatabase(source, backupsDirOf(c.dataDir), 999);
    source.close();
    expect(fs.existsSync(path.join(backupsDirOf(c.dataDir), backup.name))).toBe(true);
    // While the app still runs (its WAL open) and after it closed.
    expect(tracesInFolder(c.dataDir)).toEqual({});
    await c.core.close();
    expect(tracesInFolder(c.dataDir)).toEqual({});
    expect(dataFiles(c.dataDir).some((f) => f.endsWith('torpedo.db'))).toBe(true);
    expect(dataFiles(c.dataDir).some((f) => f.includes(`${path.sep}logs${path.sep}`))).toBe(true);
  }, 60_000);
});
