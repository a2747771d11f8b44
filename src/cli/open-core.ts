import { createCore, type Core, type Host } from '../core/kernel/create-core';
import type { AppError } from '../shared/app-error';
import { problemOfRecovery } from '../shared/data-problem-text';
import type { AppLanguage } from '../shared/app-language';
import type { DataNoticeView } from '../shared/dto';
import type { Connection } from './common-options';
import { dataProblemError, type Output } from './output';
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

/**
 * Which core a command runs on: signed in for a connection, or the folder's
 * local data only. `allowRecovery`: the data commands (its backups, a
 * restore) run on the recovery core too, where they are the way out.
 */
export type CoreTarget = { connection: Connection } | { localDataDir: string; allowRecovery?: boolean };

/**
 * The same core the desktop app runs, on the same data folder, opened through
 * the one path that checks the data and backs it up before any update, with
 * its own log beside the app's (logs/cli.log: two processes never rotate one
 * file). Data the core cannot use (a damaged file, a newer format, a failed
 * update, a folder that cannot be written, a full disk) is a CoreFailure that
 * says what is wrong and what to do, in the terminal's language; what the
 * start did to the folder (a stray WAL set aside) is said on stderr.
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
  {
    background = false,
    env = process.env,
    output,
  }: { background?: boolean; env?: NodeJS.ProcessEnv; output: Output },
): Promise<Core> {
  const common = { host, env, logName: 'cli' };
  if ('localDataDir' in target) {
    const dataDir = target.localDataDir;
    const core = await createCore({ ...common, dataDir, secretStore: null, localOnly: true });
    return checked(core, dataDir, output, target.allowRecovery ?? false);
  }
  const { connection } = target;
  const key = connection.explicit?.accountKey;
  const core = await checked(
    await createCore({
      ...common,
      demo: demoService,
      dataDir: connection.dataDir,
      // Only `torpedo worker` drains the outbox; other commands do their one job.
      background,
      secretStore: connection.explicit ? null : undefined,
      ...(key ? { logSecrets: () => [key] } : {}),
    }),
    connection.dataDir,
    output,
    false,
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

/**
 * The core when its data can be used (or `allowRecovery`), after saying on
 * stderr what its start did to the folder; else closed, and a CoreFailure
 * naming the data's trouble.
 */
async function checked(core: Core, dataDir: string, output: Output, allowRecovery: boolean): Promise<Core> {
  const recovery = await core.dispatch('data:recovery', {});
  if (recovery.ok && recovery.value && !allowRecovery) {
    await core.close();
    throw new CoreFailure(dataProblemError(problemOfRecovery(recovery.value), dataDir), dataDir);
  }
  const notices = await core.dispatch('data:notices', {});
  for (const notice of notices.ok ? notices.value : []) output.err(noticeLine(notice, output.language));
  return core;
}

/** What a start did to the data folder (a stray WAL set aside), in the terminal's language. */
export function noticeLine({ file }: DataNoticeView, language: AppLanguage): string {
  const kind = file.replace(/\.set-aside-.*$/, '');
  return language === 'pt-BR'
    ? `Aviso: havia um arquivo ${kind} que não era destes dados (sobra de uma cópia restaurada à mão). Ele foi guardado à parte como ${file}, sem ser aplicado; seus dados foram abertos como estavam.`
    : `Note: a ${kind} file that did not belong to this data (left by a restore by hand) was set aside as ${file}, unapplied; your data was opened as it was.`;
}
