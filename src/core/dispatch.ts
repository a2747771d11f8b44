import { APP_ERROR_CODES, type Result } from '../shared/app-error';
import { isChannelName } from '../shared/ipc-contract';
import { contract } from '../shared/ipc-contract';
import type { Handlers } from './handlers';
import { toAppError, zodIssuesToFields } from './to-app-error';

export type Dispatch = (channel: unknown, input: unknown) => Promise<Result<unknown>>;

/**
 * The one entry point for every call from the renderer: Electron's
 * ipcMain.handle and the e2e harness both come through here. Input is
 * validated against the contract before any handler runs; every failure
 * comes back as a value, never as a thrown error.
 */
export function createDispatch(handlers: Handlers): Dispatch {
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
    const parsed = contract[channel].input.safeParse(input ?? {});
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
      return { ok: false, error: toAppError(error) };
    }
  };
}
