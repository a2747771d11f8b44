/**
 * One real embedded Postgres per test file (started in beforeAll, stopped in
 * afterAll), and a fresh database on it for each test that asks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../src/server/db/embedded';
import { openPool, type Pool } from '../../../src/server/db/pool';

export const POSTGRES_START_MS = 120_000;

export interface TestPostgres {
  /** A new empty database; its URL. */
  newDatabase(): Promise<string>;
  /** A pool on a new empty database, closed after the test. */
  newPool(): Promise<Pool>;
  /** A pool on `url`, closed after the test. */
  poolOf(url: string): Pool;
}

let counter = 0;

export function usePostgres(): TestPostgres {
  let dir = '';
  let db: EmbeddedDatabase | null = null;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'torpedo-server-pg-'));
    db = await startEmbeddedPostgres(dir);
  }, POSTGRES_START_MS);
  afterAll(async () => {
    await db?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, POSTGRES_START_MS);
  const poolOf = (url: string) => {
    const pool = openPool(url);
    onTestFinished(() => pool.end());
    return pool;
  };
  const newDatabase = async () => {
    if (!db) throw new Error('Postgres is not started');
    const name = `t${process.pid}_${++counter}`;
    await db.createDatabase(name);
    return db.urlOf(name);
  };
  return { newDatabase, poolOf, newPool: async () => poolOf(await newDatabase()) };
}
