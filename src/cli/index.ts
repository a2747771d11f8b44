/**
 * The `torpedo` command: the same core and the same data folder as the
 * desktop app, for scripts and terminals. `npm run --silent torpedo -- --help`.
 */
import { failureLine, runCli } from './run';
import { appLanguage } from '../shared/app-language';

const json = process.argv.includes('--json');
const stdout = (text: string) => process.stdout.write(text);
const stderr = (text: string) => process.stderr.write(text);

// A command that fails outside runCli's own handling (a rejection nobody
// awaited) still ends with one clear line, JSON with --json, and exit 1: never
// Node's stack trace, which could quote request options.
const die = (error: unknown): void => {
  failureLine(json, stdout, stderr, error, appLanguage(Intl.DateTimeFormat().resolvedOptions().locale));
  process.exit(1);
};
process.on('uncaughtException', die);
process.on('unhandledRejection', die);

// The core's background waits (a purchase's invoice check, a payment watch)
// run on unref'd timers so that the desktop app can always quit. A command
// that awaits one must not end with it: with nothing else holding the event
// loop, Node would end the process mid-command, silently, with exit code 13.
// This timer holds the loop until the command has finished.
const holdOpen = setInterval(() => undefined, 2 ** 31 - 1);
try {
  process.exitCode = await runCli(process.argv.slice(2), { env: process.env, stdout, stderr });
} finally {
  clearInterval(holdOpen);
}
