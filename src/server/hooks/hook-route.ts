/**
 * `POST /hooks/smsgo/:id`, the address set as the account's webhook. The
 * body is read as raw text (the signature is over its exact bytes), at most
 * 64 KB (413 beyond), whatever its content type.
 */
import type { FastifyInstance } from 'fastify';
import { HOOK_BODY_LIMIT } from '../../shared/server-contract/v1';
import { WEBHOOK_SIGNATURE_HEADER } from '../../shared/webhook/events';
import type { Pool } from 'pg';
import { receiveEvent } from './receive-event';

export interface HookRouteOptions {
  pool: Pool;
  now: () => number;
  /** Requests per minute from one source address. */
  perMinute: number;
}

export async function hookRoutes(app: FastifyInstance, options: HookRouteOptions): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: HOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.post<{ Params: { id: string } }>(
    '/hooks/smsgo/:id',
    {
      bodyLimit: HOOK_BODY_LIMIT,
      config: { rateLimit: { max: options.perMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const header = request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
      const result = await receiveEvent(options.pool, {
        hookId: request.params.id,
        rawBody,
        signature: typeof header === 'string' ? header : undefined,
        now: options.now(),
      });
      return reply.status(200).send(result);
    },
  );
}
