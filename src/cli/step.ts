import type { Result } from '../shared/app-error';
import type { CliError } from './output';

/** A step of a command that failed, with the core's error or the CLI's own (the command prints it). */
export class StepFailed extends Error {
  constructor(readonly error: CliError) {
    super(error.message);
  }
}

/** The value of a core call, or the command stops at this step with its error. */
export function ok<T>(result: Result<T>): T {
  if (!result.ok) throw new StepFailed(result.error);
  return result.value;
}
