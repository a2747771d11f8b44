import { createCore, type Core, type Host } from '../core/create-core';
import type { AppError } from '../shared/app-error';
import type { Connection } from './common-options';
import { demoService } from '../sandbox/index';

export class CoreFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
    this.name = 'CoreFailure';
  }
}

/** Which core a command runs on: signed in for a connection, or the folder's local data only. */
export type CoreTarget = { connection: Connection } | { localDataDir: string };

/**
 * The same core the desktop app runs, on the same data folder, with its own
 * log beside the app's (logs/cli.log: two processes never rotate one file).
 *
 * With a connection it signs in: with an explicit key for this run only (no
 * keychain, and the desktop app's saved sign-in is left untouched), else as
 * the account the desktop app is signed in to (its key from the OS keychain).
 * Note: an explicit key acts as the folder's one account profile; buying for
 * a different account than the desktop app's should use its own --data-dir,
 * or the two accounts' purchase histories would mix.
 *
 * Local (`localDataDir`): no sign-in, no keychain, no network; the channels
 * act on the profile the desktop app last signed in to there.
 */
export async function openCore(
  target: CoreTarget,
  host: Host,
  { background = false, env = process.env }: { background?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<Core> {
  const common = { host, env, logName: 'cli' };
  if ('localDataDir' in target) {
    return createCore({ ...common, dataDir: target.localDataDir, secretStore: null, localOnly: true });
  }
  const { connection } = target;
  const key = connection.explicit?.accountKey;
  const core = await createCore({
    ...common,
    demo: demoService,
    dataDir: connection.dataDir,
    // Only `torpedo worker` drains the outbox; other commands do their one job.
    background,
    secretStore: connection.explicit ? null : undefined,
    ...(key ? { logSecrets: () => [key] } : {}),
  });
  if (connection.explicit) {
    const signedIn = await core.dispatch('session:signIn', { ...connection.explicit, allowMemoryOnly: true });
    if (!signedIn.ok) {
      await core.close();
      throw new CoreFailure(signedIn.error);
    }
  }
  return core;
}
