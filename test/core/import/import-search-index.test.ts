import Sqlite from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportErrorFileView, ListView } from '@shared/dto';
import { DEFER_INDEX_ROWS } from '@core/import/job/commit-plan';
import { DATABASE_FILE } from '@core/kernel/create-core';
import { startImportCore, value } from './harness';

/** A `;` CSV of `valid` customers with distinct mobiles, and one row whose phone is not a number. */
function bigCsv(valid: number): Uint8Array {
  const lines = ['nome;celular'];
  for (let i = 0; i < valid; i++) lines.push(`Cliente ${i};(11) 9876${String(i).padStart(5, '0')}`);
  lines.push('Sem Telefone;não tenho');
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
}

const waiting = (dataDir: string) => {
  const db = new Sqlite(path.join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM search_backlog').pluck().get();
  } finally {
    db.close();
  }
};

describe('a large import through the core: search has every contact as soon as it is asked', () => {
  it(
    'finds the new contacts, counts the list, and still gives the error file, right after the commit',
    { timeout: 60_000 },
    async () => {
      const rows = DEFER_INDEX_ROWS + 500;
      const ic = await startImportCore();
      const { opened, result } = await ic.importFile(bigCsv(rows), 'clientes.csv', { listName: 'Feira' });
      expect(result).toMatchObject({ imported: rows, invalid: 1, cancelled: false });

      // Asked at once, while the catch-up may still run: search waits for it.
      expect(await ic.search(`Cliente ${rows - 1}`)).toEqual([
        {
          name: `Cliente ${rows - 1}`,
          phone: `+55119876${String(rows - 1).padStart(5, '0')}`,
          email: null,
          lists: ['Feira'],
        },
      ]);
      expect(waiting(ic.dataDir)).toBe(0);
      const lists = value<ListView[]>(await ic.core.dispatch('lists:list', {}));
      expect(lists.map((l) => [l.name, l.count])).toEqual([['Feira', rows]]);
      const page = value<{ total: number }>(
        await ic.core.dispatch('contacts:search', { query: 'cliente', offset: 0, limit: 1 }),
      );
      expect(page.total).toBe(rows);

      const errors = value<ImportErrorFileView | null>(
        await ic.core.dispatch('import:errorFile', { importId: opened.importId, locale: 'en' }),
      );
      expect(new TextDecoder('windows-1252').decode(errors!.bytes)).toContain('Sem Telefone');
    },
  );

  it('a small import is indexed in its own transaction: nothing waits after it', async () => {
    const ic = await startImportCore();
    await ic.importFile(bigCsv(50), 'poucos.csv');
    expect(waiting(ic.dataDir)).toBe(0);
    expect(await ic.search('Cliente 49')).toHaveLength(1);
  });

  it(
    'an import left unindexed (the app quit first) is indexed at the next search',
    { timeout: 60_000 },
    async () => {
      const first = await startImportCore();
      const rows = DEFER_INDEX_ROWS;
      await first.importFile(bigCsv(rows), 'clientes.csv');
      // Closing cuts a catch-up in flight short (its transaction rolls back) and starts none.
      await first.core.close();
      if (waiting(first.dataDir) === 0) {
        // It had finished first: put the contacts back in the backlog and out of the index.
        const db = new Sqlite(path.join(first.dataDir, DATABASE_FILE));
        db.exec(`DELETE FROM contacts_fts WHERE rowid IN (SELECT seq FROM contacts);
               INSERT INTO search_backlog (from_seq, to_seq) SELECT min(seq), max(seq) FROM contacts;`);
        db.close();
      }
      expect(waiting(first.dataDir)).toBe(1);

      const again = await startImportCore({ dataDir: first.dataDir });
      // Browsing needs no index: the page lists everyone at once, and nothing was indexed for it.
      const browse = value<{ total: number }>(
        await again.core.dispatch('contacts:search', { offset: 0, limit: 50 }),
      );
      expect(browse.total).toBe(rows);
      expect(waiting(again.dataDir)).toBe(1);
      expect(await again.search('Cliente 0')).toHaveLength(1);
      expect(waiting(again.dataDir)).toBe(0);
    },
  );
});
