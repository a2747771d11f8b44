/**
 * The contacts' typed values (contact_values, migration 0026) stay what the
 * contacts' fields say through every write path: an import (new contacts,
 * updated ones, a large one's catch-up), the contact form, a type changed,
 * delete and undo, an import undone, the purge and the sign-out wipe.
 */
import { describe, expect, it } from 'vitest';
import { commitPlan } from '@core/import/job/commit-plan';
import type { UpsertRow } from '@core/contacts/types';
import { AppFailure } from '@core/app-failure';
import { expectIndexInStep, numberedRows, openRepo, row, type RepoFixture } from './repo-fixture';

const TYPES = [
  { key: 'cidade', type: 'text' },
  { key: 'ultima_compra', type: 'date' },
  { key: 'total_gasto', type: 'number' },
] as const;

const shopper = (name: string, phone: string, cidade: string, compra: string, total: string): UpsertRow =>
  row(name, phone, { fields: { cidade, ultima_compra: compra, total_gasto: total } });

let imports = 0;
async function importRows(fx: RepoFixture, rows: UpsertRow[], deferIndexFrom?: number) {
  const importId = `import-${++imports}`;
  fx.advance(60_000);
  await commitPlan(fx.db, fx.repo, {
    profile: 'default',
    rows,
    onDuplicate: 'update',
    journal: { importId, fileName: 'clientes.csv' },
    at: fx.now(),
    fieldTypes: TYPES,
    ...(deferIndexFrom ? { deferIndexFrom } : {}),
  });
  return importId;
}

const valuesOf = (fx: RepoFixture, key: string) =>
  fx.db
    .prepare(
      `SELECT c.name, v.text_key, v.number_value, v.day, v.month_day FROM contact_values v
         JOIN contact_fields f ON f.id = v.field_id JOIN contacts c ON c.seq = v.seq
        WHERE f.key = ? ORDER BY c.name`,
    )
    .raw()
    .all(key) as unknown[][];

describe('typed values follow the contacts', () => {
  it('through imports, the form, a type changed, deletes and undo, an import undone and the wipe', async () => {
    const fx = openRepo({ undoWindowMs: 10_000 });
    const { repo } = fx;
    await importRows(fx, [
      shopper('Ana', '+5581987650001', 'Recife', '15/03/2026', '500'),
      shopper('Bia', '+5581987650002', '  São  Paulo ', '01/01/2025', '1234,5'),
      row('Caio', '+5581987650003', { fields: { cidade: 'RECIFE' } }),
    ]);
    expectIndexInStep(fx.db);
    expect(repo.fieldTypes('default')).toEqual([
      { key: 'cidade', type: 'text' },
      { key: 'total_gasto', type: 'number' },
      { key: 'ultima_compra', type: 'date' },
    ]);
    expect(valuesOf(fx, 'cidade')).toEqual([
      ['Ana', 'recife', null, null, null],
      ['Bia', 'sao paulo', null, null, null],
      ['Caio', 'recife', null, null, null],
    ]);
    expect(valuesOf(fx, 'ultima_compra')).toEqual([
      ['Ana', '15/03/2026', null, 20527, 315],
      ['Bia', '01/01/2025', null, 20089, 101],
    ]);
    expect(valuesOf(fx, 'total_gasto').map((r) => r[2])).toEqual([500, 1234.5]);

    // An update merges fields: Ana's date changes, her city stays.
    const update = await importRows(fx, [
      row('', '+5581987650001', { fields: { ultima_compra: '20/04/2026' } }),
    ]);
    expectIndexInStep(fx.db);
    expect(valuesOf(fx, 'ultima_compra')[0]).toEqual(['Ana', '20/04/2026', null, 20563, 420]);

    // The form: a new field is text; a typed one is written in its form, or refused on that field.
    const [ana, bia, caio] = repo.search({ profile: 'default', offset: 0, limit: 10 }).rows;
    repo.update('default', caio!.id, {
      fields: { cidade: 'Olinda', apelido: 'Caiozinho', total_gasto: 'R$ 1.000' },
    });
    expect(repo.get('default', caio!.id)!.fields).toEqual({
      cidade: 'Olinda',
      apelido: 'Caiozinho',
      total_gasto: '1000',
    });
    expect(repo.fieldTypes('default')).toContainEqual({ key: 'apelido', type: 'text' });
    expectIndexInStep(fx.db);
    const refused = (() => {
      try {
        repo.update('default', bia!.id, { fields: { ultima_compra: '31/02/2026' } });
      } catch (error) {
        return error as AppFailure;
      }
    })();
    expect(refused?.details).toMatchObject({
      reason: 'date_impossible',
      fields: [{ field: 'fields.ultima_compra' }],
    });
    expect(repo.get('default', bia!.id)!.fields.ultima_compra).toBe('01/01/2025');
    repo.create('default', { name: 'Davi', phone: '81987650004', fields: { ultima_compra: '2026-5-2' } });
    expectIndexInStep(fx.db);

    // A type changed: the field's values are read again (apelido as a number: none reads, text kept).
    repo.defineFields('default', [{ key: 'cidade', type: 'number' }]);
    expect(valuesOf(fx, 'cidade').every((r) => r[2] === null)).toBe(true);
    repo.defineFields('default', [{ key: 'cidade', type: 'text' }]);
    expectIndexInStep(fx.db);

    // Deleted: gone from the values; undone: back.
    const deleted = repo.delete('default', [ana!.id, bia!.id]);
    expectIndexInStep(fx.db);
    expect(valuesOf(fx, 'ultima_compra').map((r) => r[0])).toEqual(['Davi']);
    repo.undoDelete('default', deleted.undoToken);
    expectIndexInStep(fx.db);

    // The last import undone: Ana's date as it was.
    repo.undoImport('default', update);
    expectIndexInStep(fx.db);
    expect(valuesOf(fx, 'ultima_compra')[0]).toEqual(['Ana', '15/03/2026', null, 20527, 315]);

    repo.delete('default', [caio!.id]);
    fx.advance(11_000);
    repo.purgeExpired();
    expectIndexInStep(fx.db);

    repo.clearProfile('default');
    expectIndexInStep(fx.db);
    expect(repo.fieldTypes('default')).toEqual([]);
    expect(fx.db.prepare('SELECT count(*) FROM contact_values').pluck().get()).toBe(0);
  });

  it("a large import's contacts get their values at the search catch-up, edits meanwhile included", async () => {
    const fx = openRepo();
    const rows = numberedRows('Lote', 30).map((r, i) => ({
      ...r,
      fields: {
        cidade: i % 2 ? 'Recife' : 'Natal',
        ultima_compra: `${(i % 28) + 1}/02/2026`,
        total_gasto: String(i),
      },
    }));
    await importRows(fx, rows, 10);
    expect(fx.repo.searchBehind()).toBe(true);
    expect(fx.db.prepare('SELECT count(*) FROM contact_values').pluck().get()).toBe(0);
    // An edit to a waiting contact (found in the table: search would wait for the catch-up).
    const seq1 = fx.db
      .prepare("SELECT id FROM contacts WHERE phone = '+5511987600001'")
      .pluck()
      .get() as string;
    fx.repo.update('default', seq1, { fields: { cidade: 'Olinda' } });
    fx.repo.indexBacklog();
    expectIndexInStep(fx.db);
    expect(fx.db.prepare('SELECT count(*) FROM contact_values').pluck().get()).toBe(30 * 3 - 2);
  });
});
