/**
 * The `torpedo` command: the same core and the same data folder as the
 * desktop app, for scripts and terminals. `npm run --silent torpedo -- --help`.
 */
import { runCli } from './run';

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
process.exitCode = code;
