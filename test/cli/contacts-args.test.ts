/** `contacts` argument handling, in-process (fast); contacts.test.ts runs the real command. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run';

async function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env: {}, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('torpedo contacts arguments', () => {
  it('prints the usage (with contacts list) for contacts alone and --help, exit 0', async () => {
    for (const argv of [['contacts'], ['contacts', '--help'], ['contacts', 'list', '-h']]) {
      const r = await run(argv);
      expect(r.code, argv.join(' ')).toBe(0);
      expect(r.stdout).toMatch(/contacts list \[--search TEXT\] \[--list NAME\] \[--limit N\]/);
    }
  });

  it.each([
    [['contacts', 'show']],
    [['contacts', 'list', '--limit', '0']],
    [['contacts', 'list', '--limit', '-3']],
    [['contacts', 'list', '--limit', '2.5']],
    [['contacts', 'list', '--limit']],
    [['contacts', 'list', '--search']],
    [['contacts', 'list', '--list', '  ']],
    [['contacts', 'list', '--data-dir', '']],
    [['contacts', 'list', '--colour', 'red']],
    [['contacts', 'list', 'extra']],
    [['contacts', 'list', '--key', 'test_abcdefgh']],
  ])('%j: exit 2 with the usage', async (argv) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Usage: torpedo/);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain('test_abcdefgh');
  });
});
