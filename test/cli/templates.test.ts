/**
 * `torpedo templates create|list|delete` as a user runs them: a separate
 * process on a data folder, local only, through the same core as the window.
 */
import { describe, expect, it } from 'vitest';
import { tempFolders, torpedo } from '../support/cli-process';

const newFolder = tempFolders('torpedo-cli-templates-');

describe('torpedo templates (a real process, no connection)', () => {
  it(
    'saves, lists and deletes templates, printing the fields each text uses',
    { timeout: 120_000 },
    async () => {
      const dataDir = newFolder();
      const at = ['--data-dir', dataDir];
      const created = await torpedo([
        'templates',
        'create',
        '--name',
        'Promoção de sábado',
        '--category',
        'Promoções',
        '--text',
        'Olá {{nome|cliente}}! {{primeiro_nome|}}, pão em dobro em {{cidade}}.',
        ...at,
        '--json',
      ]);
      expect(created.code, created.stderr).toBe(0);
      expect(JSON.parse(created.stdout)).toMatchObject({
        name: 'Promoção de sábado',
        category: 'Promoções',
        text: 'Olá {{nome|cliente}}! {{primeiro_nome|}}, pão em dobro em {{cidade}}.',
        fields: [
          { name: 'nome', key: 'nome', fallback: 'cliente' },
          { name: 'primeiro_nome', key: 'primeiro_nome', fallback: '' },
          { name: 'cidade', key: 'cidade', fallback: null },
        ],
      });

      // The same name whatever its case and accents: refused, exit 2, the field named.
      const clash = await torpedo([
        'templates',
        'create',
        '--name',
        'PROMOCAO DE SABADO',
        '--text',
        'Oi',
        ...at,
      ]);
      expect(clash.code).toBe(2);
      expect(clash.stderr).toContain('There is already a template called "Promoção de sábado"');
      // A field never closed could never be sent as meant: refused before it is kept.
      const unclosed = await torpedo([
        'templates',
        'create',
        '--name',
        'Outro',
        '--text',
        'Oi {{nome',
        ...at,
      ]);
      expect(unclosed.code).toBe(1);
      expect(unclosed.stderr).toContain('The field {{nome is not closed');

      expect(
        (await torpedo(['templates', 'create', '--name', 'Aniversário', '--text', 'Parabéns!', ...at])).code,
      ).toBe(0);
      const listed = await torpedo(['templates', 'list', ...at]);
      expect(listed.stdout.trim().split('\n')).toEqual([
        'Aniversário: Parabéns!',
        'Promoção de sábado [Promoções]: Olá {{nome|cliente}}! {{primeiro_nome|}}, pão em dobro em {{cidade}}.  (fields: nome|cliente, primeiro_nome|, cidade)',
      ]);

      const deleted = await torpedo(['templates', 'delete', 'aniversario', ...at, '--json']);
      expect(deleted.code, deleted.stderr).toBe(0);
      expect(JSON.parse(deleted.stdout)).toMatchObject({ name: 'Aniversário', fields: [] });
      const unknown = await torpedo(['templates', 'delete', 'Natal', ...at]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain(
        'There is no template called "Natal" (there are: "Promoção de sábado").',
      );
      const left = JSON.parse((await torpedo(['templates', 'list', ...at, '--json'])).stdout) as {
        name: string;
      }[];
      expect(left.map((t) => t.name)).toEqual(['Promoção de sábado']);
    },
  );
});

describe('control characters in template names (issue 32)', () => {
  it(
    'are dropped on save (bidirectional overrides too) and never printed raw',
    { timeout: 120_000 },
    async () => {
      const at = ['--data-dir', newFolder()];
      const created = await torpedo([
        'templates',
        'create',
        '--name',
        'Promo\u001b[2J\u202Egal\u0007',
        '--text',
        'Oi',
        ...at,
        '--json',
      ]);
      expect(created.code, created.stderr).toBe(0);
      expect(JSON.parse(created.stdout)).toMatchObject({ name: 'Promo[2Jgal' });
      const listed = await torpedo(['templates', 'list', ...at]);
      expect(listed.stdout).toBe('Promo[2Jgal: Oi\n');

      // What was typed comes back in the error, its controls shown as escapes.
      const unknown = await torpedo(['templates', 'delete', 'Na\u001b[31mtal\u202E', ...at]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('There is no template called "Na\\u001B[31mtal\\u202E"');
      expect(unknown.stderr.includes('\u001b') || unknown.stderr.includes('\u202E')).toBe(false);
    },
  );
});
