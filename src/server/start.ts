/**
 * Starts Torpedo Server: Postgres (DATABASE_URL's, or the embedded one in
 * `<dataDir>/postgres`), the migrations, the first workspace, the HTTP
 * side, and a pairing code. Used by main.ts and by the tests, in process.
 */
import type { FastifyInstance } from 'fastify';
import { createPairingCode } from './devices/pairing';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { migrate } from './db/migrate';
import { openPool, type Pool } from './db/pool';
import { defaultWorkspace } from './db/workspaces';
import { buildApp, type AppOptions } from './http/app';

export interface StartOptions extends Omit<AppOptions, 'pool'> {
  port: number;
  host?: string;
  /** Where the embedded Postgres keeps its cluster; required without `databaseUrl`. */
  dataDir?: string;
  databaseUrl?: string;
  onWarning?: (message: string) => void;
}

export interface RunningServer {
  /** `http://127.0.0.1:8080` */
  url: string;
  pairingCode: string;
  workspaceId: string;
  pool: Pool;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl) {
    if (!options.dataDir) throw new Error('--data-dir is required when DATABASE_URL is not set');
    embedded = await startEmbeddedPostgres(options.dataDir, options.onWarning);
    databaseUrl = embedded.url;
  }
  const pool = openPool(databaseUrl);
  try {
    await migrate(pool);
    const workspaceId = await defaultWorkspace(pool);
    const app = await buildApp({ ...options, pool });
    const url = await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
    const { code } = await createPairingCode(pool, workspaceId, (options.now ?? Date.now)());
    return {
      url,
      pairingCode: code,
      workspaceId,
      pool,
      app,
      close: async () => {
        await app.close();
        await pool.end();
        await embedded?.stop();
      },
    };
  } catch (err) {
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
}
