/**
 * The error file goes back into the import after the user fixes it, so it
 * must read back exactly as written, in both languages of its reasons.
 */
import { describe, expect, it } from 'vitest';
import { planImport, readImportFile, suggestMapping, writeErrorFile } from '@core/import/file';
import { fixture } from './harness';

describe('the error file of a Windows-1252 CSV, read again', () => {
  it.each(['en', 'pt-BR'])(
    'with %s reasons (curly quotes and few accents): Windows-1252, not CP850',
    async (locale) => {
      const table = await readImportFile(fixture('contatos-cp1252.csv'), 'contatos.csv');
      const plan = await planImport(table, suggestMapping(table.headers, table.rows));
      const file = await writeErrorFile(table, plan.rejected, locale);
      const again = await readImportFile(file.bytes, file.fileName);
      expect(again.encoding).toBe('windows-1252');
      expect(again.rows.map((r) => r.slice(0, 4))).toEqual(plan.rejected.map((r) => r.cells));
      expect(again.rows[0]![4]).toContain('“5.51199E+12”');
    },
  );
});
