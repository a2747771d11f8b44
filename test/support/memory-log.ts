import type { Log, LogFields, LogLevel, LogProblem } from '@core/log/log';
import { scrubFields } from '@core/log/scrub';

export interface MemoryLog extends Log {
  /** Every line written, scrubbed as the file's would be, with its source. */
  readonly lines: { level: LogLevel; src: string; event: string; fields: LogFields }[];
  closed: boolean;
}

/**
 * A Log that keeps its lines in memory, for tests that mock what opens the
 * real file (main's unit tests, where the data folder is imaginary).
 */
export function createMemoryLog(dir = '/tmp/memory-log'): MemoryLog {
  const lines: MemoryLog['lines'] = [];
  const secrets: (() => readonly string[])[] = [];
  const problems: LogProblem[] = [];
  const root = {} as MemoryLog;
  const make = (src: string): Log => {
    const write =
      (level: LogLevel) =>
      (event: string, fields: LogFields = {}) => {
        const safe = scrubFields(
          fields,
          secrets.flatMap((s) => s()),
        );
        lines.push({ level, src, event, fields: safe });
        if (level === 'warn' || level === 'error')
          problems.push({ time: new Date().toISOString(), level, src, event });
      };
    return {
      dir,
      debug: write('debug'),
      info: write('info'),
      warn: write('warn'),
      error: write('error'),
      child: (childSrc) => make(childSrc),
      protect: (source) => void secrets.push(source),
      recentProblems: () => [...problems],
      close: async () => {
        if (src === 'main') root.closed = true;
      },
    };
  };
  return Object.assign(root, make('main'), { lines, closed: false });
}
