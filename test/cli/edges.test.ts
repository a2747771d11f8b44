/**
 * Edges a new user met with the real `torpedo` process (issue "Proven
 * reliability", edges found by probing): each was a silent or misleading end.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolders, torpedo } from '../support/cli-process';

const folder = tempFolders('torpedo-cli-edges-');

describe('torpedo edges', () => {
  it('--data-dir naming a file: a usage error that says so, on every command, as JSON with --json', async () => {
    const file = join(folder(), 'not-a-folder');
    writeFileSync(file, 'x');
    for (const command of [
      ['contacts', 'list'],
      ['balance', '--key', 'test_edges_key_0001', '--base-url', 'http://127.0.0.1:9'],
      ['import', 'clientes.csv'],
      ['campaign', 'status', 'abc'],
    ]) {
      const run = await torpedo([...command, '--data-dir', file, '--json']);
      expect(run.code, `${command.join(' ')}: ${run.stderr}`).toBe(2);
      expect(JSON.parse(run.stdout)).toMatchObject({
        error: { code: 'usage', message: expect.stringContaining('is a file') },
      });
      expect(run.stderr).not.toContain('failed unexpectedly');
    }
  });

  it(
    'contacts found by --search right after a CLI import of more than 10,000 rows',
    { timeout: 120_000 },
    async () => {
      const dir = folder();
      const csv = join(dir, 'muitos.csv');
      const rows = Array.from(
        { length: 10_500 },
        (_, i) => `Cliente ${i === 7_777 ? 'Zuleica Prado' : `Número ${i}`};+55119${String(70_000_000 + i)}`,
      );
      writeFileSync(csv, ['nome;telefone', ...rows].join('\n'));
      const data = join(dir, 'data');
      const imported = await torpedo(['import', csv, '--data-dir', data, '--json']);
      expect(imported.code, imported.stderr).toBe(0);
      expect(JSON.parse(imported.stdout)).toMatchObject({ imported: 10_500 });

      const found = await torpedo(['contacts', 'list', '--search', 'zuleica', '--data-dir', data, '--json']);
      expect(found.code, found.stderr).toBe(0);
      expect(JSON.parse(found.stdout)).toEqual([expect.objectContaining({ name: 'Cliente Zuleica Prado' })]);
    },
  );
});
