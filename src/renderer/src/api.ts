/**
 * The renderer's only door to main: a typed client over window.torpedo,
 * derived from the shared IPC contract. Stores call this; views never do.
 */
import type { AppError, AppErrorDetails } from '@shared/app-error';
import type { ChannelName, EventName } from '@shared/ipc-contract';
import type { EventPayloads, InputOf, OutputOf, TorpedoBridge } from '@shared/ipc-contract';

/** A failed call: `code` is the stable error code the UI translates. */
export class ApiError extends Error {
  readonly code: string;
  readonly details?: AppErrorDetails;

  constructor(error: AppError) {
    super(error.message);
    this.name = 'ApiError';
    this.code = error.code;
    this.details = error.details;
  }
}

export const isApiError = (value: unknown, code?: string): value is ApiError =>
  value instanceof ApiError && (code === undefined || value.code === code);

/** Any thrown value as an ApiError, so the UI has one shape to explain. */
export const asApiError = (value: unknown): ApiError =>
  value instanceof ApiError
    ? value
    : new ApiError({
        code: 'internal_error',
        message: value instanceof Error ? value.message : String(value),
      });

function bridge(): TorpedoBridge {
  // Absent only when the page is opened without the preload (a plain browser).
  if (!window.torpedo) {
    throw new ApiError({
      code: 'internal_error',
      message: 'The Torpedo bridge (window.torpedo) is missing.',
    });
  }
  return window.torpedo;
}

export async function call<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>> {
  let result;
  try {
    result = await bridge().invoke(channel, input);
  } catch (error) {
    // The bridge itself failed (not the handler): still one error shape.
    throw asApiError(error);
  }
  if (!result.ok) throw new ApiError(result.error);
  return result.value;
}

export function onEvent<E extends EventName>(
  event: E,
  listener: (payload: EventPayloads[E]) => void,
): () => void {
  return bridge().on(event, listener);
}
