/**
 * What goes on the wire for a batch, and what each failure of a bulk send
 * means for it.
 */
import { describe, expect, it } from 'vitest';
import { InvalidResponseError, NetworkError, ServiceError } from '@core/api/service-error';
import { AppFailure } from '@core/app-failure';
import { classifySendFailure } from '@core/campaigns/delivery/outbox-outcome';
import { buildBulkRequest, messageSchedules } from '@core/campaigns/delivery/outbox-request';
import { DEFAULT_OPTIONS, readOptions } from '@core/campaigns/messages/message-options';
import type { CampaignOptions } from '@shared/dto/campaigns';
import { DEFAULT_RULES } from '@shared/rules/sending-rules';

const messages = [
  { position: 0, phone: '+5511910000000', message: 'Olá Ana', schedule: null, zone: null },
  { position: 1, phone: '+5511910000001', message: 'Olá Bruno', schedule: null, zone: null },
];
const now = new Date('2026-06-01T12:00:00.000Z');
/** A campaign frozen before the sending rules: its own instant schedule, else at once. */
const untimed = (options: CampaignOptions) => messageSchedules(options, null, now);

describe('bulk request of a batch', () => {
  it('with default options: only messages, each with its reference <ref>-<batch>-<position>', () => {
    expect(
      buildBulkRequest({ ref: 'k3x9a1b2' }, 4, DEFAULT_OPTIONS, messages, untimed(DEFAULT_OPTIONS)),
    ).toEqual({
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
    expect(buildBulkRequest({ ref: 'r' }, 0, options, messages.slice(0, 1), untimed(options))).toEqual({
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
    const options = { ...DEFAULT_OPTIONS, scheduleAt: '2026-06-01T11:59:59.000Z' };
    const body = buildBulkRequest({ ref: 'r' }, 0, options, messages, untimed(options));
    expect(body.messages[0]).not.toHaveProperty('schedule');
  });

  it('each message carries its own schedule: kept while ahead, timed again by the rules once passed', () => {
    // Monday 2026-06-01, 09:30 in São Paulo: 07:30 in Rio Branco, 10:30 on Fernando de Noronha.
    const at = new Date('2026-06-01T12:30:00.000Z');
    const scheduleOf = messageSchedules(DEFAULT_OPTIONS, DEFAULT_RULES, at);
    const frozen = [
      // Decided at freeze for Tuesday 09:00 in São Paulo: still ahead, kept.
      {
        position: 0,
        phone: '+5511910000000',
        message: 'a',
        schedule: Date.parse('2026-06-02T12:00:00Z'),
        zone: null,
      },
      // "Now" at freeze, inside the window now: at once.
      { position: 1, phone: '+5511910000001', message: 'b', schedule: null, zone: null },
      // Rio Branco: its window opens at 09:00 there.
      { position: 2, phone: '+5568910000002', message: 'c', schedule: null, zone: null },
      // Decided for an instant that has passed (the batch waited): timed again, at once now.
      {
        position: 3,
        phone: '+5511910000003',
        message: 'd',
        schedule: Date.parse('2026-06-01T12:00:00Z'),
        zone: null,
      },
      // A contact on Noronha's clock by choice: 10:30 there, at once.
      { position: 4, phone: '+5581910000004', message: 'e', schedule: null, zone: 'America/Noronha' },
    ];
    const body = buildBulkRequest({ ref: 'r' }, 0, DEFAULT_OPTIONS, frozen, scheduleOf);
    expect(body.messages.map((m) => m.schedule)).toEqual([
      '2026-06-02T12:00:00.000Z',
      undefined,
      '2026-06-01T14:00:00.000Z',
      undefined,
      undefined,
    ]);
    // The same batch left at 19:00 in São Paulo (held for credit): nobody gets it at night there;
    // in Rio Branco it is 17:00, still inside the window: at once.
    const late = messageSchedules(DEFAULT_OPTIONS, DEFAULT_RULES, new Date('2026-06-01T22:00:00.000Z'));
    expect(
      buildBulkRequest({ ref: 'r' }, 0, DEFAULT_OPTIONS, frozen, late).messages.map((m) => m.schedule),
    ).toEqual([
      '2026-06-02T12:00:00.000Z',
      '2026-06-02T12:00:00.000Z',
      undefined,
      '2026-06-02T12:00:00.000Z',
      '2026-06-02T11:00:00.000Z',
    ]);
  });

  it("reads a frozen campaign's options; a missing field takes its default, an unreadable row gives null", () => {
    expect(readOptions(JSON.stringify({ smsTypeId: 2 }))).toEqual({ ...DEFAULT_OPTIONS, smsTypeId: 2 });
    // A campaign's own quiet hours (before the sending rules) are read past, not refused.
    expect(readOptions(JSON.stringify({ sendWindow: { start: '08:00', end: '20:00' } }))).toEqual(
      DEFAULT_OPTIONS,
    );
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
