/**
 * A file of numbers imported as opt-outs (`import:optOut` after `import:plan`)
 * through createCore + dispatch: a real fixture, a real worker thread, a real
 * torpedo.db.
 */
import { describe, expect, it } from 'vitest';
import type {
  ContactsPageView,
  ImportErrorFileView,
  ImportOpenedView,
  ImportOptOutResultView,
  ImportPlanView,
  OptOutsPageView,
} from '@shared/dto';
import { errorOf, fixture, startImportCore, value, type ImportCore } from './harness';

const FILE = 'descadastros.txt';

/** Opens the file and plans it with the mapping offered, the nine-digit fix accepted (as the opt-out page does). */
async function planOptOuts(ic: ImportCore) {
  const opened = value<ImportOpenedView>(
    await ic.core.dispatch('import:open', { fileName: FILE, data: fixture(FILE) }),
  );
  const plan = value<ImportPlanView>(
    await ic.core.dispatch('import:plan', {
      importId: opened.importId,
      mapping: opened.preview.mapping,
      defaultCountry: 'BR',
      acceptNineDigitFix: true,
      locale: 'pt-BR',
    }),
  );
  return { opened, plan };
}

async function optOuts(ic: ImportCore) {
  return value<OptOutsPageView>(await ic.core.dispatch('optOuts:list', {})).rows;
}

describe('importing a file of numbers as opt-outs (descadastros.txt)', () => {
  it('finds the numbers in a file without header, and adds the valid ones with the file as their source', async () => {
    const ic = await startImportCore();
    const { opened, plan } = await planOptOuts(ic);
    expect(opened.preview).toMatchObject({ headerLine: 0, mapping: { phone: 0 } });
    expect(plan.counts).toMatchObject({ read: 7, valid: 4, duplicatesInFile: 1, invalid: 2 });

    const result = value<ImportOptOutResultView>(
      await ic.core.dispatch('import:optOut', { importId: opened.importId }),
    );
    expect(result).toEqual({ read: 7, added: 4, already: 0, invalid: 2 });
    const rows = await optOuts(ic);
    expect(rows.map((r) => r.phone).sort()).toEqual([
      '+5511987654321',
      '+5511987654322',
      // (11) 8765-4325, an old 8-digit mobile, opts out as it is dialled today.
      '+5511987654325',
      '+5521998765432',
    ]);
    expect(rows.every((r) => r.source === 'import' && r.note === FILE)).toBe(true);
    // Numbers, not customers: no contact was created.
    expect(ic.count()).toBe(0);
  });

  it('keeps the date and source of numbers already out, and marks existing contacts as opted out', async () => {
    const ic = await startImportCore();
    await ic.core.dispatch('contacts:create', { name: 'João da Silva', phone: '11 98765-4322' });
    await ic.core.dispatch('optOuts:add', { phones: ['(11) 98765-4321'] });
    const { opened } = await planOptOuts(ic);
    const result = value<ImportOptOutResultView>(
      await ic.core.dispatch('import:optOut', { importId: opened.importId }),
    );
    expect(result).toMatchObject({ added: 3, already: 1 });
    const rows = await optOuts(ic);
    expect(rows.find((r) => r.phone === '+5511987654321')).toMatchObject({ source: 'manual', note: null });
    const joao = value<ContactsPageView>(await ic.core.dispatch('contacts:search', { query: 'joão' })).rows;
    expect(joao).toMatchObject([{ name: 'João da Silva', optedOut: true }]);
    expect(ic.count()).toBe(1);
  });

  it('gives the rejected lines back as an error file, and saves only once', async () => {
    const ic = await startImportCore();
    const { opened } = await planOptOuts(ic);
    value(await ic.core.dispatch('import:optOut', { importId: opened.importId }));
    const errors = value<ImportErrorFileView>(
      await ic.core.dispatch('import:errorFile', { importId: opened.importId, locale: 'pt-BR' }),
    );
    expect(errors.rows).toBe(2);
    const text = Buffer.from(errors.bytes).toString('latin1');
    expect(text).toContain('1234');
    expect(text).toContain('5.51199E+12');
    // A second save (as opt-outs or as contacts) is refused: the import is finished.
    expect(errorOf(await ic.core.dispatch('import:optOut', { importId: opened.importId })).code).toBe(
      'import_finished',
    );
    expect(
      errorOf(await ic.core.dispatch('import:commit', { importId: opened.importId, onDuplicate: 'skip' }))
        .code,
    ).toBe('import_finished');
    expect(await optOuts(ic)).toHaveLength(4);
  });

  it('is refused before the file was reviewed (planned)', async () => {
    const ic = await startImportCore();
    const opened = value<ImportOpenedView>(
      await ic.core.dispatch('import:open', { fileName: FILE, data: fixture(FILE) }),
    );
    expect(errorOf(await ic.core.dispatch('import:optOut', { importId: opened.importId })).code).toBe(
      'import_not_planned',
    );
    expect(await optOuts(ic)).toEqual([]);
  });
});
