import type { Core } from '../core/core';
import { createCliHost } from './cli-host';
import type { Command, CommandContext } from './command';
import { balanceCommand } from './commands/balance';
import { campaignCommand } from './commands/campaign';
import { contactsCommand } from './commands/contacts';
import { creditsCommand } from './commands/credits';
import { dataCommand } from './commands/data';
import { importCommand } from './commands/import';
import { linksCommand } from './commands/links';
import { workerCommand } from './commands/worker';
import { CoreFailure, openCore } from './open-core';
import { createOutput, inTerminalWords, printError } from './output';
import { APP_ERROR_CODES } from '../shared/app-error';
import { EXIT, USAGE, UsageError } from './usage';
import { dataProblemFailure, dataProblemOf } from '../core/db/data-problem';
import { notifyLanguage, type NotifyLanguage } from '../core/notify';
import { toAppError } from '../core/to-app-error';

/** Top-level commands. Others (import, campaign, status, sandbox) add themselves here. */
const COMMANDS: Record<string, Command> = {
  balance: balanceCommand,
  campaign: campaignCommand,
  contacts: contactsCommand,
  credits: creditsCommand,
  data: dataCommand,
  import: importCommand,
  links: linksCommand,
  worker: workerCommand,
};

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Runs one command line; resolves with the exit code. Never throws. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  // Any key given must never be printed, whatever path an error takes.
  const keys = () => [io.env.TORPEDO_KEY ?? '', ...argv.filter((_, i) => argv[i - 1] === '--key')];
  const locale = Intl.DateTimeFormat().resolvedOptions().locale;
  const output = createOutput(io.stdout, io.stderr, keys, notifyLanguage(locale));
  const json = argv.includes('--json');
  const ctx: CommandContext = {
    env: io.env,
    locale,
    output,
    help: () => {
      output.out(USAGE);
      return EXIT.ok;
    },
    withCore: async (connection, work) => {
      const core: Core = await openCore(
        connection,
        createCliHost((line) => output.err(line)),
        output,
        false,
        io.env,
      );
      try {
        return await work(core);
      } finally {
        await core.close();
      }
    },
  };

  const [name, ...rest] = argv;
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') return ctx.help();
    const command = COMMANDS[name];
    if (!command) throw new UsageError('Unknown command.');
    return await command(rest, ctx);
  } catch (error) {
    if (error instanceof UsageError) {
      if (json) printError(output, { code: USAGE_ERROR_CODE, message: error.message }, true);
      output.err(`${error.message}\n\n${USAGE}`);
      return EXIT.usage;
    }
    if (error instanceof CoreFailure) {
      printError(output, error.error, json, error.folder);
      return EXIT.failed;
    }
    failureLine(json, output.out, output.err, error, output.language);
    return EXIT.failed;
  }
}

/** The code printed with --json for a command line that cannot be run (exit 2). */
export const USAGE_ERROR_CODE = 'usage';

/**
 * A failure no command caught, said without its details (they could hold
 * request options): a line on stderr, and with --json also the error as JSON
 * on stdout. A trouble of the data folder (a full disk, a folder that cannot
 * be written, a damaged file) is named, with what to do and the underlying
 * code; only anything else is "failed unexpectedly".
 */
export function failureLine(
  json: boolean,
  out: (text: string) => void,
  err: (text: string) => void,
  error?: unknown,
  language: NotifyLanguage = 'en',
): void {
  const problem = dataProblemOf(error);
  const { code, message } = problem
    ? inTerminalWords(toAppError(dataProblemFailure(problem, '')), language)
    : {
        code: APP_ERROR_CODES.internal,
        message: `Torpedo failed unexpectedly${error instanceof Error ? ` (${error.name})` : ''}.`,
      };
  if (json) out(`${JSON.stringify({ error: { code, message } }, null, 2)}\n`);
  err(problem ? `Error (${code}): ${message}\n` : `${message}\n`);
}
