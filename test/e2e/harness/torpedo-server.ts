/**
 * A Torpedo Server for a spec that needs one (issue 33's journey): its own
 * process on its own embedded Postgres in a temp folder, started on the
 * first `start()` (the others never pay its few seconds) and stopped after
 * the test.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnTorpedoServer, type ServerProcess } from '../../support/torpedo-server-process';

export interface TorpedoServerFixture {
  /** The server's address (loopback http) and its first pairing code. */
  start(): Promise<Pick<ServerProcess, 'url' | 'pairingCode'>>;
}

export async function torpedoServerFixture(
  use: (fixture: TorpedoServerFixture) => Promise<void>,
): Promise<void> {
  let dir: string | null = null;
  let server: ServerProcess | null = null;
  try {
    await use({
      start: async () => {
        if (!server) {
          dir = await mkdtemp(join(tmpdir(), 'torpedo-e2e-server-'));
          server = await spawnTorpedoServer(null, ['--data-dir', dir]);
        }
        return server;
      },
    });
  } finally {
    await (server as ServerProcess | null)?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
