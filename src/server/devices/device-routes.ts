/** `/v1` pairing, pairing codes, the webhook secret and the status (src/shared/server-contract/v1.ts). */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import {
  SERVER_API_VERSION,
  SERVER_PATHS,
  pairInput,
  webhookSecretInput,
  type PairOutput,
  type StatusOutput,
} from '../../shared/server-contract/v1';
import { setWebhookSecret, webhookSecretOf } from '../db/workspaces';
import { deviceOf } from '../http/auth';
import { parseInput } from '../http/parse';
import { createPairingCode, pair } from './pairing';

export interface DeviceRouteOptions {
  pool: Pool;
  now: () => number;
  hookUrlOf: (workspaceId: string) => string | null;
  /** Pairing attempts per minute from one source address (a code has 10^8 values). */
  pairPerMinute: number;
}

export async function deviceRoutes(app: FastifyInstance, options: DeviceRouteOptions): Promise<void> {
  const { pool, now } = options;
  app.post(
    SERVER_PATHS.pair,
    { config: { rateLimit: { max: options.pairPerMinute, timeWindow: 60_000 } } },
    async (request): Promise<PairOutput> => {
      const input = parseInput(pairInput, request.body);
      const paired = await pair(pool, input.code, input.name, now());
      return {
        ...paired,
        hookPath: SERVER_PATHS.hook(paired.workspaceId),
        hookUrl: options.hookUrlOf(paired.workspaceId),
      };
    },
  );

  app.post(SERVER_PATHS.pairingCodes, async (request) => {
    const device = await deviceOf(pool, request);
    return createPairingCode(pool, device.workspaceId, now());
  });

  app.put(SERVER_PATHS.webhookSecret, async (request, reply) => {
    const device = await deviceOf(pool, request);
    const input = parseInput(webhookSecretInput, request.body);
    await setWebhookSecret(pool, device.workspaceId, input.secret);
    return reply.status(204).send();
  });

  app.get(SERVER_PATHS.status, async (request): Promise<StatusOutput> => {
    const device = await deviceOf(pool, request);
    const workspace = await webhookSecretOf(pool, device.workspaceId);
    return {
      version: SERVER_API_VERSION,
      workspaceId: device.workspaceId,
      deviceId: device.id,
      hookPath: SERVER_PATHS.hook(device.workspaceId),
      hookUrl: options.hookUrlOf(device.workspaceId),
      hasWebhookSecret: workspace?.secret != null,
    };
  });
}
