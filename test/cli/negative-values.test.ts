/**
 * Issue 32: a negative number after an option that takes a value (or where a
 * command takes a value) is that value, refused by the command's own check
 * (exit 2, saying what it takes), never "Unknown option".
 */
import { describe, expect, it } from 'vitest';
import { tempFolders, torpedo } from '../support/cli-process';

const folder = tempFolders('torpedo-cli-negative-');

describe('negative values on the command line', () => {
  it('--days-before -3 is refused as a number of days', async () => {
    const run = await torpedo([
      'automations',
      'create',
      '--type',
      'birthday',
      '--template',
      'Aniversário',
      '--days-before',
      '-3',
      '--data-dir',
      folder(),
      '--json',
    ]);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout).error).toEqual({
      code: 'usage',
      message: '--days-before takes a number of days from 0 to 30.',
    });
  });

  it('rules set cap -1/7d is refused as a cap, and --limit -1 as a limit', async () => {
    const cap = await torpedo(['rules', 'set', 'cap', '-1/7d', '--data-dir', folder()]);
    expect(cap.code).toBe(2);
    expect(cap.stderr).toMatch(/^rules set cap takes N\/Dd/);
    expect(cap.stderr).not.toContain('Unknown option');

    const limit = await torpedo(['contacts', 'list', '--limit', '-1', '--data-dir', folder()]);
    expect(limit.code).toBe(2);
    expect(limit.stderr).toMatch(/^--limit must be a whole number from 1\./);
  });

  it('an option that is not one is still unknown', async () => {
    const run = await torpedo(['contacts', 'list', '-x', '--data-dir', folder()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^Unknown option\./);
  });
});
