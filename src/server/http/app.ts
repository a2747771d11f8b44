/**
 * The HTTP side of Torpedo Server (Fastify): the service's hook, and the
 * `/v1` contract for paired computers. Everything it knows is in Postgres;
 * the only thing a process keeps to itself is the rate limiter's counts.
 */
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { SERVER_PATHS } from '../../shared/server-contract/v1';
import { deviceRoutes } from '../devices/device-routes';
import { eventRoutes } from '../events/event-routes';
import { hookRoutes } from '../hooks/hook-route';
import { installErrorHandler } from './errors';

export interface AppOptions {
  pool: Pool;
  /** The server's clock (tests move it). */
  now?: () => number;
  /** `https://torpedo.example.com`: how the service reaches the hook; null when unknown. */
  publicUrl?: string | null;
  /** Behind a reverse proxy (Caddy): the source address is X-Forwarded-For's. */
  trustProxy?: boolean;
  /** Requests per minute from one source address. */
  limits?: Partial<Limits>;
  /** How long a page of the feed stays the device's. */
  holdMs?: number;
  logger?: boolean;
}

export interface Limits {
  hook: number;
  pair: number;
  api: number;
}

/**
 * Per source address and minute. The hook's is high: the service posts every
 * event of a shop from a few addresses, and a 100k campaign alone brings
 * 200k status events (in progress, then final) within minutes; what the
 * limit stops is a flood, and a refused signature costs one HMAC.
 */
export const DEFAULT_LIMITS: Limits = { hook: 60_000, pair: 10, api: 600 };

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? null;
  const hookUrlOf = (workspaceId: string) => (publicUrl ? publicUrl + SERVER_PATHS.hook(workspaceId) : null);
  const app = Fastify({
    // Warnings and failures only (a 500 says why in the log, never in the answer).
    logger: options.logger ? { level: 'warn' } : false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 64 * 1024,
    // Each pool client is one request's transaction; a slow client must not hold one for long.
    requestTimeout: 30_000,
  });
  installErrorHandler(app);
  await app.register(rateLimit, {
    global: true,
    max: limits.api,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'rate_limited',
      message: `Too many requests from this address; try again in ${Math.ceil(context.ttl / 1000)} s.`,
    }),
  });
  await app.register(hookRoutes, { pool: options.pool, now, perMinute: limits.hook });
  await app.register(deviceRoutes, { pool: options.pool, now, hookUrlOf, pairPerMinute: limits.pair });
  await app.register(eventRoutes, { pool: options.pool, now, holdMs: options.holdMs ?? 60_000 });
  return app;
}
