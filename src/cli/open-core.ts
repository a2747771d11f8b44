import type { Core } from '../core/core';
import { purchaseTimings } from '../core/billing/purchase/purchase-timings';
import { createCore } from '../core/create-core';
import type { Host } from '../core/host';
import { isLogLevel } from '../core/log/log-level';
import { openLog } from '../core/log/open-log';
import type { AppError } from '../shared/app-error';
import type { Connection } from './common-options';
import { demoService } from '../sandbox/index';

export class CoreFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
    this.name = 'CoreFailure';
  }
}

/**
 * The same core the desktop app runs, on the same data folder. With an
 * explicit key the CLI signs in for this run only: no keychain, and the
 * desktop app's saved sign-in is left untouched. Without one it uses the
 * account the desktop app is signed in to (its key from the OS keychain).
 *
 * Note: an explicit key acts as the folder's one account profile; buying for
 * a different account than the desktop app's should use its own --data-dir,
 * or the two accounts' purchase histories would mix.
 */
export async function openCore(
  connection: Connection,
  host: Host,
  background = false,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Core> {
  // Its own file beside the app's (logs/cli.log): two processes never rotate one file.
  const level = env.TORPEDO_LOG_LEVEL;
  const log = openLog({
    dataDir: connection.dataDir,
    name: 'cli',
    src: 'cli',
    ...(isLogLevel(level) ? { level } : {}),
  });
  if (connection.explicit) {
    const key = connection.explicit.accountKey;
    log.protect(() => [key]);
  }
  const core = await createCore({
    demo: demoService,
    dataDir: connection.dataDir,
    host,
    log,
    // Only `torpedo worker` drains the outbox; other commands do their one job.
    background,
    // The purchase's waits, as credits buy's progress lines count them down (TORPEDO_PURCHASE_TIMINGS).
    billingTimings: purchaseTimings(env),
    secretStore: connection.explicit ? null : undefined,
  }).catch(async (error: unknown) => {
    await log.close();
    throw error;
  });
  // The log outlives the core by the last line the core writes.
  const withLog: Core = {
    ...core,
    close: async () => {
      await core.close();
      await log.close();
    },
  };
  if (connection.explicit) {
    const signedIn = await core.dispatch('session:signIn', { ...connection.explicit, allowMemoryOnly: true });
    if (!signedIn.ok) {
      await withLog.close();
      throw new CoreFailure(signedIn.error);
    }
  }
  return withLog;
}
