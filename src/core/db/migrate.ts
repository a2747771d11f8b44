import { installPhoneHashFunction } from './suppressed-function';
import type { Database } from './open-database';
import type { Migration } from './migrations/types';
import { allMigrations } from './migrations';

/** The data folder comes from a newer Torpedo; opening it could corrupt it. */
export class DatabaseTooNewError extends Error {
  readonly code = 'database_too_new';

  constructor(
    readonly databaseVersion: number,
    readonly knownVersion: number,
  ) {
    super(
      `This data folder was written by a newer version of Torpedo (database version ${databaseVersion}, ` +
        `this app knows up to ${knownVersion}). Update Torpedo to open it.`,
    );
    this.name = 'DatabaseTooNewError';
  }
}

/**
 * A gap or a duplicate would make user_version lie about the schema, so a
 * badly numbered list is a programming error, refused before the file is touched.
 */
export function assertConsecutive(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `Migrations must be numbered 1, 2, 3, ... without gaps or duplicates: ` +
          `position ${index + 1} holds version ${migration.version} (${migration.name}).`,
      );
    }
  });
}

/** A migration threw: its transaction rolled back, the file stays at the version before it. */
export class MigrationFailedError extends Error {
  readonly code = 'migration_failed';

  constructor(
    readonly version: number,
    readonly migrationName: string,
    cause: unknown,
  ) {
    super(
      `Migration ${version} (${migrationName}) failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'MigrationFailedError';
  }
}

export function userVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Applies pending migrations, tracking progress in PRAGMA user_version.
 * Each migration and its version bump share one transaction, so a failure
 * leaves the file exactly at the previous version.
 */
export function migrate(db: Database, migrations: readonly Migration[] = allMigrations): void {
  assertConsecutive(migrations);
  // The schema's SQL calls it (the audiences leave erased numbers out): any connection that has the
  // schema, even one opened without open-database.ts (a tool, a test), can then run that SQL.
  installPhoneHashFunction(db);
  const latest = migrations.length;

  const current = userVersion(db);
  if (current > latest) throw new DatabaseTooNewError(current, latest);

  for (const migration of migrations.slice(current)) {
    const apply = db.transaction(() => {
      // Another process (the CLI beside the app) may have migrated while we
      // waited for the write lock: re-read inside the transaction.
      if (userVersion(db) >= migration.version) return;
      migration.up(db);
      // PRAGMA cannot take bound parameters; version is a checked integer.
      db.pragma(`user_version = ${migration.version}`);
    });
    try {
      // IMMEDIATE takes the write lock up front, so the re-read above is reliable.
      apply.immediate();
    } catch (error) {
      throw new MigrationFailedError(migration.version, migration.name, error);
    }
  }
}
