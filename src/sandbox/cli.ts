/**
 * `npm run sandbox -- --port N [--seed N] [--db FILE] [--quiet]`: the sandbox
 * in the foreground on 127.0.0.1. The first line printed is always
 * `Torpedo sandbox listening on http://127.0.0.1:N` (the real port, also for
 * --port 0). SIGINT or SIGTERM closes it and flushes the db file.
 */
import { parseArgs } from 'node:util';
import { startSandbox } from './server';

function intOption(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`--${name} must be a non-negative integer, got "${value}"\n`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8787' },
      seed: { type: 'string' },
      db: { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const sandbox = await startSandbox({
    port: intOption('port', values.port, 8787),
    seed: intOption('seed', values.seed, 1),
    dbFile: values.db,
    log: values.quiet ? undefined : (line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`),
  });
  process.stdout.write(`Torpedo sandbox listening on ${sandbox.url}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: stopping\n`);
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`error while stopping: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
