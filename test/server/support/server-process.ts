/** Torpedo Server as a real process (test/support/torpedo-server-process.ts), killed when the test ends. */
import { onTestFinished } from 'vitest';
import { spawnTorpedoServer, type ServerProcess } from '../../support/torpedo-server-process';

export type { ServerProcess };

/** On DATABASE_URL `databaseUrl`, or (null) on the embedded Postgres of `--data-dir` among `args`. */
export async function spawnServer(databaseUrl: string | null, args: string[] = []): Promise<ServerProcess> {
  const server = await spawnTorpedoServer(databaseUrl, args);
  onTestFinished(server.kill);
  return server;
}

/** Runs `jobs` with at most `width` at a time. */
export async function inParallel<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
}
