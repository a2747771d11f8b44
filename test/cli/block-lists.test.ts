/**
 * `torpedo block` never shrinks a list by accident (issue 32): separate
 * processes on one data folder, as the owner runs them. A list that has
 * numbers takes a file only with --replace or --add; the list before a
 * replacement is kept, and `block undo` brings it back.
 */
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempFolders, torpedo, type CliRun } from '../support/cli-process';

const folder = tempFolders('torpedo-cli-block-');

let dataDir: string;
let files: string;
const run = (...args: string[]) => torpedo([...args, '--data-dir', dataDir]);
const json = (r: CliRun) => {
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as unknown;
};
/** A file of numbers whose own date (mtime) is `date`. */
function numbersFile(name: string, numbers: string[], date: string): string {
  const file = join(files, name);
  writeFileSync(file, ['telefone', ...numbers].join('\n'));
  utimesSync(file, new Date(date), new Date(date));
  return file;
}

beforeAll(() => {
  dataDir = folder();
  files = folder();
});

describe('torpedo block import into a list that has numbers', () => {
  it('asks for --replace or --add; --replace keeps the list before, block undo brings it back, --add joins', async () => {
    const november = numbersFile(
      'nao-me-ligue-novembro.csv',
      ['11999990001', '11999990002', '11999990003'],
      '2026-10-31T09:00:00.000Z',
    );
    const one = numbersFile('um-numero.csv', ['11999990004'], '2026-11-30T08:00:00.000Z');

    // An empty list takes a file without either.
    const first = await run('block', 'import', november, '--source', 'procon-sp');
    expect(first.code, first.stderr).toBe(0);

    // A one-number file into a list of three: a usage error naming both ways, and nothing changed.
    const asked = await run('block', 'import', one, '--source', 'procon-sp');
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('The Procon-SP "Não Me Ligue" list already has 3 number(s).');
    expect(asked.stderr).toContain('--replace (the file is the whole list now');
    expect(asked.stderr).toContain('--add (its numbers join the list');
    const both = await run('block', 'import', one, '--source', 'procon-sp', '--replace', '--add');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('Give --replace or --add, not both.');
    const kept = json(await run('block', 'list', '--json')) as { importedAt: string }[];
    expect(kept).toEqual([
      {
        source: 'procon-sp',
        numbers: 3,
        importedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        fileDate: '2026-10-31T09:00:00.000Z',
      },
    ]);
    const importedAt = kept[0]!.importedAt;

    const replaced = await run('block', 'import', one, '--source', 'procon-sp', '--replace');
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toContain('1 number(s) blocked (1 new, 3 no longer on the list)');
    expect(replaced.stdout).toContain(
      'The list before (3 number(s) from nao-me-ligue-novembro.csv) is kept: torpedo block undo --source procon-sp brings it back.',
    );
    expect(json(await run('block', 'list', '--json'))).toEqual([
      {
        source: 'procon-sp',
        numbers: 1,
        importedAt: expect.any(String),
        fileDate: '2026-11-30T08:00:00.000Z',
      },
    ]);

    const undone = await run('block', 'undo', '--source', 'procon-sp');
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toContain(
      `Procon-SP "Não Me Ligue": back to 3 number(s) from nao-me-ligue-novembro.csv, imported ${importedAt.slice(0, 10)}.`,
    );
    expect(json(await run('block', 'list', '--json'))).toEqual([
      { source: 'procon-sp', numbers: 3, importedAt, fileDate: '2026-10-31T09:00:00.000Z' },
    ]);
    const again = await run('block', 'undo', '--source', 'procon-sp');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The Procon-SP "Não Me Ligue" list has no import to undo.');

    const added = json(await run('block', 'import', one, '--source', 'procon-sp', '--add', '--json'));
    expect(added).toMatchObject({ numbers: 4, added: 1, removed: 0 });
  }, 180_000);
});
