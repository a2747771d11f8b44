import type { LogLevel } from './log';

/** `TORPEDO_LOG_LEVEL=debug` (or info, warn, error) in the environment; anything else is ignored. */
export function isLogLevel(value: unknown): value is LogLevel {
  return value === 'debug' || value === 'info' || value === 'warn' || value === 'error';
}
