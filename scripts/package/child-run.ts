import { spawn } from 'node:child_process';

export interface ChildRun<T> {
  payload: T | null;
  /** Everything the child printed, for the report when it failed. */
  output: string;
  code: number | null;
  ms: number;
}

/**
 * Runs plain Node (this process's own binary: Node 24 under npm) with
 * `args`, and reads the one line starting with `marker ` as JSON. Bounded:
 * a child still running after `timeoutMs` is killed.
 */
export function runNodeChild<T>(
  args: string[],
  marker: string,
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<ChildRun<T>> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--no-warnings', ...args], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 90_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = output.split('\n').find((l) => l.startsWith(`${marker} `));
      const payload = line ? (JSON.parse(line.slice(marker.length + 1)) as T) : null;
      resolve({ payload, output, code, ms: Math.round(performance.now() - started) });
    });
  });
}
