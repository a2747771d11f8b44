/** What each failure means for the money, and the plain words each outcome gets. */
import { describe, expect, it } from 'vitest';
import { InvalidResponseError, NetworkError, ServiceError } from '@core/api/service-error';
import type { AttemptRow } from '@core/billing/purchase/attempt-repo';
import { attemptView, outcomeView } from '@core/billing/purchase/attempt-view';
import { classifyPurchaseError } from '@core/billing/purchase/classify-purchase-error';

const serviceError = (status: number, code: string, extra: Partial<{ retryAfterSeconds: number }> = {}) =>
  new ServiceError({ method: 'POST', path: '/v1/billing/purchase', status, code, ...extra });

describe('classifyPurchaseError', () => {
  it.each([
    [serviceError(400, 'card_required'), 'failed'],
    [serviceError(402, 'card_declined'), 'failed'],
    [serviceError(402, 'authentication_required'), 'failed'],
    [serviceError(422, 'validation_error'), 'failed'],
    [serviceError(429, 'rate_limited'), 'failed'],
    [serviceError(503, 'payment_unavailable'), 'failed'],
    [serviceError(503, 'http_503'), 'checking'],
    [serviceError(500, 'internal_error'), 'checking'],
    [serviceError(504, 'http_504'), 'checking'],
    [new InvalidResponseError({ method: 'POST', path: '/p', status: 200 }), 'checking'],
    [new NetworkError({ method: 'POST', path: '/p', kind: 'refused', maybeCommitted: false }), 'not-charged'],
    [new NetworkError({ method: 'POST', path: '/p', kind: 'timeout', maybeCommitted: true }), 'checking'],
    [new Error('bug'), 'checking'],
  ])('%s → %s', (error, state) => {
    expect(classifyPurchaseError(error).state).toBe(state);
  });

  it('names a request that never left "not sent", apart from one sent whose answer was lost', () => {
    const never = new NetworkError({ method: 'POST', path: '/p', kind: 'refused', maybeCommitted: false });
    const lost = new NetworkError({ method: 'POST', path: '/p', kind: 'reset', maybeCommitted: true });
    expect(classifyPurchaseError(never).code).toBe('purchase_not_sent');
    expect(classifyPurchaseError(lost).code).toBe('network_error');
  });

  it('keeps Retry-After and renames the service fields as the app names them', () => {
    const e = new ServiceError({
      method: 'POST',
      path: '/p',
      status: 422,
      code: 'validation_error',
      errors: [{ field: 'plan_id', message: 'Unknown plan.' }],
    });
    expect(classifyPurchaseError(e).details).toEqual({
      status: 422,
      fields: [{ field: 'planId', message: 'Unknown plan.' }],
    });
    expect(
      classifyPurchaseError(serviceError(429, 'rate_limited', { retryAfterSeconds: 42 })).details,
    ).toEqual({
      status: 429,
      retryAfterSeconds: 42,
    });
  });
});

const row = (patch: Partial<AttemptRow>): AttemptRow => ({
  id: 'a1',
  profile: 'default',
  state: 'failed',
  request: { quantity: 1000 },
  expectation: { quantity: 1000, totalCents: 9000, exact: false },
  invoiceUuid: null,
  totalCents: null,
  quantity: null,
  errorCode: null,
  errorMessage: null,
  errorDetails: null,
  createdAt: '2024-05-01T12:00:00.000Z',
  updatedAt: '2024-05-01T12:00:01.000Z',
  settledAt: null,
  ...patch,
});

describe('outcome words', () => {
  it.each([
    ['card_declined', /declined\. Nothing was charged/],
    ['authentication_required', /confirm this card in the provider's panel/],
    ['card_required', /no saved card.*add one in the provider's panel/],
    ['payment_unavailable', /unavailable right now\. Nothing was charged/],
    ['rate_limited', /Try again in 30 s/],
  ])('%s', (code, words) => {
    const out = outcomeView(row({ errorCode: code, errorDetails: { retryAfterSeconds: 30 } }));
    expect(out.outcome).toBe('failed');
    expect(out.error?.code).toBe(code);
    expect(out.message).toMatch(words);
  });

  it('an attempt still sending or checking reads as checking, never as not charged', () => {
    expect(outcomeView(row({ state: 'sending' })).outcome).toBe('checking');
    expect(outcomeView(row({ state: 'checking' })).message).toMatch(/could not yet confirm/);
  });

  it('the attempt view names the countdown end and when processing has been pending too long', () => {
    const failed = attemptView(
      row({ errorCode: 'rate_limited', errorDetails: { status: 429, retryAfterSeconds: 30 } }),
      new Date(),
    );
    expect(failed.error).toMatchObject({ retryAfterSeconds: 30, retryAt: '2024-05-01T12:00:31.000Z' });
    const pending = row({ state: 'processing' });
    expect(attemptView(pending, new Date('2024-05-01T12:05:00.000Z')).stillPending).toBe(false);
    expect(attemptView(pending, new Date('2024-05-01T12:10:00.000Z')).stillPending).toBe(true);
  });

  it('a checking attempt says when its last invoice read is due (the CLI counts down to it); others do not', () => {
    const checking = row({ state: 'checking' });
    const reconcile = { readAtMs: [400, 1_500], clockSkewMs: 0 };
    expect(attemptView(checking, new Date(), undefined, reconcile).checkEndsAt).toBe(
      new Date(Date.parse(checking.createdAt) + 1_500).toISOString(),
    );
    expect(attemptView(row({ state: 'succeeded' }), new Date()).checkEndsAt).toBeUndefined();
  });
});
