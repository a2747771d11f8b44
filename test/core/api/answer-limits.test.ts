/**
 * Every answer is bounded (issue 27, point 5): one larger than the limit is
 * cut off as it arrives (a 200 MB balance was read whole, 1.2 GB of memory),
 * and a whole call, its retries included, ends at its deadline (an answer
 * that never ended took three attempts, 94 s, to fail). Each has its own
 * code and sentence. Against local stub servers: the sandbox answers sanely.
 */
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES } from '@core/api/http';
import { createSmsGoClient } from '@core/api/index';
import { toAppError } from '@core/to-app-error';
import { calls, startStubService } from './stub-server';

const KEY = 'test_limits_key_0001';

/** Writes `bytes` of a JSON balance as fast as the socket takes them, stopping when the client hangs up. */
function hugeBalance(res: http.ServerResponse, bytes: number) {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, ' ');
  let sent = 0;
  res.write('{"balance": 1');
  const pump = () => {
    while (sent < bytes) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end(', "currency": "BRL", "company": {"name": "X", "document": null}}');
  };
  res.on('close', () => (sent = bytes));
  pump();
}

describe('answers are bounded', () => {
  it('cuts off a 200 MB answer at the limit, without holding it, with its own code', async () => {
    let written = 0;
    const stub = await startStubService((_req, res) => {
      res.on('close', () => (written = res.socket?.bytesWritten ?? written));
      hugeBalance(res, 200 * 1024 * 1024);
    });
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    const before = process.memoryUsage().rss;
    const error = await client.balance().then(
      () => null,
      (e: unknown) => e,
    );
    const grew = process.memoryUsage().rss - before;
    expect(error).toMatchObject({ name: 'ResponseTooLargeError', code: 'response_too_large', status: 200 });
    expect((error as Error).message).toBe(
      'GET /v1/account/balance answered more than 5 MB; Torpedo stopped reading it',
    );
    expect(toAppError(error)).toMatchObject({ code: 'response_too_large', details: { status: 200 } });
    // Read up to the limit, not the 200 MB: memory grew by far less than the answer's size.
    expect(grew).toBeLessThan(100 * 1024 * 1024);
    expect(MAX_ANSWER_BYTES).toBe(5 * 1024 * 1024);
    // An answer too large is not retried: once is enough to know.
    expect(calls(stub)).toEqual(['GET /v1/account/balance']);
  });

  it('ends a call whose answer never ends at its deadline, retries included, with its own code', async () => {
    const stub = await startStubService((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"balance": ');
      const drip = setInterval(() => res.write('1'), 50);
      res.on('close', () => clearInterval(drip));
    });
    // Each attempt would give up after 400 ms and be tried again; the whole call has 1.2 s.
    const client = createSmsGoClient({
      baseUrl: stub.url,
      accountKey: KEY,
      timeoutMs: 400,
      deadlineMs: 1_200,
    });
    const started = Date.now();
    const error = await client.balance().then(
      () => null,
      (e: unknown) => e,
    );
    const took = Date.now() - started;
    expect(error).toMatchObject({ name: 'NetworkError', code: 'network_error', kind: 'deadline' });
    expect((error as Error).message).toContain('the service did not finish answering in time (1 s)');
    expect(toAppError(error)).toMatchObject({ code: 'service_too_slow' });
    expect(took).toBeLessThan(3_000);
  });
});
