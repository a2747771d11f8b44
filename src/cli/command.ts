import type { Core } from '../core/kernel/create-core';
import type { Connection } from './common-options';
import type { Output } from './output';
import { UsageError } from './usage';

/** What every command gets from the entry point. */
export interface CommandContext {
  env: NodeJS.ProcessEnv;
  /** The terminal's locale (from LANG/LC_ALL), for the few sentences said in the user's language. */
  locale: string;
  output: Output;
  /** Prints the usage and returns exit code 0. */
  help(): number;
  /**
   * Opens the core signed in for the connection, runs `work`, and always
   * closes it. `background`: the outbox worker and the sync run too (only
   * `torpedo worker`); a failed step (StepFailed) is printed, exit 1 (2 for
   * `invalid_input` and `not_found`: a name the command line gave that is not there).
   */
  withCore(
    connection: Connection,
    work: (core: Core) => Promise<number>,
    options?: { background?: boolean },
  ): Promise<number>;
  /**
   * Opens the data folder's core without signing in (local data only: no
   * keychain, no network; the profile the desktop app last signed in to
   * there), runs `work`, and always closes it; a failed step as withCore.
   * Data the app cannot use (a damaged file, a newer format...) fails with
   * what to do, unless `allowRecovery`: the data commands (its backups, a
   * restore) run on the recovery core, where they are the way out.
   */
  withLocalCore(
    local: { dataDir: string; json: boolean; allowRecovery?: boolean },
    work: (core: Core) => Promise<number>,
  ): Promise<number>;
}

export type Command = (args: string[], ctx: CommandContext) => Promise<number>;

/**
 * A command made of subcommands (`torpedo credits buy`): the first argument
 * names one; none, `-h` or `--help` prints the usage; any other word is a
 * usage error saying which there are.
 */
export function withSubcommands(name: string, subcommands: Record<string, Command>): Command {
  // "links create", "list", "clicks" or "deactivate"
  const names = Object.keys(subcommands).map((sub, i) => (i === 0 ? `"${name} ${sub}"` : `"${sub}"`));
  const which = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
  return async (args, ctx) => {
    const [sub, ...rest] = args;
    if (sub === undefined || sub === '--help' || sub === '-h') return ctx.help();
    const command = Object.hasOwn(subcommands, sub) ? subcommands[sub] : undefined;
    if (!command) throw new UsageError(`Unknown ${name} command: use ${which}.`);
    return command(rest, ctx);
  };
}
