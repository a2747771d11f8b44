import { describe, expect, it } from 'vitest';
import {
  ImportCancelledError,
  ImportFileError,
  planImport,
  readImportFile,
  suggestMapping,
} from '@core/import/file';
import type { ParsedTable } from '@core/import/file';
import { readFixture, textFile } from './helpers';

async function planFixture(name: string, opts: Parameters<typeof planImport>[2] = {}) {
  const table = await readFixture(name);
  return { table, plan: await planImport(table, suggestMapping(table.headers, table.rows), opts) };
}

async function tableOf(lines: string[]): Promise<ParsedTable> {
  return readImportFile(textFile(lines), 'contatos.csv');
}

describe('planImport on the Excel cp1252 CSV', () => {
  it('counts what a user would see', async () => {
    const { plan } = await planFixture('contatos-cp1252.csv');
    expect(plan.counts).toEqual({ read: 11, valid: 4, duplicatesInFile: 1, existing: 0, invalid: 6 });
    const { read, valid, duplicatesInFile, invalid } = plan.counts;
    expect(valid + duplicatesInFile + invalid).toBe(read);
  });

  it('normalises every phone format to E.164 and keeps accented names', async () => {
    const { plan } = await planFixture('contatos-cp1252.csv');
    expect(plan.rows.map((r) => [r.line, r.name, r.phone])).toEqual([
      [2, 'João da Silva', '+5511987654321'],
      [3, 'Maria da Conceição', '+5511987654322'],
      [4, 'Antônio Araújo', '+5511987654323'],
      [5, 'José Antunes', '+5511987654324'],
    ]);
    expect(plan.rows[0]).toMatchObject({
      email: 'joao@exemplo.com.br',
      fields: { cidade: 'São Paulo' },
      existing: false,
      fixedNineDigit: false,
    });
  });

  it('gives each rejected row a reason and the value at fault', async () => {
    const { plan } = await planFixture('contatos-cp1252.csv');
    expect(plan.rejected.map((r) => [r.line, r.reason, r.params.value])).toEqual([
      [7, 'phone_excel_scientific', '5.51199E+12'],
      [8, 'phone_old_mobile', '(11) 8765-4325'],
      [9, 'phone_too_short', '1234'],
      [10, 'phone_empty', ''],
      // A landline: a valid number that no SMS reaches.
      [11, 'phone_landline', '(11) 3456-7890'],
      [13, 'phone_unknown_area_code', '(20) 98765-4321'],
    ]);
    expect(plan.rejected.at(-1)!.params).toMatchObject({ ddd: '20' });
    expect(plan.rejected[0]!.cells).toEqual(['Pedro Excel', '5.51199E+12', '', 'Santos']);
  });

  it('keeps the first of two rows with the same number typed differently', async () => {
    const { plan } = await planFixture('contatos-cp1252.csv');
    expect(plan.duplicates).toEqual([
      {
        line: 6,
        cells: ['Joana Repetida', '+55 (11) 98765-4321', 'joana@exemplo.com.br', 'São Paulo'],
        reason: 'duplicate_in_file',
        params: { firstLine: 2, phone: '+5511987654321' },
      },
    ]);
  });

  it('imports a row with an invalid e-mail without the e-mail, and says so', async () => {
    const { plan } = await planFixture('contatos-cp1252.csv');
    const maria = plan.rows.find((r) => r.line === 3)!;
    expect(maria.email).toBeNull();
    expect(plan.warnings).toEqual([{ line: 3, reason: 'email_invalid', params: { value: 'maria@exemplo' } }]);
  });
});

describe('the 9-digit fix for old mobiles', () => {
  it('is suggested, and the row rejected until the user accepts', async () => {
    const { plan } = await planFixture('contatos-cp1252.csv');
    expect(plan.suggestions).toEqual([
      { line: 8, original: '(11) 8765-4325', suggested: '+5511987654325', applied: false },
    ]);
    expect(plan.rejected.find((r) => r.line === 8)?.params).toEqual({
      value: '(11) 8765-4325',
      suggested: '+5511987654325',
    });
  });

  it('is applied to every old mobile when accepted', async () => {
    const { plan } = await planFixture('contatos-cp1252.csv', { acceptNineDigitFix: true });
    expect(plan.rows.find((r) => r.line === 8)).toMatchObject({
      name: 'Carla Antiga',
      phone: '+5511987654325',
      fixedNineDigit: true,
    });
    expect(plan.suggestions[0]!.applied).toBe(true);
    expect(plan.counts).toMatchObject({ valid: 5, invalid: 5 });
  });

  it('can be accepted line by line, and a fixed number can turn out to be a duplicate', async () => {
    const table = await tableOf(['Nome;Celular', 'A;(11) 8765-4321', 'B;(11) 8765-4322', 'C;11 98765-4321']);
    const plan = await planImport(table, suggestMapping(table.headers), { acceptNineDigitFix: new Set([2]) });
    expect(plan.rows.map((r) => [r.line, r.phone, r.fixedNineDigit])).toEqual([[2, '+5511987654321', true]]);
    expect(plan.rejected.map((r) => [r.line, r.reason])).toEqual([[3, 'phone_old_mobile']]);
    expect(plan.duplicates.map((r) => [r.line, r.params.firstLine])).toEqual([[4, 2]]);
  });
});

describe('contacts that already exist', () => {
  it.each([
    ['a Set', new Set(['+5511987654322', '+5511987654324'])],
    ['a lookup function', (e164: string) => e164 === '+5511987654322' || e164 === '+5511987654324'],
  ])('are marked from %s, so the caller can update or skip them', async (_label, existingPhones) => {
    const { plan } = await planFixture('contatos-cp1252.csv', { existingPhones });
    expect(plan.rows.filter((r) => r.existing).map((r) => r.line)).toEqual([3, 5]);
    expect(plan.counts).toMatchObject({ valid: 4, existing: 2 });
  });
});

describe('row checks', () => {
  it('rejects a row whose mapped cell is longer than an SMS could use', async () => {
    const { plan } = await planFixture('long-cell.csv');
    expect(plan.rejected).toHaveLength(1);
    expect(plan.rejected[0]).toMatchObject({
      line: 2,
      reason: 'cell_too_long',
      params: { column: 'Observação', length: 5000, max: 1600 },
    });
    expect(plan.rows.map((r) => r.name)).toEqual(['Maria']);
  });

  it('ignores long text in columns that are not imported', async () => {
    const table = await readFixture('long-cell.csv');
    const mapping = suggestMapping(table.headers);
    const plan = await planImport(table, { ...mapping, custom: [] });
    expect(plan.counts).toMatchObject({ valid: 2, invalid: 0 });
  });

  it('completes phones without DDD from a DDD column', async () => {
    const table = await tableOf([
      'Nome;DDD;Celular',
      'A;11;98765-4321',
      'B;021;98765-4322',
      'C;;98765-4323',
      'D;31;(11) 98765-4324',
    ]);
    const plan = await planImport(table, suggestMapping(table.headers));
    expect(plan.rows.map((r) => r.phone)).toEqual(['+5511987654321', '+5521987654322', '+5511987654324']);
    expect(plan.rejected.map((r) => [r.line, r.reason])).toEqual([[4, 'phone_too_short']]);
  });

  it('tidies names and leaves empty custom fields out', async () => {
    const decomposed = 'Jo\u0061\u0303o'; // "João" with a combining tilde, as macOS may write it
    const table = await tableOf([
      'Nome;Celular;Cidade;Bairro',
      `  ${decomposed}   da  Silva ;11 98765-4321;;Centro`,
    ]);
    const plan = await planImport(table, suggestMapping(table.headers));
    expect(plan.rows[0]!.name).toBe('João da Silva');
    expect(plan.rows[0]!.fields).toEqual({ bairro: 'Centro' });
  });

  it('accepts rows without a name column', async () => {
    const table = await readImportFile(
      textFile(['11 98765-4321', '11 98765-4322', '11 98765-4321']),
      'n.txt',
    );
    const plan = await planImport(table, suggestMapping(table.headers, table.rows));
    expect(plan.rows.map((r) => [r.line, r.name, r.phone])).toEqual([
      [1, '', '+5511987654321'],
      [2, '', '+5511987654322'],
    ]);
    expect(plan.counts.duplicatesInFile).toBe(1);
  });

  it('uses the default country for numbers without +CC', async () => {
    const table = await tableOf(['Name;Phone', 'Ann;(202) 555-0143', 'Bob;+55 11 98765-4321']);
    const plan = await planImport(table, suggestMapping(table.headers), { defaultCountry: 'US' });
    expect(plan.rows.map((r) => r.phone)).toEqual(['+12025550143', '+5511987654321']);
  });
});

describe('mapping errors', () => {
  it('refuses a mapping without a phone column or with columns that do not exist', async () => {
    const table = await tableOf(['Nome;Celular', 'A;11 98765-4321']);
    const code = (promise: Promise<unknown>) =>
      promise.then(
        () => 'resolved',
        (e: unknown) => (e instanceof ImportFileError ? e.code : String(e)),
      );
    expect(await code(planImport(table, { name: 0, custom: [] }))).toBe('no_phone_column');
    expect(await code(planImport(table, { phone: 5, custom: [] }))).toBe('invalid_mapping');
    expect(await code(planImport(table, { phone: 1, custom: [{ column: 0, field: 'Nome!' }] }))).toBe(
      'invalid_mapping',
    );
    expect(
      await code(
        planImport(table, {
          phone: 1,
          custom: [
            { column: 0, field: 'a' },
            { column: 0, field: 'a' },
          ],
        }),
      ),
    ).toBe('invalid_mapping');
  });
});

describe('progress and cancel', () => {
  const bigTable = () =>
    tableOf([
      'Nome;Celular',
      ...Array.from({ length: 12_000 }, (_, i) => `N${i};11 9${String(i).padStart(8, '0')}`),
    ]);

  it('reports progress up to the total', async () => {
    const table = await bigTable();
    const calls: [number, number][] = [];
    await planImport(table, suggestMapping(table.headers), {
      onProgress: (done, total) => calls.push([done, total]),
    });
    expect(calls.at(-1)).toEqual([12_000, 12_000]);
    expect(calls.length).toBeGreaterThan(2);
    expect(calls.every(([done], i) => i === 0 || done > calls[i - 1]![0])).toBe(true);
  });

  it('stops mid-plan when the signal aborts', async () => {
    const table = await bigTable();
    const controller = new AbortController();
    let lastDone = 0;
    const planning = planImport(table, suggestMapping(table.headers), {
      signal: controller.signal,
      onProgress: (done) => {
        lastDone = done;
        if (done >= 5000) controller.abort();
      },
    });
    await expect(planning).rejects.toBeInstanceOf(ImportCancelledError);
    expect(lastDone).toBe(5000);
  });

  it('stops when aborted from outside while it yields (as a worker receives a cancel message)', async () => {
    const table = await bigTable();
    const controller = new AbortController();
    const planning = planImport(table, suggestMapping(table.headers), { signal: controller.signal });
    setImmediate(() => controller.abort());
    await expect(planning).rejects.toBeInstanceOf(ImportCancelledError);
  });

  it('stops reading a file when aborted from outside', async () => {
    const bytes = textFile([
      'Nome;Celular',
      ...Array.from({ length: 50_000 }, (_, i) => `N${i};11 98765-${i}`),
    ]);
    const controller = new AbortController();
    const reading = readImportFile(bytes, 'grande.csv', { signal: controller.signal });
    setImmediate(() => controller.abort());
    await expect(reading).rejects.toBeInstanceOf(ImportCancelledError);
    const aborted = AbortSignal.abort();
    await expect(readImportFile(bytes, 'grande.csv', { signal: aborted })).rejects.toBeInstanceOf(
      ImportCancelledError,
    );
  });
});
