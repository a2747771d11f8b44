/**
 * Every refusal is `{code, message}` with a code of the contract
 * (src/shared/server-contract/v1.ts). Whatever a client sends is answered
 * with a 4xx; a 500 means the server itself failed (Postgres away), and says
 * nothing more than that.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ServerErrorCode } from '../../shared/server-contract/v1';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ServerErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, 'bad_request', message);
export const unauthorized = (message = 'A valid device token is required.') =>
  new HttpError(401, 'unauthorized', message);

/** Fastify's own refusals (body too large, wrong media type, bad JSON...) as the contract's codes. */
function codeOfStatus(status: number): ServerErrorCode {
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status === 404) return 'not_found';
  if (status === 401) return 'unauthorized';
  return 'bad_request';
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).send({ code: error.code, message: error.message });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: codeOfStatus(status), message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ code: 'internal', message: 'The server could not do this now; try again.' });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ code: 'not_found', message: 'No such path.' }),
  );
}
