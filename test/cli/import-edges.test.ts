/**
 * `torpedo import` on the files probing found edges with (issue 14, item 8),
 * in-process: what the command says about them.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run';
import { tempFolders } from '../support/cli-process';

const newFolder = tempFolders('torpedo-cli-import-edges-');

async function cli(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env: {}, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('torpedo import on files probing found edges with', () => {
  it('says which rows of a UTF-8 file were in Windows-1252, and imports them with their accents', async () => {
    const dir = newFolder();
    const file = join(dir, 'misturado.csv');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from('Nome;Celular\nJoão;11 98765-4321\nAna;11 98765-4322\n', 'utf8'),
        iconv.encode('Conceição;11 98765-4323\n', 'windows-1252'),
      ]),
    );
    const run = await cli(['import', file, '--data-dir', join(dir, 'data'), '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'Note: 1 line(s) of this utf-8 file were in windows-1252 and were read as such (line(s) 4).',
    );
    expect(JSON.parse(run.stdout)).toMatchObject({ imported: 3, invalid: 0 });
    const list = await cli(['contacts', 'list', '--data-dir', join(dir, 'data'), '--json']);
    expect(list.stdout).toContain('Conceição');
  });

  it('refuses a line of 6 MB with a sentence that says what to do, and exit 1', async () => {
    const dir = newFolder();
    const file = join(dir, 'linha.csv');
    writeFileSync(file, Buffer.concat([Buffer.from('Nome;Celular\n'), Buffer.alloc(6 * 1024 * 1024, 0x61)]));
    const run = await cli(['import', file, '--data-dir', join(dir, 'data'), '--json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      error: {
        code: 'line_too_long',
        message:
          'A line of the file is longer than 4 MB: this does not look like a contact list. Check that it is the right file, or open it in a spreadsheet and save it again as CSV.',
      },
    });
  });
});
