/**
 * Every migration has its own test: src/core/db/migrations/NNNN-name.ts is
 * tested by test/core/db/migrations/NNNN-name.test.ts (migrate to N-1, put
 * rows in, migrate to N, check what the migration promises).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const MIGRATIONS = join(ROOT, 'src', 'core', 'db', 'migrations');
const TESTS = join(ROOT, 'test', 'core', 'db', 'migrations');

/** A migration's file: four digits, a dash, its name (index.ts and types.ts are not migrations). */
const MIGRATION_FILE = /^\d{4}-[a-z0-9-]+\.ts$/;

/** The migrations of `migrationFiles` with no `<same name>.test.ts` among `testFiles`, sorted. */
function untestedMigrations(migrationFiles: string[], testFiles: string[]): string[] {
  const tests = new Set(testFiles);
  return migrationFiles
    .filter((file) => MIGRATION_FILE.test(file))
    .filter((file) => !tests.has(file.replace(/\.ts$/, '.test.ts')))
    .sort();
}

describe('migration tests', () => {
  it('finds a test file of the same name for every migration in src/core/db/migrations', () => {
    const migrations = readdirSync(MIGRATIONS);
    expect(migrations.filter((file) => MIGRATION_FILE.test(file)).length).toBeGreaterThan(30);
    expect(untestedMigrations(migrations, readdirSync(TESTS))).toEqual([]);
  });

  it('fires on a migration without its test, and on a test named after another file', () => {
    const migrations = [
      '0001-settings.ts',
      '0002-service-cache.ts',
      '0003-purchase-attempts.ts',
      'index.ts',
      'types.ts',
    ];
    expect(
      untestedMigrations(migrations, [
        '0001-settings.test.ts',
        // The number is right, the name is not: it does not count.
        '0003-purchases.test.ts',
      ]),
    ).toEqual(['0002-service-cache.ts', '0003-purchase-attempts.ts']);
    expect(
      untestedMigrations(migrations, [
        '0001-settings.test.ts',
        '0002-service-cache.test.ts',
        '0003-purchase-attempts.test.ts',
      ]),
    ).toEqual([]);
  });
});
