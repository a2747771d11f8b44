/** The CLI's Host: saving a file writes into the current folder, never over an existing file. */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCliHost } from '../../src/cli/cli-host';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('CLI host saveTextFile', () => {
  it('writes the file under its suggested name in the given folder and says so on stderr', async () => {
    dir = mkdtempSync(join(tmpdir(), 'torpedo-cli-save-'));
    const lines: string[] = [];
    const host = createCliHost((line) => lines.push(line), dir);
    await expect(host.saveTextFile('faturas.csv', 'a;b\r\n', 'csv')).resolves.toEqual({
      saved: true,
      fileName: 'faturas.csv',
    });
    expect(readFileSync(join(dir, 'faturas.csv'), 'utf8')).toBe('a;b\r\n');
    expect(lines).toEqual([`Saved faturas.csv in ${dir}`]);
  });

  it('refuses to overwrite, and never leaves the folder', async () => {
    dir = mkdtempSync(join(tmpdir(), 'torpedo-cli-save-'));
    writeFileSync(join(dir, 'faturas.csv'), 'mine');
    const host = createCliHost(() => undefined, dir);
    await expect(host.saveTextFile('faturas.csv', 'new', 'csv')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(join(dir, 'faturas.csv'), 'utf8')).toBe('mine');

    await host.saveTextFile('../escaped.csv', 'x', 'csv');
    expect(readdirSync(dir).sort()).toEqual(['escaped.csv', 'faturas.csv']);
  });
});
