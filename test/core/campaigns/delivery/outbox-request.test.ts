/**
 * What goes on the wire for a batch, and what each failure of a bulk send
 * means for it.
 */
import { describe, expect, it } from 'vitest';
import { InvalidResponseError, NetworkError, ServiceError } from '../../../../src/core/api/service-error';
import { AppFailure } from '../../../../src/core/app-failure';
import { classifySendFailure } from '../../../../src/core/campaigns/delivery/outbox-outcome';
import {
  buildBulkRequest,
  DEFAULT_OPTIONS,
  readOptions,
} from '../../../../src/core/campaigns/delivery/outbox-request';

const messages = [
  { position: 0, phone: '+5511910000000', message: 'Olá Ana', schedule: null },
  { position: 1, phone: '+5511910000001', message: 'Olá Bruno', schedule: null },
];
const now = new Date('2026-06-01T12:00:00.000Z');

describe('bulk request of a batch', () => {
  it('with default options: only messages, each with its reference <ref>-<batch>-<position>', () => {
    expect(buildBulkRequest({ ref: 'k3x9a1b2' }, 4, DEFAULT_OPTIONS, messages, now)).toEqual({
      messages: [
        { phone: '+5511910000000', message: 'Olá Ana', reference: 'k3x9a1b2-4-0' },
        { phone: '+5511910000001', message: 'Olá Bruno', reference: 'k3x9a1b2-4-1' },
      ],
    });
  });

  it("every option in the wire's own names; never link_tracking (Torpedo made the short links itself)", () => {
    const options = {
      ...DEFAULT_OPTIONS,
      smsTypeId: 3,
      from: 'LOJA',
      scheduleAt: '2026-06-02T09:00:00.000Z',
      flash: true,
      linkTracking: 'track' as const,
      callbackUrl: 'https://loja.example/cb',
    };
    expect(buildBulkRequest({ ref: 'r' }, 0, options, messages.slice(0, 1), now)).toEqual({
      messages: [
        {
          phone: '+5511910000000',
          message: 'Olá Ana',
          reference: 'r-0-0',
          schedule: '2026-06-02T09:00:00.000Z',
          from: 'LOJA',
        },
      ],
      urlCallback: 'https://loja.example/cb',
      flashSms: true,
      sms_type_id: 3,
    });
  });

  it('a schedule already past is left out: the messages go at once', () => {
    const body = buildBulkRequest(
      { ref: 'r' },
      0,
      { ...DEFAULT_OPTIONS, scheduleAt: '2026-06-01T11:59:59.000Z' },
      messages,
      now,
    );
    expect(body.messages[0]).not.toHaveProperty('schedule');
  });

  it("a message with its own time (an automation's) carries it while it is ahead, and goes at once after", () => {
    const own = [
      { ...messages[0]!, schedule: Date.parse('2026-06-02T12:00:00.000Z') },
      { ...messages[1]!, schedule: Date.parse('2026-06-01T11:00:00.000Z') },
    ];
    const options = { ...DEFAULT_OPTIONS, scheduleAt: '2026-06-03T09:00:00.000Z' };
    const body = buildBulkRequest({ ref: 'r' }, 0, options, own, now);
    expect(body.messages[0]!.schedule).toBe('2026-06-02T12:00:00.000Z');
    expect(body.messages[1]).not.toHaveProperty('schedule');
  });

  it("reads a frozen campaign's options; a missing field takes its default, an unreadable row gives null", () => {
    expect(readOptions(JSON.stringify({ smsTypeId: 2 }))).toEqual({ ...DEFAULT_OPTIONS, smsTypeId: 2 });
    expect(readOptions('{"smsTypeId": "two"}')).toBeNull();
    expect(readOptions('not json')).toBeNull();
  });
});

describe('what a failed bulk send means', () => {
  const service = (
    status: number,
    code: string,
    extra: Partial<ConstructorParameters<typeof ServiceError>[0]> = {},
  ) =>
    new ServiceError({
      method: 'POST',
      path: '/v1/sms/send/multiple',
      status,
      code,
      detail: 'the detail',
      ...extra,
    });
  const network = (maybeCommitted: boolean) =>
    new NetworkError({
      method: 'POST',
      path: '/v1/sms/send/multiple',
      kind: maybeCommitted ? 'timeout' : 'refused',
      maybeCommitted,
    });

  it.each([
    ['no connection at all', network(false), 'offline'],
    ['a time-out after sending', network(true), 'ambiguous'],
    ['500', service(500, 'internal_error'), 'ambiguous'],
    ['503', service(503, 'payment_unavailable'), 'ambiguous'],
    ['408', service(408, 'http_408'), 'ambiguous'],
    ['an unreadable 200', new InvalidResponseError({ method: 'POST', path: '/x', status: 200 }), 'ambiguous'],
    ['a bug', new TypeError('x is undefined'), 'ambiguous'],
    ['409 out of stock', service(409, 'provider_out_of_stock'), 'retry'],
    ['429', service(429, 'rate_limited', { retryAfterSeconds: 7 }), 'retry'],
    ['402 no credit', service(402, 'insufficient_balance'), 'insufficient_balance'],
    ['401 after the refresh', service(401, 'unauthorized'), 'not_signed_in'],
    ['422', service(422, 'validation_error'), 'rejected'],
    ['400', service(400, 'bad_request'), 'rejected'],
    ['signed out meanwhile', new AppFailure('not_signed_in', 'Sign in first.'), 'offline'],
  ])('%s: %s', (_, error, kind) => {
    expect(classifySendFailure(error).kind).toBe(kind);
  });

  it("keeps the service's words (its fields when it named them) and the Retry-After", () => {
    expect(classifySendFailure(service(429, 'rate_limited', { retryAfterSeconds: 7 }))).toEqual({
      kind: 'retry',
      reason: 'the detail (rate_limited)',
      retryAfterSeconds: 7,
    });
    const fields = service(422, 'validation_error', {
      errors: [{ field: 'messages.3.phone', message: 'Not a valid phone number.' }],
    });
    expect(classifySendFailure(fields)).toEqual({
      kind: 'rejected',
      reason: 'messages.3.phone: Not a valid phone number.',
    });
  });
});
