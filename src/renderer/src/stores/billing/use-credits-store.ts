import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type {
  CardsView,
  OrderDiffersView,
  PlansView,
  PurchaseAttemptView,
  PurchaseErrorView,
  PurchaseOutcomeView,
  PurchaseState,
} from '@shared/dto';
import type { InputOf } from '@shared/ipc-contract';
import { ApiError, asApiError, call, onEvent } from '@renderer/api';
import { PROVIDER_PANEL_URL } from '@renderer/composables/billing/provider-panel';

/** What the purchase panel shows: the attempt's state, or `idle` before any. */
export type PurchasePhase = 'idle' | PurchaseState;

/** Why a purchase did not happen, from the attempt (service refusal) or from the call itself. */
export interface PurchaseFailure {
  code: string;
  message: string;
  fields?: { field: string; message: string }[];
  /** The service's HTTP status, when it answered (a purchase's 402 is about the card). */
  status?: number;
  /** The service's own words, kept inside the app's sentence. */
  serviceMessage?: string;
  /** True when `credits:buy` itself refused (no attempt was made): `purchase_in_progress`, bad input... */
  beforeAttempt: boolean;
}

export interface PurchaseShown {
  attemptId: string | null;
  phase: PurchasePhase;
  createdAt: string | null;
  invoiceUuid: string | null;
  total: number | null;
  quantity: number | null;
  failure: PurchaseFailure | null;
  stillPending: boolean;
  /** The attempt's last change as the core recorded it (events carry it; the call's answer does not). */
  updatedAt: string | null;
  /** When what is shown happened (the last change, else when its answer arrived), to say so on screen. */
  at: string | null;
  /** Not charged because the order never left this computer (not: sent, then found uncharged). */
  notSent: boolean;
  /** The coupon the order carried, if any (a refusal names it). */
  coupon: string | null;
  /** The service's answer does not match the order: what the order expected. */
  orderDiffers: OrderDiffersView | null;
}

const IDLE: PurchaseShown = {
  attemptId: null,
  phase: 'idle',
  createdAt: null,
  invoiceUuid: null,
  total: null,
  quantity: null,
  failure: null,
  stillPending: false,
  updatedAt: null,
  at: null,
  notSent: false,
  coupon: null,
  orderDiffers: null,
};

/**
 * Whether going from `from` to `to` would be a step back in an attempt's life
 * (sending → checking → settled; processing → paid or refused).
 */
export function movesBack(from: PurchasePhase, to: PurchaseState): boolean {
  if (from === 'idle' || from === to) return false;
  if (to === 'sending') return true;
  if (to === 'checking') return from !== 'sending';
  if (to === 'processing') return from !== 'sending' && from !== 'checking';
  return false;
}

/** States in which a charge may be under way: nothing else may be bought meanwhile. */
const IN_FLIGHT: readonly PurchasePhase[] = ['sending', 'checking'];
/** States worth showing again after a restart. */
const ONGOING: readonly PurchaseState[] = ['sending', 'checking', 'processing'];
const CHARGED: readonly PurchasePhase[] = ['succeeded', 'processing', 'charged-after-timeout'];

const RATE_LIMITED = 'rate_limited';
/** The purchase field a coupon refusal names (the service's `errors[].field`). */
export const COUPON_FIELD = 'coupon';
/** Codes are compared as the owner would read them: case and outer spaces do not make another coupon. */
const couponKey = (coupon: string) => coupon.trim().toUpperCase();
const IN_PROGRESS = 'purchase_in_progress';
/** The core's code for an order that never left (no connection): nothing can have been charged. */
export const NOT_SENT = 'purchase_not_sent';

const failureOf = (error: PurchaseErrorView | ApiError, beforeAttempt: boolean): PurchaseFailure => {
  const from = error instanceof ApiError ? (error.details ?? {}) : error;
  const { fields, status, serviceMessage } = from;
  return {
    code: error.code,
    message: error.message,
    ...(fields?.length ? { fields } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(serviceMessage ? { serviceMessage } : {}),
    beforeAttempt,
  };
};

/** When a rate-limited purchase may be tried again (epoch ms), or null. */
function retryAtOf(error: PurchaseErrorView | ApiError, receivedAt: number): number | null {
  if (error.code !== RATE_LIMITED) return null;
  const retryAt = error instanceof ApiError ? undefined : error.retryAt;
  if (retryAt && !Number.isNaN(Date.parse(retryAt))) return Date.parse(retryAt);
  const seconds = error instanceof ApiError ? error.details?.retryAfterSeconds : error.retryAfterSeconds;
  return seconds !== undefined && seconds > 0 ? receivedAt + seconds * 1000 : null;
}

/**
 * The credits page: packages, saved cards and the one purchase being shown.
 * The core guarantees a purchase never runs twice; this store keeps the UI
 * honest about it: it follows `credits:attemptChanged` (so "checking" shows
 * live), disables buying while one is in flight or a rate limit runs, and
 * restores an attempt still checking or pending after a restart.
 */
export const useCreditsStore = defineStore('credits', () => {
  const plans = ref<PlansView | null>(null);
  const cards = ref<CardsView | null>(null);
  const loadError = ref<ApiError | null>(null);
  const loading = ref(false);
  const shown = ref<PurchaseShown>({ ...IDLE });
  /** The `credits:buy` call is running (the request, and any check after a time-out). */
  const buying = ref(false);
  /** Until when the service asked to wait (429), epoch ms. */
  const retryAt = ref<number | null>(null);
  /** Coupons the service refused in this session (by couponKey), with when: see afterChange. */
  const refusedCoupons = ref<Record<string, string>>({});
  /** Invoice numbers (displayId) by invoice uuid, looked up for the attempts shown. */
  const invoiceNumbers = ref<Record<string, string>>({});

  const inFlight = computed(() => buying.value || IN_FLIGHT.includes(shown.value.phase));
  const invoiceNumber = computed(() =>
    shown.value.invoiceUuid ? (invoiceNumbers.value[shown.value.invoiceUuid] ?? null) : null,
  );

  onScopeDispose(onEvent('credits:attemptChanged', (attempt) => applyAttempt(attempt)));

  async function load(): Promise<void> {
    loading.value = true;
    try {
      const [p, c] = await Promise.all([call('credits:plans', {}), call('credits:cards', {})]);
      plans.value = p;
      cards.value = c;
      loadError.value = null;
    } catch (error) {
      loadError.value = asApiError(error);
    } finally {
      loading.value = false;
    }
  }

  /** After a restart (or a page visit): show an attempt still checking or pending, or a rate limit still running. */
  async function restore(): Promise<void> {
    let attempt: PurchaseAttemptView | null;
    try {
      attempt = await call('credits:attempt', {});
    } catch {
      return; // Nothing to restore is the safe reading: the core still refuses a second purchase.
    }
    if (!attempt) return;
    const waiting = attempt.error ? retryAtOf(attempt.error, Date.parse(attempt.updatedAt)) : null;
    const worthShowing =
      attempt.id === shown.value.attemptId ||
      ONGOING.includes(attempt.state) ||
      (waiting !== null && waiting > Date.now());
    if (worthShowing) applyAttempt(attempt, true);
  }

  /** Follows an attempt: the one shown, or a newer one (a purchase just started). */
  function applyAttempt(attempt: PurchaseAttemptView, force = false): void {
    const current = shown.value;
    const same = attempt.id === current.attemptId;
    const newer = current.createdAt === null || attempt.createdAt >= current.createdAt;
    if (!force && !same && !(buying.value && newer)) return;
    // Events and the call's answer travel separately: a late event must not undo a settled state.
    if (same && (movesBack(current.phase, attempt.state) || attempt.updatedAt < (current.updatedAt ?? '')))
      return;
    shown.value = {
      attemptId: attempt.id,
      phase: attempt.state,
      createdAt: attempt.createdAt,
      invoiceUuid: attempt.invoiceUuid,
      total: attempt.total,
      quantity: attempt.quantity ?? attempt.expectedQuantity,
      failure: attempt.error && attempt.state === 'failed' ? failureOf(attempt.error, false) : null,
      stillPending: attempt.stillPending,
      updatedAt: attempt.updatedAt,
      at: attempt.updatedAt,
      notSent: attempt.error?.code === NOT_SENT,
      coupon: attempt.request.coupon ?? null,
      orderDiffers: attempt.orderDiffers ?? null,
    };
    if (attempt.error && attempt.state === 'failed') {
      retryAt.value = retryAtOf(attempt.error, Date.parse(attempt.updatedAt));
    }
    afterChange();
  }

  function applyOutcome(outcome: PurchaseOutcomeView): void {
    const same = outcome.attemptId === shown.value.attemptId;
    shown.value = {
      attemptId: outcome.attemptId,
      phase: outcome.outcome,
      createdAt: same ? shown.value.createdAt : null,
      invoiceUuid: outcome.invoiceUuid ?? null,
      total: outcome.total ?? null,
      quantity: outcome.quantity ?? (same ? shown.value.quantity : null),
      failure: outcome.outcome === 'failed' && outcome.error ? failureOf(outcome.error, false) : null,
      stillPending: same && shown.value.stillPending,
      updatedAt: same ? shown.value.updatedAt : null,
      at: new Date().toISOString(),
      notSent: outcome.error?.code === NOT_SENT,
      coupon: shown.value.coupon,
      orderDiffers: outcome.orderDiffers ?? null,
    };
    retryAt.value = outcome.error ? retryAtOf(outcome.error, Date.now()) : null;
    afterChange();
  }

  function afterChange(): void {
    const { invoiceUuid, phase, failure, coupon } = shown.value;
    // The service has no way to check a coupon before buying: its refusal is remembered, so the
    // same code is flagged before the next confirmation instead of after it.
    if (coupon && phase === 'failed' && failure?.fields?.some((f) => f.field === COUPON_FIELD)) {
      refusedCoupons.value = { ...refusedCoupons.value, [couponKey(coupon)]: shown.value.at ?? '' };
    }
    if (invoiceUuid && CHARGED.includes(phase) && !invoiceNumbers.value[invoiceUuid]) {
      void lookUpInvoiceNumber(invoiceUuid);
    }
  }

  /** The invoice's number as the service prints it (the purchase answer gives only its uuid). */
  async function lookUpInvoiceNumber(uuid: string): Promise<void> {
    try {
      const page = await call('credits:invoices', { page: 1 });
      const found = page.invoices.find((i) => i.uuid === uuid);
      if (found) invoiceNumbers.value = { ...invoiceNumbers.value, [uuid]: found.displayId };
    } catch {
      // The uuid is shown instead; the invoices page has the number.
    }
  }

  /**
   * Buys once. Never retried here: whatever happens is shown, and a new
   * attempt needs a new click (the core also refuses one while in flight).
   */
  async function buy(input: InputOf<'credits:buy'>): Promise<void> {
    if (inFlight.value) return;
    buying.value = true;
    shown.value = {
      ...IDLE,
      phase: 'sending',
      quantity: input.quantity ?? null,
      at: new Date().toISOString(),
      coupon: input.coupon ?? null,
    };
    retryAt.value = null;
    try {
      applyOutcome(await call('credits:buy', input));
    } catch (error) {
      const failure = asApiError(error);
      buying.value = false;
      if (failure.code === IN_PROGRESS) {
        // Another attempt holds the slot (this window's, the CLI's, one left by a crash): show it.
        const attempt = await call('credits:attempt', {}).catch(() => null);
        if (attempt && IN_FLIGHT.includes(attempt.state)) return applyAttempt(attempt, true);
      }
      const at = new Date().toISOString();
      // Refused before any order left (the service had just stopped answering): not sent, nothing charged.
      const coupon = input.coupon ?? null;
      if (failure.code === NOT_SENT)
        shown.value = { ...IDLE, phase: 'not-charged', notSent: true, at, coupon };
      else shown.value = { ...IDLE, phase: 'failed', failure: failureOf(failure, true), at, coupon };
      afterChange();
      retryAt.value = retryAtOf(failure, Date.now());
    } finally {
      buying.value = false;
    }
  }

  /** The provider's panel in the browser: where cards are added and confirmed. */
  async function openPanel(): Promise<void> {
    await call('shell:openExternal', { url: PROVIDER_PANEL_URL });
  }

  /**
   * Hides a finished outcome (never one in flight or pending). Also called
   * when the page is left: coming back, an old "Compra concluída" must not
   * read as a purchase that just went through.
   */
  function dismiss(): void {
    if (inFlight.value || shown.value.phase === 'processing') return;
    shown.value = { ...IDLE };
  }

  /** When the service refused this coupon in this session, or null. */
  const couponRefusedAt = (coupon: string): string | null => refusedCoupons.value[couponKey(coupon)] ?? null;

  function clear(): void {
    refusedCoupons.value = {};
    plans.value = null;
    cards.value = null;
    loadError.value = null;
    shown.value = { ...IDLE };
    retryAt.value = null;
    invoiceNumbers.value = {};
  }

  return {
    plans,
    cards,
    loadError,
    loading,
    shown,
    buying,
    retryAt,
    inFlight,
    invoiceNumber,
    couponRefusedAt,
    load,
    restore,
    buy,
    dismiss,
    openPanel,
    clear,
  };
});
