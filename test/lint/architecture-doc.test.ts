/**
 * docs/architecture.md is kept true: its domain list is the folders with a
 * `<domain>-module.ts` (and each serves exactly its contract file), its
 * tables are core/db/tables.ts, and its CLI rule names what the lint rule
 * lets the CLI import.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_MAY_IMPORT, domainsIn } from '../../eslint/boundaries.js';
import { TABLES } from '@core/db/tables';

const ROOT = join(import.meta.dirname, '..', '..');
const DOC = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');

/** The rows of the first table under the `## heading`, as cells (backticks off). */
function tableUnder(heading: string): string[][] {
  const section = DOC.split(/^## /m).find((part) => part.startsWith(heading));
  if (!section) throw new Error(`docs/architecture.md has no "## ${heading}" section`);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its --- line
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replaceAll('`', '')),
    );
}

/** Files of src/shared/contract that are not a domain's: the channel helpers, the error codes, the ids. */
const CONTRACT_PARTS = ['channel', 'errors', 'ids'];

describe('docs/architecture.md', () => {
  const domains = [...domainsIn(ROOT)].sort();

  it('lists exactly the domains: the folders of src/core with a <domain>-module.ts', () => {
    expect(
      tableUnder('Domains')
        .map(([domain]) => domain)
        .sort(),
    ).toEqual(domains);
  });

  it('a domain is a folder is a module is a contract file, one to one', () => {
    const contracts = readdirSync(join(ROOT, 'src', 'shared', 'contract'))
      .map((file) => file.replace(/\.ts$/, ''))
      .filter((name) => !CONTRACT_PARTS.includes(name))
      .sort();
    expect(contracts).toEqual(domains);
    for (const domain of domains) {
      const module = join(ROOT, 'src', 'core', domain, `${domain}-module.ts`);
      expect(existsSync(module), domain).toBe(true);
      // The module serves its own contract file's channels (CoreModule<...Channel> from it).
      expect(readFileSync(module, 'utf8'), domain).toContain(`shared/contract/${domain}'`);
    }
  });

  it('lists every table with its owner and its readers, as core/db/tables.ts says', () => {
    const rows = tableUnder('Tables and their owners').map(([table, owner, readers]) => [
      table,
      owner,
      (readers ?? '')
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean)
        .sort(),
    ]);
    const expected = Object.entries(TABLES).map(([table, { owner, readers }]) => [
      table,
      owner,
      Object.keys(readers).sort(),
    ]);
    expect(rows.sort()).toEqual(expected.sort());
  });

  it('says what the CLI may import, as the lint rule has it', () => {
    const cli = DOC.split(/^## /m).find((part) => part.startsWith('The CLI'))!;
    for (const path of CLI_MAY_IMPORT) expect(cli).toContain(`${path}.ts`);
  });
});
