/**
 * The layers as lint rules (eslint/boundaries.js and the electron/Node rules
 * in eslint.config.js): each is shown firing on a file that breaks it, run
 * through the project's own ESLint configuration, and staying quiet on the
 * same file when it keeps to its layer.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** The messages of the boundary rules for `code` as if it were the file `path`. */
async function boundaryMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result!.messages
    .filter((m) => m.ruleId === 'torpedo/boundaries' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('boundaries as lint rules', () => {
  it('the core never imports main, the CLI, the sandbox or the renderer', async () => {
    for (const [specifier, layer] of [
      ['../../sandbox/index', 'src/sandbox'],
      ['../../main/ipc', 'src/main'],
      ['../../cli/run', 'src/cli'],
      ['../../renderer/src/api', 'src/renderer'],
    ]) {
      const messages = await boundaryMessages(
        'src/core/billing/new-file.ts',
        `import { x } from '${specifier}';\nvoid x;\n`,
      );
      expect(messages, specifier).toEqual([expect.stringContaining(`The core never imports ${layer}`)]);
    }
    expect(
      await boundaryMessages('src/core/billing/new-file.ts', "import { x } from '../api/wire';\nvoid x;\n"),
    ).toEqual([]);
  });

  it('the core and the shared contract never import electron; shared never imports Node', async () => {
    expect(
      await boundaryMessages('src/core/new-file.ts', "import { app } from 'electron';\nvoid app;\n"),
    ).toEqual([expect.stringContaining('Only src/main and src/preload may import electron')]);
    expect(
      await boundaryMessages(
        'src/shared/new-file.ts',
        "import { readFileSync } from 'node:fs';\nvoid readFileSync;\n",
      ),
    ).toEqual([expect.stringContaining('src/shared runs in the renderer too')]);
  });

  it('a domain reaches another only through its module file', async () => {
    const inside =
      "import type { AccountService } from '../account/account-service';\nexport type X = AccountService;\n";
    expect(await boundaryMessages('src/core/billing/new-file.ts', inside)).toEqual([
      expect.stringContaining(
        'The billing domain reaches account only through core/account/account-module.ts',
      ),
    ]);
    const surface =
      "import type { AccountService } from '../account/account-module';\nexport type X = AccountService;\n";
    expect(await boundaryMessages('src/core/billing/new-file.ts', surface)).toEqual([]);
    // Within a domain, and from shared machinery (db, api), anything goes.
    expect(
      await boundaryMessages(
        'src/core/account/new-file.ts',
        "import type { AccountService } from './account-service';\nexport type X = AccountService;\n",
      ),
    ).toEqual([]);
  });

  it('the sandbox depends on the wire module and shared/ only', async () => {
    expect(
      await boundaryMessages(
        'src/sandbox/new-file.ts',
        "import { x } from '../core/contacts/contacts-repo';\nvoid x;\n",
      ),
    ).toEqual([expect.stringContaining('The sandbox depends on the wire module')]);
    for (const allowed of [
      '../core/api/wire',
      '../core/api/wire-schemas',
      '../core/api/webhook-signature',
      '../shared/sms-segments',
    ]) {
      expect(
        await boundaryMessages('src/sandbox/new-file.ts', `import { x } from '${allowed}';\nvoid x;\n`),
        allowed,
      ).toEqual([]);
    }
  });

  it('renderer stores never import components or views; the renderer never imports the core', async () => {
    expect(
      await boundaryMessages(
        'src/renderer/src/stores/use-new-store.ts',
        "import X from '../components/SectionCard.vue';\nvoid X;\n",
      ),
    ).toEqual([expect.stringContaining('Stores never import components or views')]);
    expect(
      await boundaryMessages(
        'src/renderer/src/stores/use-new-store.ts',
        "import { x } from '../views/contacts/contact-field-errors';\nvoid x;\n",
      ),
    ).toEqual([expect.stringContaining('Stores never import components or views')]);
    expect(
      await boundaryMessages(
        'src/renderer/src/views/NewView.ts',
        "import { x } from '../../../core/dispatch';\nvoid x;\n",
      ),
    ).toEqual([expect.stringContaining('The renderer reaches the core only through api.ts')]);
  });

  it('the code as it stands keeps every boundary', async () => {
    const results = await eslint.lintFiles(['src/**/*.ts', 'src/**/*.vue']);
    const broken = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'torpedo/boundaries').map((m) => `${r.filePath}: ${m.message}`),
    );
    expect(broken).toEqual([]);
  }, 120_000);
});
