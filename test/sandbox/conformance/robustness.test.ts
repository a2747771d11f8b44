// The sandbox's conformance to the wire facts: robustness for strict clients. How it is checked: strict-client.ts.
import { describe, expect, it } from 'vitest';
import { http, account, isStr, sb, sandboxPerTest } from './strict-client';

sandboxPerTest();

describe('robustness for strict clients', () => {
  it('unknown routes answer a JSON 404, never HTML', async () => {
    const a = await account();
    for (const path of ['/v1/nope', '/v1/account/balance/', '/', '/v1/sms//show']) {
      const res = await a.get(path);
      expect(res.status).toBe(404);
      expect(isStr(res.body.code) && isStr(res.body.message)).toBe(true);
    }
  });

  it('a known path with another method answers a JSON error', async () => {
    const a = await account();
    const res = await a.del('/v1/account/balance');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(isStr(res.body.code)).toBe(true);
  });

  it('HEAD and OPTIONS do not crash the server', async () => {
    const a = await account();
    for (const method of ['HEAD', 'OPTIONS']) {
      const res = await fetch(`${sb.url}/v1/account/balance`, {
        method,
        headers: { Authorization: `Bearer ${a.token}` },
      });
      await res.arrayBuffer();
      expect(res.status).toBeLessThan(500);
    }
    expect((await a.get('/v1/account/balance')).status).toBe(200);
  });

  it('a JSON body that is not an object is 400 or 422, with the error body', async () => {
    const a = await account();
    for (const raw of ['[]', '"x"', '42', 'null']) {
      const res = await http('POST', '/v1/lists/store', { token: a.token, raw });
      expect([400, 422]).toContain(res.status);
      expect(isStr(res.body.code)).toBe(true);
    }
  });
});
