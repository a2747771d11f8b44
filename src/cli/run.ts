import { dataProblemOf, type Core } from '../core/kernel/create-core';
import { createCliHost } from './cli-host';
import { withSubcommands, type Command, type CommandContext } from './command';
import { automationsCommand } from './commands/automations';
import { balanceCommand } from './commands/balance';
import { blockCommand } from './commands/block';
import { privacyRequestSubcommands } from './commands/privacy-requests';
import { campaignCommand } from './commands/campaign';
import { contactsCommand } from './commands/contacts';
import { creditsCommand } from './commands/credits';
import { dataCommand } from './commands/data';
import { calendarCommand, galleryCommand } from './commands/gallery';
import { importCommand } from './commands/import';
import { inboxCommand } from './commands/inbox';
import { privacySubcommands } from './commands/privacy';
import { linksCommand } from './commands/links';
import { rulesCommand } from './commands/rules';
import { segmentsCommand } from './commands/segments';
import { serverCommand } from './commands/server';
import { templatesCommand } from './commands/templates';
import { workerCommand } from './commands/worker';
import { CoreFailure, openCore, type CoreTarget } from './open-core';
import { keysRead } from './common-options';
import { createOutput, dataProblemError, inTerminalWords, printError, type Output } from './output';
import { APP_ERROR_CODES } from '../shared/app-error';
import { StepFailed } from './step';
import { EXIT, USAGE, UsageError } from './usage';
import { appLanguage, type AppLanguage } from '../shared/app-language';

/** Top-level commands. Others (import, campaign, status, sandbox) add themselves here. */
const COMMANDS: Record<string, Command> = {
  automations: automationsCommand,
  balance: balanceCommand,
  block: blockCommand,
  campaign: campaignCommand,
  contacts: contactsCommand,
  credits: creditsCommand,
  calendar: calendarCommand,
  data: dataCommand,
  gallery: galleryCommand,
  import: importCommand,
  inbox: inboxCommand,
  links: linksCommand,
  privacy: withSubcommands('privacy', { ...privacySubcommands, ...privacyRequestSubcommands }),
  rules: rulesCommand,
  segments: segmentsCommand,
  server: serverCommand,
  templates: templatesCommand,
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
  const keys = () => [
    io.env.TORPEDO_KEY ?? '',
    ...argv.filter((_, i) => argv[i - 1] === '--key'),
    ...argv.filter((a) => a.startsWith('--key=')).map((a) => a.slice('--key='.length)),
    ...keysRead,
  ];
  const locale = Intl.DateTimeFormat().resolvedOptions().locale;
  const output = createOutput(io.stdout, io.stderr, keys, appLanguage(locale));
  if (keyOnCommandLine(argv)) {
    output.err(
      'Warning: a key given with --key is visible to other users of this computer (ps). ' +
        'Use --key - (read from stdin), --key-file PATH or TORPEDO_KEY.',
    );
  }
  const json = argv.includes('--json');
  const ctx: CommandContext = {
    env: io.env,
    locale,
    output,
    help: () => {
      output.out(USAGE);
      return EXIT.ok;
    },
    withCore: (connection, work, options) =>
      runOn({ connection }, connection.json, work, { ...options, env: io.env, output }),
    withLocalCore: (local, work) =>
      runOn({ localDataDir: local.dataDir, allowRecovery: local.allowRecovery ?? false }, local.json, work, {
        env: io.env,
        output,
      }),
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

/**
 * The codes of a command line that cannot be run as typed: input the
 * contract refused, and a name or id it gave that is not there (a segment,
 * a list, a campaign, a template: `not_found`, naming it).
 */
const usageCodes = new Set<string>([APP_ERROR_CODES.invalidInput, APP_ERROR_CODES.notFound]);

/**
 * Every command's core: opened for the target, `work` run on it, a failed
 * step printed (exit 2 for a command line that cannot be run as typed, see
 * usageCodes; else 1), and the core always closed.
 */
async function runOn(
  target: CoreTarget,
  json: boolean,
  work: (core: Core) => Promise<number>,
  options: { background?: boolean; env: NodeJS.ProcessEnv; output: Output },
): Promise<number> {
  const { output } = options;
  const core = await openCore(
    target,
    createCliHost((line) => output.err(line)),
    options,
  );
  try {
    return await work(core);
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    printError(
      output,
      error.error,
      json,
      'localDataDir' in target ? target.localDataDir : target.connection.dataDir,
    );
    return usageCodes.has(error.error.code) ? EXIT.usage : EXIT.failed;
  } finally {
    await core.close();
  }
}

/** `--key VALUE` (or `--key=VALUE`): a key written on the command line itself, not `--key -`. */
function keyOnCommandLine(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  const options = end < 0 ? argv : argv.slice(0, end);
  return options.some(
    (a, i) =>
      (a === '--key' && options[i + 1] !== undefined && options[i + 1] !== '-') || /^--key=(?!-$)./.test(a),
  );
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
  language: AppLanguage = 'en',
): void {
  const problem = dataProblemOf(error);
  const { code, message } = problem
    ? inTerminalWords(dataProblemError(problem, ''), language)
    : {
        code: APP_ERROR_CODES.internal,
        message: `Torpedo failed unexpectedly${error instanceof Error ? ` (${error.name})` : ''}.`,
      };
  if (json) out(`${JSON.stringify({ error: { code, message } }, null, 2)}\n`);
  err(problem ? `Error (${code}): ${message}\n` : `${message}\n`);
}
