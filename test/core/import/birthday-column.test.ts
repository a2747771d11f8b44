/**
 * A birthday column at import: recognised by its header, each cell read by
 * the one date-cell reader (every form the owner's files hold, Excel's date
 * cells and serials), dd/mm against mm/dd decided by the whole column, and
 * what cannot be a birthday sent to the error file with its reason.
 */
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import type { ContactsPageView, ImportErrorFileView, ImportOpenedView, ImportPlanView } from '@shared/dto';
import { startImportCore, value } from './harness';

const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8').toString('base64');
const phone = (n: number) => `1198765${String(4300 + n).padStart(4, '0')}`;

async function birthdays(ic: Awaited<ReturnType<typeof startImportCore>>) {
  const page = value<ContactsPageView>(
    await ic.core.dispatch('contacts:search', { query: '', offset: 0, limit: 100 }),
  );
  return Object.fromEntries(page.rows.map((r) => [r.name, r.birthday]));
}

describe('a birthday column at import', () => {
  it('is recognised by its header and read in every form; impossible days and ages go to the error file with their reason', async () => {
    const ic = await startImportCore();
    const rows = [
      ['Ana', '15/03/1990'],
      ['Bia', '7/9/85'],
      ['Caio', '29/02'],
      ['Davi', '1988-12-01'],
      ['Edu', '32947'], // an Excel serial: 15/03/1990
      ['Fê', '15 de março de 1992'],
      ['Gil', ''],
      ['Hugo', '31/02/1990'],
      ['Iris', '10/05/1850'],
      ['Jó', 'amanhã'],
      ['Kim', '29/02/2023'],
    ];
    const file = csv([
      'Nome;Celular;Data de nascimento',
      ...rows.map(([n, b], i) => `${n};${phone(i)};${b}`),
    ]);
    const { opened, plan, result } = await ic.importFile(file, 'clientes.csv');

    expect(opened.preview.mapping.birthday).toBe(2);
    expect(result.imported).toBe(7);
    expect(await birthdays(ic)).toEqual({
      Ana: { day: 15, month: 3, year: 1990 },
      Bia: { day: 7, month: 9, year: 1985 },
      Caio: { day: 29, month: 2, year: null },
      Davi: { day: 1, month: 12, year: 1988 },
      Edu: { day: 15, month: 3, year: 1990 },
      Fê: { day: 15, month: 3, year: 1992 },
      Gil: null,
    });
    expect(plan.rejectedSample.items.map((r) => [r.line, r.reason])).toEqual([
      [9, 'birthday_impossible'],
      [10, 'birthday_age'],
      [11, 'birthday_unreadable'],
      [12, 'birthday_impossible'],
    ]);
    expect(plan.rejectedSample.items[0]!.message).toBe(
      'The birthday “31/02/1990” is a day that does not exist (read as DD/MM). Check the day and the month.',
    );

    const errors = value<ImportErrorFileView>(
      await ic.core.dispatch('import:errorFile', { importId: opened.importId, locale: 'pt-BR' }),
    );
    const text = Buffer.from(errors.bytes).toString('utf8');
    expect(errors.rows).toBe(4);
    expect(text).toContain('Hugo');
    expect(text).toContain('O aniversário “10/05/1850” dá uma idade fora de 0 a 120 anos. Confira o ano.');
    expect(text).toContain('O aniversário “amanhã” não é uma data.');
  });

  it('reads the whole column as mm/dd when a day above 12 comes second and never first, early rows included', async () => {
    const ic = await startImportCore();
    // The first rows fit either order: only row 4 settles the column, and rows 2-3 are read again in its order.
    const rows = ['01/02/1990', '03/04/1985', '12/25/1970', '06/30'];
    const file = csv(['Nome,Celular,Birthday', ...rows.map((b, i) => `P${i},${phone(i)},${b}`)]);
    const { plan } = await ic.importFile(file, 'contacts.csv');
    expect(plan.counts.invalid).toBe(0);
    expect(await birthdays(ic)).toEqual({
      P0: { day: 2, month: 1, year: 1990 },
      P1: { day: 4, month: 3, year: 1985 },
      P2: { day: 25, month: 12, year: 1970 },
      P3: { day: 30, month: 6, year: null },
    });
  });

  it("reads an XLSX's date cells and bare serials, and a re-import's undo puts the earlier birthday back", async () => {
    const ic = await startImportCore();
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Nome', 'Celular', 'Aniversário'],
      ['Ana', phone(1), { t: 'n', v: 32947, z: 'dd/mm/yyyy' }],
      ['Bia', phone(2), 31118], // General format: a bare serial, 12/03/1985
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Clientes');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    await ic.importFile(bytes.toString('base64'), 'clientes.xlsx');
    expect(await birthdays(ic)).toEqual({
      Ana: { day: 15, month: 3, year: 1990 },
      Bia: { day: 12, month: 3, year: 1985 },
    });

    // A second file corrects Ana's birthday and says nothing of Bia's: Bia keeps hers.
    const again = csv(['Nome;Celular;Aniversário', `Ana;${phone(1)};16/03/1990`, `Bia;${phone(2)};`]);
    const { opened, plan } = await ic.importFile(again, 'correcao.csv');
    // The review said so before the save: Ana's birthday, before → after; Bia is not changed.
    expect(plan.changes.items.map((c) => [c.name, c.changes])).toEqual([
      ['Ana', [{ field: 'birthday', kind: 'birthday', before: '15/03/1990', after: '16/03/1990' }]],
    ]);
    expect(await birthdays(ic)).toEqual({
      Ana: { day: 16, month: 3, year: 1990 },
      Bia: { day: 12, month: 3, year: 1985 },
    });
    value(await ic.core.dispatch('import:undo', { importId: opened.importId }));
    expect((await birthdays(ic)).Ana).toEqual({ day: 15, month: 3, year: 1990 });
  });

  it('is offered as a role of its own when the header does not name it', async () => {
    const ic = await startImportCore();
    const file = csv(['Nome;Celular;Dia', `Ana;${phone(1)};15/03`]);
    const opened = value<ImportOpenedView>(
      await ic.core.dispatch('import:open', { fileName: 'c.csv', data: file }),
    );
    expect(opened.preview.mapping.birthday).toBeUndefined();
    const mapping = { ...opened.preview.mapping, custom: [], birthday: 2 };
    const plan = value<ImportPlanView>(
      await ic.core.dispatch('import:plan', {
        importId: opened.importId,
        mapping,
        acceptNineDigitFix: false,
        locale: 'en',
      }),
    );
    expect(plan.counts.valid).toBe(1);
    value(await ic.core.dispatch('import:commit', { importId: opened.importId, onDuplicate: 'update' }));
    expect((await birthdays(ic)).Ana).toEqual({ day: 15, month: 3, year: null });
  });
});
