/**
 * Torpedo Server as a real process (`node --import tsx src/server/main.ts`),
 * for whoever needs one: the server's own tests, the journeys, the bench.
 * Ready once it printed `listening on <url>` and `pairing code: NNNN-NNNN`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = join(import.meta.dirname, '..', '..');

export interface ServerProcess {
  url: string;
  pairingCode: string;
  /** The lines it printed first, in order. */
  lines: string[];
  child: ChildProcess;
  /** SIGKILL: no goodbye, whatever is in flight is cut. */
  kill(): Promise<void>;
  /** SIGTERM, and its exit code once it has closed its pool. */
  stop(): Promise<number | null>;
}

/** On DATABASE_URL `databaseUrl`, or (null) on the embedded Postgres of `--data-dir` among `args`. */
export async function spawnTorpedoServer(
  databaseUrl: string | null,
  args: string[] = [],
): Promise<ServerProcess> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('TORPEDO_') && k !== 'DATABASE_URL'),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--port', '0', ...args], {
    cwd: ROOT,
    env: databaseUrl === null ? env : { ...env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const lines: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const reader = createInterface({ input: child.stdout! });
    reader.on('line', (line) => {
      lines.push(line);
      if (lines.length === 2) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${stderr}`)));
  });
  const url = /^listening on (http:\/\/\S+)$/.exec(lines[0]!)?.[1];
  const pairingCode = /^pairing code: (\d{4}-\d{4})$/.exec(lines[1]!)?.[1];
  if (!url || !pairingCode) {
    await kill();
    throw new Error(`unexpected first lines: ${lines.join(' | ')}`);
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    return child.exitCode;
  };
  return { url, pairingCode, lines, child, kill, stop };
}
