/** `Authorization: Bearer <device token>` → the paired device, or a 401. */
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { deviceOfToken, type Device } from '../devices/pairing';
import { unauthorized } from './errors';

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

export async function deviceOf(pool: Pool, request: FastifyRequest): Promise<Device> {
  const header = request.headers.authorization;
  const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
  if (!token) throw unauthorized();
  const device = await deviceOfToken(pool, token);
  if (!device) throw unauthorized();
  return device;
}
