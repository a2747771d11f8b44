import type { Core } from '../core/core';
import { purchaseTimings } from '../core/billing/purchase/purchase-timings';
import { createCore, type CreateCoreOptions } from '../core/create-core';
import type { Host } from '../core/host';
import type { Log } from '../core/log/log';
import { isLogLevel } from '../core/log/log-level';
import { openLog } from '../core/log/open-log';
import type { AppError } from '../shared/app-error';
import type { Connection } from './common-options';
import type { Output } from './output';
import { dataProblemFailure, problemOfRecovery } from '../core/db/data-problem';
import { toAppError } from '../core/to-app-error';
import { demoService } from '../sandbox/index';

export class CoreFailure extends Error {
  constructor(
    readonly error: AppError,
    /** The data folder the failure is about, for the sentence that names it. */
    readonly folder = '',
  ) {
    super(error.message);
    this.name = 'CoreFailure';
  }
}

/** The CLI's own log file beside the app's (logs/cli.log): two processes never rotate one file. */
export function openCliLog(dataDir: string, env: NodeJS.ProcessEnv): Log {
  const level = env.TORPEDO_LOG_LEVEL;
  return openLog({ dataDir, name: 'cli', src: 'cli', ...(isLogLevel(level) ? { level } : {}) });
}

/**
 * The core on the data folder for one command, logging to cli.log, or a
 * CoreFailure that says what is wrong with the data (a damaged file, a newer
 * format, a failed update, a folder that cannot be written, a full disk) in
 * the terminal's language, with what to do. What the start did to the
 * folder (a stray WAL set aside) is said on stderr.
 */
async function startCore(
  dataDir: string,
  output: Output,
  env: NodeJS.ProcessEnv,
  options: Omit<CreateCoreOptions, 'dataDir' | 'log'>,
  { secrets = [], allowRecovery = false }: { secrets?: readonly string[]; allowRecovery?: boolean } = {},
): Promise<Core> {
  const log = openCliLog(dataDir, env);
  if (secrets.length) log.protect(() => secrets);
  const core = await createCore({ ...options, dataDir, log }).catch(async (error: unknown) => {
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
  const recovery = await core.dispatch('data:recovery', {});
  if (recovery.ok && recovery.value && !allowRecovery) {
    await withLog.close();
    throw new CoreFailure(
      toAppError(dataProblemFailure(problemOfRecovery(recovery.value), dataDir)),
      dataDir,
    );
  }
  const notices = await core.dispatch('data:notices', {});
  for (const notice of notices.ok ? notices.value : []) output.err(noticeLine(notice.file, output.language));
  return withLog;
}

/** What a start did to the data folder (a stray WAL set aside), in the terminal's language. */
export const noticeLine = (file: string, language: Output['language']) =>
  language === 'pt-BR'
    ? `Aviso: havia um arquivo ${file.replace(/\.set-aside-.*$/, '')} que não era destes dados (sobra de uma cópia restaurada à mão). Ele foi guardado à parte como ${file}, sem ser aplicado; seus dados foram abertos como estavam.`
    : `Note: a ${file.replace(/\.set-aside-.*$/, '')} file that did not belong to this data (left by a restore by hand) was set aside as ${file}, unapplied; your data was opened as it was.`;

/**
 * The folder's data only: no sign-in, no network, no background work
 * (campaign, import). `allowRecovery`: the data commands (its backups, a
 * restore) run on the recovery core too, where they are the way out.
 */
export function openLocalCore(
  dataDir: string,
  host: Host,
  output: Output,
  env: NodeJS.ProcessEnv,
  allowRecovery = false,
): Promise<Core> {
  return startCore(dataDir, output, env, { host, secretStore: null, localOnly: true }, { allowRecovery });
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
  output: Output,
  background = false,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Core> {
  const core = await startCore(
    connection.dataDir,
    output,
    env,
    {
      demo: demoService,
      host,
      // Only `torpedo worker` drains the outbox; other commands do their one job.
      background,
      // The purchase's waits, as credits buy's progress lines count them down (TORPEDO_PURCHASE_TIMINGS).
      billingTimings: purchaseTimings(env),
      secretStore: connection.explicit ? null : undefined,
    },
    { secrets: connection.explicit ? [connection.explicit.accountKey] : [] },
  );
  if (connection.explicit) {
    const signedIn = await core.dispatch('session:signIn', { ...connection.explicit, allowMemoryOnly: true });
    if (!signedIn.ok) {
      await core.close();
      throw new CoreFailure(signedIn.error);
    }
  }
  return core;
}
