/** `GET /v1/events` and `POST /v1/events/ack` (src/shared/server-contract/v1.ts). */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import {
  SERVER_PATHS,
  ackInput,
  eventsQuery,
  type AckOutput,
  type EventsOutput,
} from '../../shared/server-contract/v1';
import { deviceOf } from '../http/auth';
import { parseInput } from '../http/parse';
import { acknowledge, nextPage } from './feed';

export interface EventRouteOptions {
  pool: Pool;
  now: () => number;
  /** How long a page handed out stays the device's before it may be handed out again. */
  holdMs: number;
}

export async function eventRoutes(app: FastifyInstance, options: EventRouteOptions): Promise<void> {
  const { pool, now } = options;
  app.get(SERVER_PATHS.events, async (request): Promise<EventsOutput> => {
    const device = await deviceOf(pool, request);
    const query = parseInput(eventsQuery, request.query);
    if (query.after) await acknowledge(pool, device.id, query.after);
    return nextPage(pool, device.id, { limit: query.limit, now: now(), holdMs: options.holdMs });
  });

  app.post(SERVER_PATHS.ack, async (request): Promise<AckOutput> => {
    const device = await deviceOf(pool, request);
    const input = parseInput(ackInput, request.body);
    return { acknowledged: await acknowledge(pool, device.id, input.cursor) };
  });
}
