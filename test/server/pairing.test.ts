/** Pairing and devices on a real Postgres: one use, expiry, wrong code, tokens kept only as hashes. */
import { describe, expect, it } from 'vitest';
import {
  PAIRING_CODE,
  PAIRING_CODE_TTL_MS,
  SERVER_PATHS,
  pairOutput,
  pairingCodeOutput,
  statusOutput,
} from '@shared/server-contract/v1';
import { createPairingCode } from '../../src/server/devices/pairing';
import { usePostgres } from './support/postgres';
import { SECRET, pairDevice, testClock, testServer } from './support/server-app';

const pg = usePostgres();

async function ready() {
  const clock = testClock();
  const s = await testServer(await pg.newPool(), {
    now: clock.now,
    publicUrl: 'https://torpedo.loja.example/',
  });
  return { s, clock };
}

const pairWith = (s: Awaited<ReturnType<typeof ready>>['s'], code: string, name = 'Caixa') =>
  s.app.inject({ method: 'POST', url: SERVER_PATHS.pair, payload: { code, name } });

describe('pairing', () => {
  it('a code pairs once: a device id and a token shown once, only its hash kept', async () => {
    const { s, clock } = await ready();
    const { code } = await createPairingCode(s.pool, s.workspaceId, clock.now());
    expect(code).toMatch(PAIRING_CODE);
    const first = await pairWith(s, code, 'Caixa da loja');
    expect(first.statusCode).toBe(200);
    const paired = pairOutput.parse(first.json());
    expect(paired).toMatchObject({
      workspaceId: s.workspaceId,
      hookPath: `/hooks/smsgo/${s.workspaceId}`,
      hookUrl: `https://torpedo.loja.example/hooks/smsgo/${s.workspaceId}`,
    });
    const again = await pairWith(s, code, 'Outro');
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('pairing_code_invalid');
    const rows = (await s.pool.query('SELECT * FROM devices')).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toBe('Caixa da loja');
    expect(JSON.stringify(rows)).not.toContain(paired.token);
    const codes = (await s.pool.query('SELECT * FROM pairing_codes')).rows;
    expect(JSON.stringify(codes)).not.toContain(code);
  });

  it('a code is valid 10 minutes', async () => {
    const { s, clock } = await ready();
    const early = await createPairingCode(s.pool, s.workspaceId, clock.now());
    const late = await createPairingCode(s.pool, s.workspaceId, clock.now());
    expect(Date.parse(early.expiresAt)).toBe(clock.now() + PAIRING_CODE_TTL_MS);
    clock.advance(PAIRING_CODE_TTL_MS - 1000);
    expect((await pairWith(s, early.code)).statusCode).toBe(200);
    clock.advance(1001);
    const expired = await pairWith(s, late.code);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('pairing_code_invalid');
  });

  it('a wrong or malformed code is refused, and nothing is paired', async () => {
    const { s, clock } = await ready();
    const { code } = await createPairingCode(s.pool, s.workspaceId, clock.now());
    const wrong = code === '0000-0000' ? '0000-0001' : '0000-0000';
    expect((await pairWith(s, wrong)).statusCode).toBe(401);
    for (const payload of [
      {},
      { code },
      { code: '12345678', name: 'x' },
      { code, name: '' },
      { code, name: 'x'.repeat(101) },
      [code],
    ]) {
      const res = await s.app.inject({ method: 'POST', url: SERVER_PATHS.pair, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('bad_request');
    }
    const text = await s.app.inject({
      method: 'POST',
      url: SERVER_PATHS.pair,
      payload: code,
      headers: { 'content-type': 'application/xml' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('unsupported_media_type');
    expect((await s.pool.query('SELECT count(*)::int AS n FROM devices')).rows[0].n).toBe(0);
    // The code still works: a refused attempt does not use it.
    expect((await pairWith(s, code)).statusCode).toBe(200);
  });

  it('pairing attempts are rate-limited by source', async () => {
    const clock = testClock();
    const s = await testServer(await pg.newPool(), { now: clock.now, limits: { pair: 3 } });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await pairWith(s, '1111-1111')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('a paired computer makes new codes, hands the webhook secret over and reads the status; others get 401', async () => {
    const { s, clock } = await ready();
    const device = await pairDevice(s, clock.now());
    const auth = { authorization: `Bearer ${device.token}` };
    const made = await s.app.inject({ method: 'POST', url: SERVER_PATHS.pairingCodes, headers: auth });
    expect(made.statusCode).toBe(200);
    const { code } = pairingCodeOutput.parse(made.json());
    expect((await pairWith(s, code, 'Notebook')).statusCode).toBe(200);

    const status = () => s.app.inject({ method: 'GET', url: SERVER_PATHS.status, headers: auth });
    expect(statusOutput.parse((await status()).json()).hasWebhookSecret).toBe(false);
    const put = await s.app.inject({
      method: 'PUT',
      url: SERVER_PATHS.webhookSecret,
      headers: auth,
      payload: { secret: SECRET },
    });
    expect(put.statusCode).toBe(204);
    expect(statusOutput.parse((await status()).json())).toMatchObject({
      hasWebhookSecret: true,
      deviceId: device.deviceId,
    });
    const short = await s.app.inject({
      method: 'PUT',
      url: SERVER_PATHS.webhookSecret,
      headers: auth,
      payload: { secret: 'x' },
    });
    expect(short.statusCode).toBe(400);

    for (const headers of [
      {},
      { authorization: 'Bearer tdv_nope' },
      { authorization: device.token },
      { authorization: 'Basic abc' },
    ]) {
      for (const [method, url] of [
        ['POST', SERVER_PATHS.pairingCodes],
        ['PUT', SERVER_PATHS.webhookSecret],
        ['GET', SERVER_PATHS.status],
        ['GET', SERVER_PATHS.events],
        ['POST', SERVER_PATHS.ack],
      ] as const) {
        const res = await s.app.inject({
          method,
          url,
          headers,
          payload: method === 'GET' ? undefined : { secret: 'whsec_evil_secret', cursor: 'c1' },
        });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(401);
      }
    }
    expect((await s.pool.query('SELECT webhook_secret FROM workspaces')).rows[0].webhook_secret).toBe(SECRET);
  });
});
