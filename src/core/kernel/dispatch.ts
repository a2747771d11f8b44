import { APP_ERROR_CODES, type AppError, type Result } from '../../shared/app-error';
import { isChannelName } from '../../shared/ipc-contract';
import { contract } from '../../shared/ipc-contract';
import type { Handlers } from './handlers';
import type { Log } from '../log/log';
import { toAppError, zodIssuesToFields } from '../to-app-error';
import { validationWords } from '../../shared/validation-words';

export type Dispatch = (channel: unknown, input: unknown) => Promise<Result<unknown>>;

/**
 * The one entry point for every call from the renderer: Electron's
 * ipcMain.handle and the e2e harness both come through here. Input is
 * validated against the contract before any handler runs; every failure
 * comes back as a value, never as a thrown error.
 */
export function createDispatch(handlers: Handlers, log?: Log): Dispatch {
  return async (channel, input) => {
    if (!isChannelName(channel)) {
      return {
        ok: false,
        error: {
          code: APP_ERROR_CODES.unknownChannel,
          message: `Unknown channel: ${String(channel).slice(0, 64)}`,
        },
      };
    }
    // zod's own English ("Too small: expected string...") only where no schema said why in its words.
    const parsed = contract[channel].input.safeParse(input ?? {}, { error: validationWords });
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          code: APP_ERROR_CODES.invalidInput,
          message: 'Some fields are not valid.',
          details: { fields: zodIssuesToFields(parsed.error) },
        },
      };
    }
    try {
      const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      const appError = toAppError(error);
      logFailure(log, channel, appError, error);
      return { ok: false, error: appError };
    }
  };
}

/**
 * Every failure a user may see, as support needs it: the channel and code,
 * the service's status and words; the raw error only when Torpedo itself
 * broke (its stack is the one clue). Never the input: it holds phone
 * numbers and messages. A refusal is a warning (a routine one only a line);
 * a bug, an error.
 */
function logFailure(log: Log | undefined, channel: string, appError: AppError, raw: unknown): void {
  if (!log) return;
  const { code, details } = appError;
  const fields = {
    channel,
    code,
    ...(details?.status !== undefined ? { status: details.status } : {}),
    ...(details?.serviceCode ? { serviceCode: details.serviceCode } : {}),
    ...(details?.reason ? { reason: details.reason } : {}),
    ...(details?.serviceMessage ? { serviceMessage: details.serviceMessage } : {}),
  };
  if (code === APP_ERROR_CODES.internal) log.error('channel.failed', { ...fields, error: raw });
  else if (ROUTINE.has(code)) log.info('channel.refused', fields);
  else log.warn('channel.failed', fields);
}

/**
 * Refusals that are the app working as meant (a form with a mistake, a
 * window asking while signed out, the recovery page's closed screens): kept
 * in the log, but not among the "last problems" the diagnostics show.
 */
const ROUTINE: ReadonlySet<string> = new Set([
  APP_ERROR_CODES.invalidInput,
  APP_ERROR_CODES.notSignedIn,
  APP_ERROR_CODES.dataUpgradeFailed,
]);
