import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { LogProblem } from './log';

/** How many warnings and errors "Copiar diagnóstico" shows. */
export const RECENT_PROBLEMS = 20;
/** How much of the end of the last file is read at start for the previous runs' problems. */
const TAIL_BYTES = 256 * 1024;

/** A written line (already scrubbed) as a problem, or null when it is not a warning or error. */
export function problemFrom(line: Record<string, unknown>): LogProblem | null {
  const level = line.level;
  if (level !== 'warn' && level !== 'error') return null;
  const text = (key: string) => (typeof line[key] === 'string' ? (line[key] as string) : undefined);
  const error = line.error as { message?: unknown } | undefined;
  const reason = text('reason') ?? (typeof error?.message === 'string' ? error.message : undefined);
  return {
    time: text('time') ?? '',
    level,
    src: text('src') ?? '',
    event: text('event') ?? '',
    ...(text('code') ? { code: text('code') } : {}),
    ...(reason ? { reason: reason.slice(0, 300) } : {}),
  };
}

/** The last problems still in a log file (its end only: a big file is not read whole). */
export function readProblems(file: string): LogProblem[] {
  let text: string;
  try {
    const fd = openSync(file, 'r');
    try {
      const size = fstatSync(fd).size;
      const length = Math.min(size, TAIL_BYTES);
      const buffer = Buffer.alloc(length);
      readSync(fd, buffer, 0, length, size - length);
      text = buffer.toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return []; // No file yet: a first run.
  }
  const problems: LogProblem[] = [];
  for (const raw of text.split('\n')) {
    try {
      const problem = problemFrom(JSON.parse(raw) as Record<string, unknown>);
      if (problem) problems.push(problem);
    } catch {
      // The first line of a tail is cut, and a crash may leave the last one half written.
    }
  }
  return problems.slice(-RECENT_PROBLEMS);
}

/** The last few problems, oldest first. */
export class ProblemRing {
  private readonly items: LogProblem[];

  constructor(seed: readonly LogProblem[] = []) {
    this.items = seed.slice(-RECENT_PROBLEMS);
  }

  push(problem: LogProblem): void {
    this.items.push(problem);
    if (this.items.length > RECENT_PROBLEMS) this.items.shift();
  }

  list(): readonly LogProblem[] {
    return [...this.items];
  }
}
