/**
 * The CLI as a user runs it, for the tests under test/cli: a separate
 * process (`node --import tsx src/cli/index.ts ...`, what `npm run torpedo` runs, without
 * npx's own start at every call) in the project folder, with a
 * clean environment (no TORPEDO_* from the developer's shell, but the run's
 * import worker bundle), and temporary
 * data folders removed when the file's tests are done.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { IMPORT_WORKER_BUNDLE_ENV } from '@core/import/worker/worker-entry';

export const ROOT = join(import.meta.dirname, '..', '..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `input`: what the process reads on stdin (none: stdin is closed). */
export function torpedo(args: string[], env: Record<string, string> = {}, input?: string): Promise<CliRun> {
  // The run's import worker bundle (test/support/global) is the tests' own, not the shell's: it stays.
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('TORPEDO_') || k === IMPORT_WORKER_BUNDLE_ENV),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], {
      cwd: ROOT,
      env: { ...base, ...env },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (input !== undefined) child.stdin!.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Makes temporary folders named `prefix…`; all are removed after the calling file's tests. */
export function tempFolders(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
