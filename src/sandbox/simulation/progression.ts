/**
 * How messages move on the simulated clock: queued (or scheduled) → sent
 * (~2 s after leaving the queue) → delivered or failed (~5 s after). A
 * message's fate and timings are fixed when it is accepted, from the seed, so
 * its status at any time is a pure function of the clock. The transition
 * queue only tells the webhook emitter when a change has happened.
 */
import type { MessageOutcome, MessageRecord, MessageStatus, SendRecord } from '../state/model';
import { FIXED_LINE_FAILURE_CODE } from '../../core/api/wire';
import { isLandline } from '../../shared/phone-line';
import { magicPhoneFate, type PhoneFate } from './magic-phones';
import { hash32 } from './rng';
import { TimeQueue } from './time-queue';

export const TIMINGS = {
  /** Leaving the queue → sent: 1.5 to 2.5 s. */
  sentMinMs: 1_500,
  sentSpreadMs: 1_000,
  /** Leaving the queue → delivered or failed: 4 to 6 s. */
  finalMinMs: 4_000,
  finalSpreadMs: 2_000,
} as const;

/** Share of ordinary numbers that fail, in thousandths. */
export const FAILURE_PER_MILLE = 30;

export interface MessagePlan {
  sentAt: number;
  finalAt: number;
  outcome: MessageOutcome;
  code: string | null;
}

/**
 * A magic phone's fate first, then a fixed line's (it fails), else the odds.
 * The fate hangs on the seed, the number and the message's place, never on
 * the account key: tests sign in with a fresh random key each run, and their
 * ordinary numbers must fail (or not) the same way every time.
 */
export function planMessage(
  seed: number,
  sendNumber: number,
  index: number,
  phone: string,
  startAt: number,
): MessagePlan {
  const h = hash32(`${seed}|${phone}|${sendNumber}|${index}`);
  const fate: PhoneFate =
    magicPhoneFate(phone) ??
    // No SMS reaches a landline: accepted and charged, then failed (ASSUMED, core/api/wire.ts).
    (isLandline(phone) ? { outcome: 'failed', code: FIXED_LINE_FAILURE_CODE } : undefined) ??
    (h % 1000 < FAILURE_PER_MILLE
      ? { outcome: 'failed', code: (h >>> 10) % 2 === 0 ? 'undelivered' : 'invalid_number' }
      : { outcome: 'delivered', code: null });
  return {
    sentAt: startAt + TIMINGS.sentMinMs + ((h >>> 12) % TIMINGS.sentSpreadMs),
    finalAt: startAt + TIMINGS.finalMinMs + ((h >>> 4) % TIMINGS.finalSpreadMs),
    outcome: fate.outcome,
    code: fate.code,
  };
}

export function messageStatus(m: MessageRecord, now: number): MessageStatus {
  if (now < m.startAt) return m.scheduled ? 'scheduled' : 'queued';
  if (now < m.sentAt) return 'queued';
  if (now < m.finalAt) return 'sent';
  return m.outcome;
}

/** The failure code, shown only once the message has failed. */
export function messageCode(m: MessageRecord, now: number): string | null {
  return now >= m.finalAt ? m.code : null;
}

export const isInProgress = (s: MessageStatus): boolean =>
  s === 'queued' || s === 'sent' || s === 'scheduled';

/** Status of a whole send: scheduled, queued, sending, then completed. */
export function sendStatus(send: SendRecord, now: number): string {
  if (now >= send.maxFinalAt) return 'completed';
  if (now < send.minStartAt && send.scheduled) return 'scheduled';
  if (now < send.minSentAt) return 'queued';
  return 'sending';
}

export function sendSummary(send: SendRecord, now: number) {
  let delivered = 0;
  let failed = 0;
  for (const m of send.messages) {
    const s = messageStatus(m, now);
    if (s === 'delivered') delivered++;
    else if (s === 'failed') failed++;
  }
  const total = send.messages.length;
  const inProgress = total - delivered - failed;
  return { total, delivered, failed, inProgress, done: inProgress === 0 };
}

export interface Transition {
  at: number;
  key: string;
  sendId: string;
  index: number;
  stage: 'sent' | 'final';
}

/** The messages' transitions by time. */
export class TransitionQueue extends TimeQueue<Transition> {
  /** Queue both transitions of each message still ahead of `now`. */
  addSend(key: string, send: SendRecord, now: number): void {
    send.messages.forEach((m, index) => {
      if (m.sentAt > now) this.push({ at: m.sentAt, key, sendId: send.id, index, stage: 'sent' });
      if (m.finalAt > now) this.push({ at: m.finalAt, key, sendId: send.id, index, stage: 'final' });
    });
  }
}
