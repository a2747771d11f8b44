/**
 * `torpedo block` never shrinks a list by accident (issue 32): separate
 * processes on one data folder, as the owner runs them. A list that has
 * numbers takes a file only with --replace or --add; the list before a
 * replacement is kept, and `block undo` brings it back.
 */
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
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
    const first = await run('block', 'import', november, '--source', 'procon-sp'); // --list's older name
    expect(first.code, first.stderr).toBe(0);

    // A one-number file into a list of three: a usage error naming both ways, and nothing changed.
    const asked = await run('block', 'import', one, '--list', 'procon-sp');
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('The Procon-SP "Não Me Ligue" list already has 3 number(s).');
    expect(asked.stderr).toContain('--replace (the file is the whole list now');
    expect(asked.stderr).toContain('--add (its numbers join the list');
    const both = await run('block', 'import', one, '--list', 'procon-sp', '--replace', '--add');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('Give --replace or --add, not both.');
    const kept = json(await run('block', 'list', '--json')) as { importedAt: string }[];
    expect(kept).toEqual([
      {
        list: 'procon-sp',
        kind: 'procon-sp',
        name: null,
        numbers: 3,
        importedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        fileDate: '2026-10-31T09:00:00.000Z',
      },
    ]);
    const importedAt = kept[0]!.importedAt;

    const replaced = await run('block', 'import', one, '--list', 'procon-sp', '--replace');
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toContain('1 number(s) blocked (1 new, 3 no longer on the list)');
    expect(replaced.stdout).toContain(
      'The list before (3 number(s) from nao-me-ligue-novembro.csv) is kept: torpedo block undo --list procon-sp brings it back.',
    );
    expect(json(await run('block', 'list', '--json'))).toEqual([
      {
        list: 'procon-sp',
        kind: 'procon-sp',
        name: null,
        numbers: 1,
        importedAt: expect.any(String),
        fileDate: '2026-11-30T08:00:00.000Z',
      },
    ]);

    const undone = await run('block', 'undo', '--list', 'procon-sp');
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toContain(
      `Procon-SP "Não Me Ligue": back to 3 number(s) from nao-me-ligue-novembro.csv, imported ${importedAt.slice(0, 10)}.`,
    );
    expect(json(await run('block', 'list', '--json'))).toEqual([
      {
        list: 'procon-sp',
        kind: 'procon-sp',
        name: null,
        numbers: 3,
        importedAt,
        fileDate: '2026-10-31T09:00:00.000Z',
      },
    ]);
    const again = await run('block', 'undo', '--list', 'procon-sp');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The Procon-SP "Não Me Ligue" list has no import to undo.');

    const added = json(await run('block', 'import', one, '--list', 'procon-sp', '--add', '--json'));
    expect(added).toMatchObject({ numbers: 4, added: 1, removed: 0 });
  }, 180_000);

  it("keeps several lists at once, each by name: the registers, and the owner's own; undo and remove one", async () => {
    const alagoas = numbersFile('procon-al.csv', ['82999990001'], '2026-11-15T09:00:00.000Z');
    const rio = numbersFile('procon-carioca.csv', ['21999990001', '21999990002'], '2026-11-20T09:00:00.000Z');
    const suppliers = numbersFile(
      'fornecedores.csv',
      ['11999990005', '11999990006'],
      '2026-11-25T09:00:00.000Z',
    );
    const suppliersLater = numbersFile('fornecedores-2.csv', ['11999990007'], '2026-11-26T09:00:00.000Z');

    expect((await run('block', 'import', alagoas, '--list', 'procon-al')).stdout).toContain(
      'Procon-AL: 1 number(s) blocked',
    );
    expect((await run('block', 'import', rio, '--list', 'procon-carioca')).code).toBe(0);
    const made = await run('block', 'import', suppliers, '--list', 'Fornecedores da loja');
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(
      '"Fornecedores da loja": 2 number(s) blocked (2 new, 0 no longer on the list)',
    );
    // The name again (case aside) is the same list, and it has numbers: the owner says what the file does.
    const asked = await run('block', 'import', suppliersLater, '--list', 'fornecedores da loja');
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('The "Fornecedores da loja" list already has 2 number(s).');
    expect(asked.stderr).toContain('torpedo block undo --list "Fornecedores da loja"');
    const replaced = await run(
      'block',
      'import',
      suppliersLater,
      '--list',
      'fornecedores da loja',
      '--replace',
    );
    expect(replaced.code, replaced.stderr).toBe(0);

    const lists = json(await run('block', 'list', '--json')) as {
      list: string;
      kind: string;
      name: string | null;
      numbers: number;
    }[];
    expect(lists.map((l) => [l.kind, l.name, l.numbers])).toEqual([
      ['procon-sp', null, 4],
      ['procon-al', null, 1],
      ['procon-carioca', null, 2],
      ['owner', 'Fornecedores da loja', 1],
    ]);
    const listed = await run('block', 'list');
    expect(listed.stdout).toContain('Procon-Carioca: 2 number(s), imported');
    expect(listed.stdout).toContain('"Fornecedores da loja": 1 number(s), imported');

    const undone = await run('block', 'undo', '--list', 'Fornecedores da loja');
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toContain('"Fornecedores da loja": back to 2 number(s) from fornecedores.csv');
    const removed = await run('block', 'remove', '--list', 'procon-al');
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain('Procon-AL: removed, with its 1 number(s); they may be messaged again.');
    const unknown = await run('block', 'remove', '--list', 'Vizinhos');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'No block list is called "Vizinhos". The lists are: procon-sp, procon-carioca, Fornecedores da loja.',
    );
    const none = await run('block', 'import', suppliers);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Say which list: --list procon-sp');
    expect((json(await run('block', 'list', '--json')) as unknown[]).length).toBe(3);
  }, 180_000);

  it('campaign status says who each list took out at the last moment, each list by name', async () => {
    const contacts = join(files, 'clientes.csv');
    writeFileSync(
      contacts,
      ['nome;telefone', 'Ana;11987650001', 'Bia;82987650002', 'Caio;11987650003'].join('\n'),
    );
    expect(json(await run('import', contacts, '--list', 'Clientes', '--json'))).toMatchObject({
      imported: 3,
    });
    const draft = json(
      await run('campaign', 'create', '--message', 'Oi!', '--list', 'Clientes', '--json'),
    ) as {
      id: string;
    };
    expect((await run('campaign', 'send', draft.id)).code).toBe(0);
    // What the last moment writes when Procon-AL's list and the owner's "Fornecedores" took Bia and Caio out
    // as the batch left (the delivery's own test proves it writes this; here: how the command says it).
    const db = new Sqlite(join(dataDir, 'torpedo.db'));
    const removal = db.prepare(
      `INSERT INTO campaign_removals (campaign_id, batch, position, phone, segments, reason, removed_at, block_list, block_list_name)
       VALUES (?, 0, ?, ?, 1, 'blocked_other', 'x', ?, ?)`,
    );
    removal.run(draft.id, 1, '+5582987650002', 'procon-al', null);
    removal.run(draft.id, 2, '+5511987650003', 'owner-5e1f', 'Fornecedores');
    db.close();
    const status = await run('campaign', 'status', draft.id);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain(
      'Taken out before they went: 0 opted out, 1 blocked by Procon-AL, 1 blocked by "Fornecedores", 0 over the cap.',
    );
    const removed = (json(await run('campaign', 'status', draft.id, '--json')) as { removed: unknown })
      .removed;
    expect(removed).toEqual({
      optedOut: 0,
      blocked: [
        { list: { id: 'procon-al', kind: 'procon-al', name: null }, count: 1 },
        { list: { id: 'owner-5e1f', kind: 'owner', name: 'Fornecedores' }, count: 1 },
      ],
      cap: 0,
      erased: 0,
    });
  }, 180_000);
});
