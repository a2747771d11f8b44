import { describe, expect, it } from 'vitest';
import {
  InvalidResponseError,
  NetworkError,
  ServiceError,
  isNetworkError,
  isServiceError,
  parseRetryAfter,
  scrubError,
  serviceErrorFromResponse,
} from '@core/api/service-error';

const where = { method: 'POST', path: '/v1/billing/purchase' };

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(' 0 ')).toBe(0);
  });

  it('reads an HTTP date as seconds from now, rounded up and never negative', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:09 GMT', now)).toBe(9);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:09 GMT', now + 500)).toBe(9);
    expect(parseRetryAfter('Mon, 31 Dec 2029 23:59:00 GMT', now)).toBe(0);
  });

  it('ignores an absent or unreadable value', () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-5')).toBeUndefined();
  });
});

describe('serviceErrorFromResponse', () => {
  it('keeps the code, message and field errors of a valid error body', () => {
    const err = serviceErrorFromResponse({
      ...where,
      status: 422,
      body: {
        code: 'validation_error',
        message: 'Invalid fields',
        errors: [{ field: 'quantity', message: 'too small' }],
      },
    });
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ status: 422, code: 'validation_error' });
    expect(err.errors).toEqual([{ field: 'quantity', message: 'too small' }]);
    expect(err.message).toBe('POST /v1/billing/purchase answered 422 validation_error: Invalid fields');
  });

  it('uses http_<status> when the body is not an error body', () => {
    expect(serviceErrorFromResponse({ ...where, status: 502, body: '<html>Bad gateway</html>' }).code).toBe(
      'http_502',
    );
    expect(serviceErrorFromResponse({ ...where, status: 418, body: { oops: true } }).code).toBe('http_418');
    expect(serviceErrorFromResponse({ ...where, status: 500, body: undefined }).errors).toEqual([]);
  });

  it('parses Retry-After', () => {
    const err = serviceErrorFromResponse({
      ...where,
      status: 429,
      body: { code: 'rate_limited', message: 'Slow down' },
      retryAfter: '7',
    });
    expect(err.retryAfterSeconds).toBe(7);
  });

  it('masks a secret the service echoes back', () => {
    const err = serviceErrorFromResponse({
      ...where,
      status: 401,
      body: {
        code: 'unauthorized',
        message: 'bad key test_live_secret_123',
        errors: [{ field: 'key', message: 'test_live_secret_123 unknown' }],
      },
      secrets: ['test_live_secret_123'],
    });
    expect(JSON.stringify(err)).not.toContain('test_live_secret_123');
    expect(err.stack).not.toContain('test_live_secret_123');
  });
});

describe('error classes', () => {
  it('InvalidResponseError is a ServiceError with code invalid_response', () => {
    const err = new InvalidResponseError({ method: 'GET', path: '/v1/account/balance', status: 200 });
    expect(isServiceError(err)).toBe(true);
    expect(err.code).toBe('invalid_response');
    expect(err.message).toContain('GET /v1/account/balance');
  });

  it('NetworkError serialises its code, kind and maybeCommitted', () => {
    const err = new NetworkError({
      ...where,
      kind: 'timeout',
      maybeCommitted: true,
      systemCode: 'ETIMEDOUT',
    });
    expect(isNetworkError(err)).toBe(true);
    expect(isServiceError(err)).toBe(false);
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      name: 'NetworkError',
      code: 'network_error',
      message: expect.stringContaining('POST /v1/billing/purchase'),
      kind: 'timeout',
      maybeCommitted: true,
      systemCode: 'ETIMEDOUT',
    });
  });
});

describe('scrubError', () => {
  it('passes our errors through and replaces anything else with a bare error naming the call', () => {
    const ours = new NetworkError({ ...where, kind: 'reset', maybeCommitted: true });
    expect(scrubError(ours, 'POST', '/x')).toBe(ours);
    const foreign = Object.assign(new TypeError('boom with Bearer tok_secret_123456'), {
      options: { headers: { authorization: 'Bearer tok_secret_123456' } },
    });
    const scrubbed = scrubError(foreign, 'POST', '/v1/billing/purchase');
    expect(scrubbed.message).toBe('POST /v1/billing/purchase failed unexpectedly (TypeError)');
    expect(Object.keys(scrubbed)).toEqual([]);
    expect(scrubbed.cause).toBeUndefined();
  });
});
