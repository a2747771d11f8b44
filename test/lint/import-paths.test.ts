/**
 * How an import names a file (eslint/import-paths.js, eslint/path-aliases.js):
 * the rule shown firing and quiet, its fix, the walls holding on an alias,
 * and every tool reading the one alias table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PATH_ALIASES } from '../../eslint/path-aliases.js';
import { ROOT, boundaryMessages, eslint } from './boundary-messages';

/** The import-paths messages for `code` as if it were the file `path`. */
async function importPathMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result!.messages.filter((m) => m.ruleId === 'torpedo/import-paths').map((m) => m.message);
}
const importing = (specifier: string): string => `import { x } from '${specifier}';\nvoid x;\n`;

describe('import paths', () => {
  it('a renderer import that leaves its area names the file by alias; within its area it stays relative', async () => {
    const view = 'src/renderer/src/views/campaigns/composer/NewPart.ts';
    for (const [specifier, alias] of [
      ['../../../stores/campaigns/use-campaigns-store', '@renderer/stores/campaigns/use-campaigns-store'],
      ['../../../api', '@renderer/api'],
      ['../../../../../shared/money', '@shared/money'],
    ]) {
      expect(await importPathMessages(view, importing(specifier!)), specifier).toEqual([
        expect.stringContaining(`names the file by its alias: ${alias}`),
      ]);
    }
    for (const specifier of [
      './AudiencePicker.vue',
      '../CampaignView.vue',
      '../../contacts/ContactDrawer.vue',
    ]) {
      expect(await importPathMessages(view, importing(specifier)), specifier).toEqual([]);
    }
    // A file at the renderer's root reaches into its areas with ./, which never leaves it.
    expect(
      await importPathMessages('src/renderer/src/new-root.ts', importing('./stores/app/use-theme-store')),
    ).toEqual([]);
  });

  it('eslint --fix writes the alias in place of the path', async () => {
    const [result] = await new ESLint({ cwd: ROOT, fix: true }).lintText(
      importing('../../../../../shared/money'),
      {
        filePath: join(ROOT, 'src/renderer/src/views/history/report/NewPart.ts'),
      },
    );
    expect(result!.output).toContain("from '@shared/money'");
  });

  it('tests name what they test by alias', async () => {
    expect(
      await importPathMessages(
        'test/core/db/migrations/new.test.ts',
        importing('../../../../src/core/db/open-database'),
      ),
    ).toEqual([expect.stringContaining('@core/db/open-database')]);
    expect(await importPathMessages('test/cli/new.test.ts', importing('../../src/shared/field-key'))).toEqual(
      [expect.stringContaining('@shared/field-key')],
    );
    expect(
      await importPathMessages('test/renderer/new.test.ts', importing('../../src/renderer/src/api')),
    ).toEqual([expect.stringContaining('@renderer/api')]);
    expect(await importPathMessages('test/renderer/new.test.ts', importing('./mount-helpers'))).toEqual([]);
  });

  it('the core, the CLI, the sandbox and main never use an alias (tsx and worker threads resolve none)', async () => {
    for (const [file, specifier] of [
      ['src/core/campaigns/new-part.ts', '@shared/money'],
      ['src/cli/commands/new-command.ts', '@core/kernel/create-core'],
      ['src/sandbox/new-part.ts', '@shared/dto/contacts'],
      ['src/main/new-part.ts', '@shared/app-language'],
    ]) {
      expect(await importPathMessages(file!, importing(specifier!)), file).toEqual([
        expect.stringContaining('imports by relative path'),
      ]);
    }
  });

  it('every wall holds on an aliased import as on a relative one', async () => {
    const cases = [
      [
        'src/renderer/src/components/contacts/new-part.ts',
        '@renderer/views/contacts/import/ImportWizard.vue',
        'Components never import views',
      ],
      [
        'src/renderer/src/composables/new-part.ts',
        '@renderer/stores/contacts/use-contacts-store',
        'Composables never import stores',
      ],
      [
        'src/renderer/src/stores/new-store.ts',
        '@renderer/views/campaigns/CampaignView.vue',
        'Stores never import components or views',
      ],
      [
        'src/renderer/src/views/NewView.ts',
        '@core/campaigns/campaigns-module',
        'The renderer reaches the core only through api.ts',
      ],
      [
        'src/cli/commands/new-command.ts',
        '@core/campaigns/campaigns-module',
        'The CLI is a client of the contract',
      ],
      [
        'src/core/sync/new-part.ts',
        '@core/contacts/contacts-repo',
        'The sync domain reaches contacts only through',
      ],
    ] as const;
    for (const [file, specifier, message] of cases) {
      expect(await boundaryMessages(file, importing(specifier)), `${file} → ${specifier}`).toEqual([
        expect.stringContaining(message),
      ]);
    }
    const call = "import { call } from '@renderer/api';\nvoid call;\n";
    expect(await boundaryMessages('src/renderer/src/views/NewView.ts', call)).toEqual([
      expect.stringContaining('Views and components never call api.ts'),
    ]);
  });

  it('Vite, Vitest, the tsconfigs (and through them tsx and Playwright) read the one alias table', () => {
    const pathsOf = (file: string) => {
      const { config, error } = ts.parseConfigFileTextToJson(file, readFileSync(join(ROOT, file), 'utf8'));
      expect(error, file).toBeUndefined();
      return (config as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;
    };
    const table = (names: (keyof typeof PATH_ALIASES)[]) =>
      Object.fromEntries(names.map((name) => [`${name}/*`, [`./${PATH_ALIASES[name]}/*`]]));
    expect(pathsOf('tsconfig.web.json')).toEqual(table(['@renderer', '@shared']));
    expect(pathsOf('tsconfig.node.json')).toEqual(table(['@core', '@shared']));
    expect(pathsOf('tsconfig.json')).toEqual(table(['@core', '@shared']));
    for (const config of ['electron.vite.config.ts', 'vitest.config.ts']) {
      expect(readFileSync(join(ROOT, config), 'utf8'), config).toContain('aliasFolders(');
    }
  });
});
