import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import pino from 'pino';
import { createStream } from 'rotating-file-stream';
import type { Log, LogFields, LogLevel } from './log';
import { ProblemRing, problemFrom, readProblems } from './recent-problems';
import { scrubFields, scrubText } from './scrub';
import { makeOwnerOnlyFolder, OWNER_ONLY_FILE } from '../files/owner-only';

/** The longest a close waits for the last lines to be written. */
const CLOSE_GRACE_MS = 2_000;

/** The log files' folder inside the data folder. */
export const LOG_FOLDER = 'logs';

export interface OpenLogOptions {
  /** The app's data folder; the files go in its `logs/`. */
  dataDir: string;
  /**
   * The file's name without `.log`: `torpedo` for the desktop app, `cli` for
   * the command line, so two processes on one folder never rotate the same file.
   */
  name?: string;
  /** Where the lines come from (`core`, `main`, `cli`). */
  src?: string;
  /** Lowest level written; default `info` (`TORPEDO_LOG_LEVEL=debug` in the hosts). */
  level?: LogLevel;
  /** Rotate past this many bytes (default 1 MB)... */
  maxBytes?: number;
  /** ...keeping this many older files (default 4): at most 5 MB of logs. */
  keep?: number;
}

/**
 * The log file for one process on one data folder: JSON lines (pino), one
 * object each with `time`, `level`, `src` and `event`, rotated by size
 * (rotating-file-stream, the classic `torpedo.log`, `torpedo.log.1`, ...).
 * Plain Node: the same file is written by the packed app, the CLI and the tests.
 */
export function openLog(options: OpenLogOptions): Log {
  const dir = join(options.dataDir, LOG_FOLDER);
  try {
    makeOwnerOnlyFolder(dir);
  } catch {
    // A read-only or full disk: the lines are lost, and the app starts to say why (the core's open does).
  }
  const fileName = `${options.name ?? 'torpedo'}.log`;
  const problems = new ProblemRing(readProblems(join(dir, fileName)));
  const stream = createStream((index) => (index ? `${fileName}.${index}` : fileName), {
    path: dir,
    size: `${Math.max(1, Math.round((options.maxBytes ?? 1024 * 1024) / 1024))}K`,
    rotate: options.keep ?? 4,
    // Owner-only: a log names customers' campaigns and counts, and its owner's folders.
    mode: OWNER_ONLY_FILE,
  });
  // A log must never stop the app: a full disk or a removed folder only loses lines.
  stream.on('error', () => undefined);
  const logger = pino(
    {
      level: options.level ?? 'info',
      // No hostname: a computer's name is often its owner's.
      base: { pid: process.pid },
      messageKey: 'event',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
  const secretSources: (() => readonly string[])[] = [];
  const secrets = () => secretSources.flatMap((source) => source()).filter(Boolean);
  let closed = false;

  const make = (src: string, isRoot: boolean): Log => {
    const write = (level: LogLevel, event: string, fields: LogFields = {}) => {
      if (closed || !logger.isLevelEnabled(level)) return;
      const safe = scrubFields(fields, secrets());
      const name = scrubText(event);
      logger[level]({ src, ...safe }, name);
      if (level === 'warn' || level === 'error') {
        const problem = problemFrom({ ...safe, level, src, event: name, time: new Date().toISOString() });
        if (problem) problems.push(problem);
      }
    };
    return {
      dir,
      debug: (event, fields) => write('debug', event, fields),
      info: (event, fields) => write('info', event, fields),
      warn: (event, fields) => write('warn', event, fields),
      error: (event, fields) => write('error', event, fields),
      child: (childSrc) => make(childSrc, false),
      protect: (source) => void secretSources.push(source),
      recentProblems: () => problems.list(),
      close: async () => {
        if (!isRoot || closed) return;
        closed = true;
        // A stream that failed (a full disk, a removed folder) may never finish: what could be
        // written is, and closing never waits more than a moment for the rest.
        const done = finished(stream).catch(() => undefined);
        stream.end();
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)));
        await Promise.race([done, grace]);
        clearTimeout(timer);
      },
    };
  };
  return make(options.src ?? 'core', true);
}
