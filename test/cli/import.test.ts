/**
 * `torpedo import` as a user runs it: a separate process (npx tsx), the
 * real core and its import worker on a temporary data folder.
 */
import { copyFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { readImportFile } from '@core/import/file';
import { createCliHost } from '../../src/cli/cli-host';
import { runCli } from '../../src/cli/run';
import { applyMaps } from '../../src/cli/commands/import';
import { ROOT, tempFolders, torpedo } from '../support/cli-process';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'contacts');

const newFolder = tempFolders('torpedo-cli-import-');
function workDir(...fixtures: string[]): string {
  const dir = newFolder();
  for (const name of fixtures) copyFileSync(join(FIXTURES, name), join(dir, name));
  return dir;
}

function contacts(dataDir: string): { name: string; phone: string }[] {
  const file = join(dataDir, 'torpedo.db');
  if (!existsSync(file)) return [];
  const db = new Sqlite(file, { readonly: true });
  try {
    return db.prepare('SELECT name, phone FROM contacts ORDER BY phone').all() as {
      name: string;
      phone: string;
    }[];
  } finally {
    db.close();
  }
}

describe('torpedo import (a real process)', () => {
  it(
    'imports a cp1252 CSV: one JSON object, exit 0, the error file beside it',
    { timeout: 60_000 },
    async () => {
      const dir = workDir('contatos-cp1252.csv');
      const dataDir = join(dir, 'data');
      const run = await torpedo([
        'import',
        join(dir, 'contatos-cp1252.csv'),
        '--data-dir',
        dataDir,
        '--json',
      ]);
      expect(run.code, run.stderr).toBe(0);
      const errorsFile = join(dir, 'contatos-cp1252-rejected.csv');
      expect(JSON.parse(run.stdout)).toEqual({
        read: 11,
        imported: 4,
        updated: 0,
        duplicates: 1,
        // The landline ("Fixo Comercial") among them: no SMS reaches it.
        invalid: 6,
        errorsFile,
      });
      expect(contacts(dataDir)).toContainEqual({ name: 'Maria da Conceição', phone: '+5511987654322' });
      const rejected = await readImportFile(new Uint8Array(readFileSync(errorsFile)), errorsFile);
      expect(rejected).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
      expect(rejected.rows).toHaveLength(6);
      expect(rejected.rows[0]![4]).toContain('Excel destroyed the phone');
      expect(rejected.rows[4]![4]).toContain('is a landline, not a mobile: it cannot receive SMS');
    },
  );

  it(
    'a PNG renamed .csv: a clear message on stderr, exit 1, nothing imported',
    { timeout: 60_000 },
    async () => {
      const dir = workDir('image-renamed.csv');
      const dataDir = join(dir, 'data');
      const run = await torpedo(['import', join(dir, 'image-renamed.csv'), '--data-dir', dataDir, '--json']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Cannot import image-renamed.csv: This file (png) is not a spreadsheet.');
      expect(JSON.parse(run.stdout)).toEqual({
        error: { code: 'unsupported_format', message: expect.stringContaining('not a spreadsheet') },
      });
      expect(contacts(dataDir)).toEqual([]);
      expect(readdirSync(dir).sort()).toEqual(['data', 'image-renamed.csv']);
    },
  );
});

async function cli(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env: {}, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('torpedo import (in-process)', () => {
  it('--map, --list, --on-duplicate, --errors-file; the same folder twice', { timeout: 60_000 }, async () => {
    const dir = workDir('contatos-cp1252.csv');
    const dataDir = join(dir, 'data');
    const file = join(dir, 'contatos-cp1252.csv');
    const errors = join(dir, 'erros.csv');
    writeFileSync(errors, 'old');
    const first = await cli([
      'import',
      file,
      '--data-dir',
      dataDir,
      '--list',
      'Clientes',
      '--map',
      'email=',
      '--errors-file',
      errors,
      '--json',
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ imported: 4, errorsFile: errors });
    expect((await readImportFile(new Uint8Array(readFileSync(errors)), 'e.csv')).rows).toHaveLength(6);

    // Existing contacts keep their values unless asked: --on-duplicate skip is the default.
    const second = await cli(['import', file, '--data-dir', dataDir]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain(
      'Read 11 row(s): 0 new contact(s), 0 updated, 5 duplicate(s), 6 rejected.',
    );
    // The default error file never replaces one already there.
    expect(readdirSync(dir).sort()).toEqual([
      'contatos-cp1252-rejected.csv',
      'contatos-cp1252.csv',
      'data',
      'erros.csv',
    ]);
    // Asked to update with the same file (its remembered mapping): no contact changes, none counts as updated.
    const third = await cli(['import', file, '--data-dir', dataDir, '--on-duplicate', 'update', '--json']);
    expect(JSON.parse(third.stdout)).toMatchObject({
      updated: 0,
      duplicates: 5,
      errorsFile: join(dir, 'contatos-cp1252-rejected-2.csv'),
    });
  });

  it.each([
    [['import']],
    [['import', 'a.csv', 'b.csv']],
    [['import', 'a.csv', '--on-duplicate', 'merge']],
    [['import', 'a.csv', '--country', 'Brasil']],
    [['import', 'a.csv', '--delimiter', ';;']],
    [['import', 'a.csv', '--colour', 'red']],
  ])('%j: exit 2 with the usage', async (argv) => {
    const r = await cli(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Usage: torpedo');
  });
});

describe('the CLI host’s saveFile', () => {
  it('writes the bytes under the suggested name in its folder, never over a file', async () => {
    const dir = workDir();
    const host = createCliHost(() => undefined, dir);
    const bytes = new Uint8Array([0x4a, 0x6f, 0xe3, 0x6f]);
    await expect(host.saveFile('../x-recusados.csv', bytes, 'csv')).resolves.toEqual({
      saved: true,
      fileName: 'x-recusados.csv',
    });
    expect(new Uint8Array(readFileSync(join(dir, 'x-recusados.csv')))).toEqual(bytes);
    await expect(host.saveFile('x-recusados.csv', bytes, 'csv')).rejects.toMatchObject({ code: 'EEXIST' });
  });
});

describe('applyMaps', () => {
  const headers = ['Nome', 'Celular', 'E-mail', 'Cidade'];
  const offered = { name: 0, phone: 1, email: 2, custom: [{ column: 3, field: 'cidade' }] };

  it('moves a field to a column named by header (any case and accents) or by letter', () => {
    expect(applyMaps(offered, ['phone=celular', 'email=', 'Município=D'], headers)).toEqual({
      name: 0,
      phone: 1,
      custom: [{ column: 3, field: 'municipio' }],
    });
    expect(applyMaps(offered, ['nome=D'], headers)).toEqual({ name: 3, phone: 1, email: 2, custom: [] });
  });

  it('refuses a column the file does not have, or a malformed map', () => {
    expect(() => applyMaps(offered, ['phone=Telefone'], headers)).toThrow(/no column "Telefone"/);
    expect(() => applyMaps(offered, ['phone'], headers)).toThrow(/field=Column/);
    expect(() => applyMaps(offered, ['???=A'], headers)).toThrow(/cannot be a field name/);
  });
});

describe('torpedo import --list: a name the import would refuse (issue 32)', () => {
  it('is refused before the file is read: exit 2 naming it, nothing opened', async () => {
    const dir = newFolder();
    const dataDir = join(dir, 'data');
    // The file is not even there: the list name is what is said, not the file.
    const run = await cli(['import', join(dir, 'nao-existe.csv'), '--list', 'X', '--data-dir', dataDir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^--list "X": A list name has 2 to 20 characters\./);
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('torpedo import: a month/day date column (issue 32)', () => {
  it(
    'says which columns were read as MM/DD, and nothing for a day/month file',
    { timeout: 60_000 },
    async () => {
      const dir = newFolder();
      const us = join(dir, 'us.csv');
      writeFileSync(
        us,
        'nome;telefone;ultima_compra;aniversario\nAna;81987650001;03/15/2026;12/25/1990\nBia;81987650002;04/02/2026;01/31/1985\n',
      );
      const run = await torpedo(['import', us, '--data-dir', join(dir, 'data'), '--json']);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ imported: 2 });
      expect(run.stderr).toContain(
        'Note: the columns "aniversario", "ultima_compra" were read as month/day (MM/DD: 03/15/2026 is 15 March)',
      );

      const br = join(dir, 'br.csv');
      writeFileSync(br, 'nome;telefone;ultima_compra\nCaio;81987650003;15/03/2026\n');
      const quiet = await torpedo(['import', br, '--data-dir', join(dir, 'data')]);
      expect(quiet.code, quiet.stderr).toBe(0);
      expect(quiet.stderr).not.toContain('month/day');
    },
  );
});
