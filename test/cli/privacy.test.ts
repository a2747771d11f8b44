/**
 * `torpedo privacy show|export|erase` as a shop owner runs them for a
 * customer who asked (LGPD art. 18): a separate process on a data folder
 * where the customer is a contact in a list, with a reply of theirs read in;
 * the number typed as people write it; each command's output as documented.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { createCore } from '@core/kernel/create-core';
import { openDatabase } from '@core/db/open-database';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import type { PersonEraseResult, PersonView } from '@shared/dto/privacy';
import { tempFolders, torpedo } from '../support/cli-process';
import { createRecordingHost } from '../support/test-host';
import { inboxIntake, reply } from '../core/inbox/inbox-harness';

const newFolder = tempFolders('torpedo-cli-privacy-');
const MARIA = '+5511987654321';

/** A data folder where Maria <b>Zebedeu</b> is a contact in "Clientes" and answered a campaign. */
async function shop(): Promise<string> {
  const dataDir = newFolder();
  const core = await createCore({
    dataDir,
    host: createRecordingHost('pt-BR'),
    secretStore: createMemorySecretStore(),
    localOnly: true,
  });
  await core.close();
  const db = openDatabase(join(dataDir, 'torpedo.db'));
  try {
    const contacts = createContactsRepo(db);
    const list = contacts.createList('default', 'Clientes');
    contacts.upsertMany(
      'default',
      [
        {
          name: 'Maria <b>Zebedeu</b>',
          phone: MARIA,
          email: 'maria@example.com',
          fields: { bairro: 'Centro' },
        },
      ],
      'update',
      list.id,
    );
    inboxIntake({ db, contacts }).receive([
      reply(MARIA, 'Apaguem meus dados, por favor', new Date().toISOString()),
    ]);
  } finally {
    db.close();
  }
  return dataDir;
}

describe('torpedo privacy', () => {
  it('shows, exports and erases one person, the number typed as people write it', async () => {
    const dataDir = await shop();
    const shown = await torpedo(['privacy', 'show', '(11) 98765-4321', '--data-dir', dataDir, '--json']);
    expect(shown.stderr).toBe('');
    expect(shown.code).toBe(0);
    const person = JSON.parse(shown.stdout) as PersonView;
    expect(person).toMatchObject({
      phone: MARIA,
      found: true,
      erased: false,
      contact: {
        name: 'Maria <b>Zebedeu</b>',
        email: 'maria@example.com',
        fields: { bairro: 'Centro' },
        lists: ['Clientes'],
      },
      replies: [{ text: 'Apaguem meus dados, por favor' }],
    });
    expect(person.storage.database).toBe(join(dataDir, 'torpedo.db'));

    const out = join(newFolder(), 'maria.html');
    const exported = await torpedo([
      'privacy',
      'export',
      '11 98765-4321',
      '--out',
      out,
      '--data-dir',
      dataDir,
    ]);
    expect(exported.code).toBe(0);
    const html = readFileSync(out, 'utf8');
    // Escaped: the customer's name is text, never markup.
    expect(html).toContain('Maria &lt;b&gt;Zebedeu&lt;/b&gt;');
    expect(html).not.toContain('<b>Zebedeu');
    expect(html).toContain('Apaguem meus dados, por favor');
    expect(html).not.toMatch(/<script|src=|href=/);
    const copy = JSON.parse(readFileSync(out.replace(/\.html$/, '.json'), 'utf8')) as PersonView;
    expect(copy.contact?.name).toBe('Maria <b>Zebedeu</b>');
    expect(statSync(out).mode & 0o077).toBe(0);
    // Never over an existing file.
    const again = await torpedo(['privacy', 'export', MARIA, '--out', out, '--data-dir', dataDir]);
    expect(again.code).not.toBe(0);

    const erased = await torpedo(['privacy', 'erase', '+55 11 98765-4321', '--data-dir', dataDir, '--json']);
    expect(erased.code).toBe(0);
    const result = JSON.parse(erased.stdout) as PersonEraseResult;
    expect(result).toMatchObject({ found: true, erased: { contacts: 1, listMemberships: 1, replies: 1 } });

    const after = JSON.parse(
      (await torpedo(['privacy', 'show', '11987654321', '--data-dir', dataDir, '--json'])).stdout,
    ) as PersonView;
    expect(after).toMatchObject({ erased: true, found: false, contact: null, replies: [] });
    expect(readFileSync(join(dataDir, 'torpedo.db')).includes(Buffer.from('Zebedeu'))).toBe(false);
    expect(existsSync(join(dataDir, 'erased-people.json'))).toBe(true);

    const db = openDatabase(join(dataDir, 'torpedo.db'));
    try {
      const record = db.prepare('SELECT by, erased FROM privacy_erasures').get() as {
        by: string;
        erased: string;
      };
      expect(record.by).toBe('cli');
      expect(record.erased).not.toContain('987654321');
    } finally {
      db.close();
    }
  }, 60_000);

  it('says what to give when the phone is missing or unreadable', async () => {
    const dataDir = await shop();
    const missing = await torpedo(['privacy', 'erase', '--data-dir', dataDir]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('phone number');
    const unreadable = await torpedo(['privacy', 'show', 'not a phone', '--data-dir', dataDir]);
    expect(unreadable.code).not.toBe(0);
    expect(unreadable.stderr).toMatch(/phone/i);
  }, 60_000);
});
