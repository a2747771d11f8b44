import type { Database } from '../open-database';

/**
 * One schema step. `version` is its position (1-based) and becomes
 * PRAGMA user_version once applied. A shipped migration is never edited:
 * fix mistakes with a new one.
 */
export type Migration = {
  readonly version: number;
  readonly name: string;
  up(db: Database): void;
};
