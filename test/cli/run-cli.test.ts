/** The argument handling of runCli, in-process (fast); cli.test.ts runs the real command. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run';

async function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('runCli arguments', () => {
  it('prints the usage for no command and for --help, exit 0', async () => {
    for (const argv of [
      [],
      ['--help'],
      ['-h'],
      ['credits'],
      ['credits', 'buy', '--help'],
      ['balance', '-h'],
    ]) {
      const r = await run(argv);
      expect(r.code, argv.join(' ')).toBe(0);
      expect(r.stdout).toMatch(/^Usage: torpedo/);
    }
  });

  it.each([
    [['frobnicate']],
    [['credits', 'refund']],
    [['credits', 'buy']],
    [['credits', 'buy', '--quantity', '1000', '--plan', 'x']],
    [['credits', 'buy', '--quantity', '-5']],
    [['credits', 'buy', '--quantity', '1e3']],
    [['credits', 'buy', '--quantity']],
    [['credits', 'buy', '--quantity', '1000', '--colour', 'red']],
    [['credits', 'buy', '--quantity', '1000', 'extra']],
    [['credits', 'invoices', '--page', 'two']],
    [['balance', '--base-url', 'http://127.0.0.1:9']],
  ])('%j: exit 2 with the usage', async (argv) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Usage: torpedo/);
    expect(r.stdout).toBe('');
  });

  it('never echoes a key, even in a mistyped option', async () => {
    const secret = 'live_0123456789abcdef';
    const r = await run(['credits', 'buy', '--quantity', 'x', '--key', secret], {
      TORPEDO_KEY: 'test_env_secret_1',
    });
    expect(r.code).toBe(2);
    const typo = await run(['balance', `--${secret}`]);
    expect(typo.code).toBe(2);
    expect(r.stderr + typo.stderr).not.toContain(secret);
  });
});
