/**
 * Torpedo Server's walls (eslint/boundaries.js, rule 8), each shown firing
 * through the project's own ESLint configuration: the server imports only
 * itself and src/shared; the core, and every other layer, never imports the
 * server; no electron in the server.
 */
import { describe, expect, it } from 'vitest';
import { boundaryMessages, expectFires, expectQuiet } from './boundary-messages';

describe("Torpedo Server's walls", () => {
  it('the server never imports the core, the sandbox, the CLI, main or the renderer', async () => {
    await expectFires(
      'src/server/hooks/new-file.ts',
      [
        '../../core/api/wire',
        '../../core/db/open-database',
        '../../core/contacts/contacts-module',
        '../../sandbox/index',
        '../../cli/run',
        '../../main/ipc',
        '../../renderer/src/api',
      ],
      'Torpedo Server imports only itself and src/shared',
    );
  });

  it('the server takes what it shares with the desktop from src/shared, and its own folders freely', async () => {
    await expectQuiet('src/server/hooks/new-file.ts', [
      '../../shared/webhook/signature',
      '../../shared/webhook/events',
      '../../shared/server-contract/v1',
      '../db/pool',
      '../http/errors',
      './receive-event',
    ]);
  });

  it('the core never imports the server; nor do the CLI, the sandbox, main or the renderer', async () => {
    for (const [file, specifier] of [
      ['src/core/billing/new-file.ts', '../../server/db/pool'],
      ['src/core/new-file.ts', '../server/http/app'],
      ['src/cli/commands/new-file.ts', '../../server/start'],
      ['src/sandbox/new-file.ts', '../server/hooks/receive-event'],
      ['src/main/new-file.ts', '../server/main'],
      ['src/shared/new-file.ts', '../server/db/migrate'],
    ]) {
      expect(
        await boundaryMessages(file!, `import { x } from '${specifier}';\nvoid x;\n`),
        `${file} -> ${specifier}`,
      ).toEqual([expect.stringContaining('Nothing outside src/server imports it')]);
    }
    // The desktop's way to the server: the shared contract.
    expect(
      await boundaryMessages(
        'src/core/billing/new-file.ts',
        "import { x } from '../../shared/server-contract/v1';\nvoid x;\n",
      ),
    ).toEqual([]);
  });

  it('no electron in the server', async () => {
    expect(
      await boundaryMessages('src/server/new-file.ts', "import { app } from 'electron';\nvoid app;\n"),
    ).toEqual([expect.stringContaining('Only src/main and src/preload may import electron')]);
  });
});
