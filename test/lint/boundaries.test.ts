/**
 * The layers as lint rules (eslint/boundaries.js and the electron/Node rules
 * in eslint.config.js): each is shown firing on a file that breaks it, run
 * through the project's own ESLint configuration, and staying quiet on the
 * same file when it keeps to its layer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import boundaries, { domainsIn } from '../../eslint/boundaries.js';
import { tempDir } from '../support/temp-dir';
import { ROOT, boundaryMessages, eslint, expectFires, expectQuiet } from './boundary-messages';

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

  it('a part of a domain never climbs back up to its own module file', async () => {
    const up = "import type { CampaignsDeps } from '../campaigns-module';\nexport type X = CampaignsDeps;\n";
    expect(await boundaryMessages('src/core/campaigns/composer/new-file.ts', up)).toEqual([
      expect.stringContaining('A part of the campaigns domain never imports campaigns-module.ts'),
    ]);
    const beside =
      "import type { CampaignsDeps } from '../campaigns-deps';\nexport type X = CampaignsDeps;\n";
    expect(await boundaryMessages('src/core/campaigns/composer/new-file.ts', beside)).toEqual([]);
    // Another domain still reaches it through the module.
    expect(
      await boundaryMessages(
        'src/core/automations/new-file.ts',
        "import type { CampaignHandOver } from '../campaigns/campaigns-module';\nexport type X = CampaignHandOver;\n",
      ),
    ).toEqual([]);
  });

  it('the domains are the folders with a <domain>-module.ts: data, diagnostics, import and sync among them', () => {
    const domains = [...domainsIn(ROOT)];
    expect(domains).toEqual(expect.arrayContaining(['contacts', 'data', 'diagnostics', 'import', 'sync']));
    // Shared machinery and the spreadsheet library are not domains (docs/architecture.md lists the domains).
    for (const folder of ['api', 'db', 'log', 'spreadsheet']) expect(domains).not.toContain(folder);
  });

  it('a new domain is walled the day its module file lands', async () => {
    // A project of its own, with only the boundary rule: src/core/campaigns is a domain, templates not yet.
    const root = tempDir();
    const file = (path: string, text = 'export {};\n') => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    file('src/core/campaigns/campaigns-module.ts');
    file('src/core/templates/template-store.ts');
    const lint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: { torpedo: boundaries },
          rules: { 'torpedo/boundaries': 'error' },
        },
      ],
    });
    const reach = "import { x } from '../campaigns/campaign-repo';\nvoid x;\n";
    const messages = async () => {
      const [result] = await lint.lintText(reach, {
        filePath: join(root, 'src/core/templates/template-store.ts'),
      });
      return result!.messages.map((m) => m.message);
    };
    expect(await messages()).toEqual([]);
    file('src/core/templates/templates-module.ts');
    expect(await messages()).toEqual([
      expect.stringContaining(
        'The templates domain reaches campaigns only through core/campaigns/campaigns-module.ts',
      ),
    ]);
  });

  it('the import and the sync reach contacts only through contacts-module.ts', async () => {
    for (const from of ['src/core/import/new-file.ts', 'src/core/sync/new-file.ts']) {
      await expectFires(
        from,
        ['../contacts/contacts-repo'],
        'reaches contacts only through core/contacts/contacts-module.ts',
      );
      await expectQuiet(from, ['../contacts/contacts-module']);
    }
  });

  it('core/spreadsheet is a library: it imports nothing of the core, and is reached through its index', async () => {
    const inside = 'src/core/spreadsheet/new-file.ts';
    await expectFires(
      inside,
      ['../contacts/contacts-module', '../import/file', '../db/open-database'],
      'core/spreadsheet is a library',
    );
    await expectQuiet(inside, ['./text/read-csv', '../../shared/contract/import']);
    const outside = 'src/core/import/new-file.ts';
    await expectFires(outside, ['../spreadsheet/text/read-csv'], 'only through core/spreadsheet/index.ts');
    await expectQuiet(outside, ['../spreadsheet']);
  });

  it('the CLI takes of the core only createCore (and the sandbox only its index): the rest goes through dispatch', async () => {
    const cli = 'src/cli/commands/new-file.ts';
    await expectFires(
      cli,
      [
        '../../core/contacts/contacts-repo',
        '../../core/db/open-database',
        '../../core/campaigns/campaigns-module',
        '../../core/kernel/core',
        '../../sandbox/http/server',
      ],
      'The CLI is a client of the contract',
    );
    await expectQuiet(cli, [
      '../../core/kernel/create-core',
      '../../sandbox/index',
      '../../shared/contract/campaigns',
      '../output',
    ]);
  });

  it('main is a host like the CLI: of the core it takes only create-core (which re-exports what a host needs)', async () => {
    const main = 'src/main/new-file.ts';
    await expectFires(
      main,
      [
        '../core/kernel/core',
        '../core/log/open-log',
        '../core/updates/updates-port',
        '../core/db/open-database',
      ],
      'The main process is a host, like the CLI',
    );
    await expectQuiet(main, ['../core/kernel/create-core', '../shared/app-language']);
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
      '../shared/webhook/signature',
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
        "import { x } from '../../../core/kernel/dispatch';\nvoid x;\n",
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
