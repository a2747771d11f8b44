import { isLogLevel, openLog, type Log, type LogFields } from '../core/kernel/create-core';

let current: Log | undefined;

/**
 * Main's log: the same file as the core's (`logs/torpedo.log` in the data
 * folder), main's lines marked `src: main`. Opened once at start; the core
 * gets `child('core')` of it.
 */
export function openMainLog(dataDir: string, env: NodeJS.ProcessEnv): Log {
  const level = env.TORPEDO_LOG_LEVEL;
  current = openLog({ dataDir, src: 'main', ...(isLogLevel(level) ? { level } : {}) });
  return current;
}

/**
 * For main's small modules (IPC checks, navigation, the window): a line in
 * the log once it is open, and on the terminal too, where a developer
 * running `npm start` looks.
 */
export const mainLog = {
  warn(event: string, fields?: LogFields): void {
    current?.warn(event, fields);
    console.warn(event, fields ?? '');
  },
  error(event: string, fields?: LogFields): void {
    current?.error(event, fields);
    console.error(event, fields ?? '');
  },
  info(event: string, fields?: LogFields): void {
    current?.info(event, fields);
  },
};
