import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PurchaseAttemptView, PurchaseOutcomeView } from '@shared/dto';
import { movesBack, useCreditsStore } from '@renderer/stores/billing/use-credits-store';
import { fail, installFakeBridge, ok, sampleInvoice } from '../support/fake-bridge';
import { freshPinia } from '../support/mount-helpers';

const INVOICE = sampleInvoice(7);

function attempt(over: Partial<PurchaseAttemptView> = {}): PurchaseAttemptView {
  return {
    id: 'attempt-1',
    state: 'sending',
    request: { planId: 'plan-1000', cardId: 'card-visa' },
    expectedQuantity: 1000,
    expectedTotal: 90,
    invoiceUuid: null,
    total: null,
    quantity: null,
    error: null,
    createdAt: '2025-03-14T13:05:00.000Z',
    updatedAt: '2025-03-14T13:05:00.000Z',
    settledAt: null,
    stillPending: false,
    ...over,
  };
}

const succeeded: PurchaseOutcomeView = {
  attemptId: 'attempt-1',
  outcome: 'succeeded',
  invoiceUuid: INVOICE.uuid,
  total: 90,
  quantity: 1000,
  message: 'Bought 1000 credits',
};

/** A `credits:buy` that stays open until `finish` is called, as one waiting on the service. */
function pendingBuy(bridge: ReturnType<typeof installFakeBridge>) {
  let finish!: (value: PurchaseOutcomeView) => void;
  bridge.handle('credits:buy', () => new Promise((resolve) => (finish = (v) => resolve(ok(v)))));
  return { finish: (value: PurchaseOutcomeView) => finish(value) };
}

afterEach(() => vi.useRealTimers());

describe('credits store (with a fake bridge)', () => {
  it('buys once, shows the outcome, and looks up the invoice number', async () => {
    const bridge = installFakeBridge()
      .reply('credits:buy', succeeded)
      .reply('credits:invoices', {
        invoices: [INVOICE],
        page: 1,
        perPage: 20,
        total: 1,
        lastPage: 1,
        fetchedAt: '',
        stale: false,
      });
    freshPinia();
    const credits = useCreditsStore();

    await credits.buy({ planId: 'plan-1000', cardId: 'card-visa' });
    await flushPromises();

    expect(bridge.inputsOf('credits:buy')).toEqual([{ planId: 'plan-1000', cardId: 'card-visa' }]);
    expect(credits.shown).toMatchObject({
      phase: 'succeeded',
      total: 90,
      quantity: 1000,
      invoiceUuid: INVOICE.uuid,
    });
    expect(credits.invoiceNumber).toBe('FAT-0007');
    expect(credits.inFlight).toBe(false);
  });

  it('follows the attempt live while the call runs, is in flight meanwhile, and ignores a late stale event', async () => {
    const bridge = installFakeBridge();
    const buy = pendingBuy(bridge);
    freshPinia();
    const credits = useCreditsStore();

    const done = credits.buy({ planId: 'plan-1000', cardId: 'card-visa' });
    expect(credits.shown.phase).toBe('sending');
    expect(credits.inFlight).toBe(true);
    bridge.emit('credits:attemptChanged', attempt());
    bridge.emit(
      'credits:attemptChanged',
      attempt({ state: 'checking', updatedAt: '2025-03-14T13:05:30.000Z' }),
    );
    expect(credits.shown).toMatchObject({ attemptId: 'attempt-1', phase: 'checking' });

    // A second click meanwhile does nothing at all.
    await credits.buy({ planId: 'plan-1000', cardId: 'card-visa' });
    expect(bridge.inputsOf('credits:buy')).toHaveLength(1);

    buy.finish({ attemptId: 'attempt-1', outcome: 'not-charged', message: 'Nothing was charged.' });
    await done;
    expect(credits.shown.phase).toBe('not-charged');
    expect(credits.inFlight).toBe(false);

    // Events and the answer travel separately: an old "checking" must not undo the result.
    bridge.emit(
      'credits:attemptChanged',
      attempt({ state: 'checking', updatedAt: '2025-03-14T13:05:30.000Z' }),
    );
    expect(credits.shown.phase).toBe('not-charged');
  });

  it('a processing payment settles through attemptChanged', async () => {
    const bridge = installFakeBridge().reply('credits:buy', {
      ...succeeded,
      outcome: 'processing',
    });
    freshPinia();
    const credits = useCreditsStore();
    await credits.buy({ planId: 'plan-1000' });
    expect(credits.shown.phase).toBe('processing');

    bridge.emit(
      'credits:attemptChanged',
      attempt({ state: 'succeeded', invoiceUuid: INVOICE.uuid, total: 90, quantity: 1000 }),
    );
    expect(credits.shown.phase).toBe('succeeded');
    // Someone else's attempt is not shown over this one.
    bridge.emit('credits:attemptChanged', attempt({ id: 'other', state: 'failed' }));
    expect(credits.shown.attemptId).toBe('attempt-1');
  });

  it('a rate limit blocks buying until Retry-After has passed', async () => {
    vi.useFakeTimers({ now: new Date('2025-03-14T13:05:00.000Z') });
    installFakeBridge().reply('credits:buy', {
      attemptId: 'attempt-1',
      outcome: 'failed',
      message: 'Too many',
      error: {
        code: 'rate_limited',
        message: 'Too many purchases',
        status: 429,
        retryAfterSeconds: 30,
        retryAt: '2025-03-14T13:05:30.000Z',
      },
    });
    freshPinia();
    const credits = useCreditsStore();
    await credits.buy({ quantity: 300 });

    expect(credits.shown.failure).toMatchObject({ code: 'rate_limited', beforeAttempt: false });
    expect(credits.retryAt).toBe(Date.parse('2025-03-14T13:05:30.000Z'));
  });

  it('purchase_in_progress shows the attempt that holds the slot', async () => {
    const bridge = installFakeBridge()
      .fail('credits:buy', 'purchase_in_progress')
      .reply('credits:attempt', attempt({ id: 'left-by-a-crash', state: 'checking' }));
    freshPinia();
    const credits = useCreditsStore();
    await credits.buy({ planId: 'plan-1000' });

    expect(credits.shown).toMatchObject({ attemptId: 'left-by-a-crash', phase: 'checking' });
    expect(credits.inFlight).toBe(true);
    bridge.emit(
      'credits:attemptChanged',
      attempt({ id: 'left-by-a-crash', state: 'not-charged', updatedAt: '2025-03-14T13:06:00.000Z' }),
    );
    expect(credits.inFlight).toBe(false);
  });

  it('a refusal before any attempt (bad input) is shown as such', async () => {
    installFakeBridge().handle('credits:buy', () =>
      fail('invalid_input', 'Some fields are not valid.', {
        fields: [{ field: 'quantity', message: 'At least 250 credits' }],
      }),
    );
    freshPinia();
    const credits = useCreditsStore();
    await credits.buy({ quantity: 10 });
    expect(credits.shown).toMatchObject({
      phase: 'failed',
      failure: {
        code: 'invalid_input',
        beforeAttempt: true,
        fields: [{ field: 'quantity', message: 'At least 250 credits' }],
      },
    });
  });

  it.each([
    ['checking', true],
    ['processing', true],
    ['sending', true],
    ['succeeded', false],
    ['not-charged', false],
  ] as const)('restore after a restart: an attempt %s is shown again: %s', async (state, shown) => {
    installFakeBridge().reply('credits:attempt', attempt({ state }));
    freshPinia();
    const credits = useCreditsStore();
    await credits.restore();
    expect(credits.shown.phase).toBe(shown ? state : 'idle');
  });

  it('restore also brings back a rate limit that is still running', async () => {
    vi.useFakeTimers({ now: new Date('2025-03-14T13:05:10.000Z') });
    installFakeBridge().reply(
      'credits:attempt',
      attempt({
        state: 'failed',
        error: {
          code: 'rate_limited',
          message: '',
          retryAfterSeconds: 30,
          retryAt: '2025-03-14T13:05:30.000Z',
        },
      }),
    );
    freshPinia();
    const credits = useCreditsStore();
    await credits.restore();
    expect(credits.shown.phase).toBe('failed');
    expect(credits.retryAt).toBe(Date.parse('2025-03-14T13:05:30.000Z'));
  });

  it('never lets an attempt step back', () => {
    expect(movesBack('checking', 'sending')).toBe(true);
    expect(movesBack('not-charged', 'checking')).toBe(true);
    expect(movesBack('succeeded', 'processing')).toBe(true);
    expect(movesBack('sending', 'checking')).toBe(false);
    expect(movesBack('checking', 'charged-after-timeout')).toBe(false);
    expect(movesBack('processing', 'succeeded')).toBe(false);
    expect(movesBack('idle', 'sending')).toBe(false);
  });
});
