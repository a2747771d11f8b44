import type { AppErrorDetails, ErrorCode } from '../shared/app-error';

/**
 * A failure the core raises on purpose, with a stable code the renderer
 * translates. Messages are English fallbacks and never contain secrets.
 */
export class AppFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: AppErrorDetails,
  ) {
    super(message);
    this.name = 'AppFailure';
  }
}
