/**
 * Did a batch's request land? Asked whenever the answer to a bulk send is
 * unknown: a time-out or a reset after the request left, a 5xx (a gateway
 * may answer 5xx after the service behind it registered the send), an
 * unreadable 2xx, or a batch found `sending` at start-up after a crash.
 *
 * THE RULE (the worker applies it in reconcile-batch.ts, `BatchReconciler.reconcile`,
 * which outbox-worker.ts calls for every batch left `sending`):
 *
 * 1. Wait until the attempt can no longer be in flight: its start
 *    (`attempt_started_at`, committed to disk before the request left) plus
 *    the request time limit plus a margin (`settleMs`). Asking earlier could
 *    miss a send that is still being registered, and then send it twice.
 * 2. Page `GET /v1/sms/list` (newest first) back to the first send created
 *    before the attempt started, minus a clock-skew margin (the service's
 *    clock is not ours).
 * 3. Candidates: sends with exactly the batch's quantity that no batch of
 *    this data folder already owns (`send_id` is unique: a send settles at
 *    most one batch; the same campaign sent twice has identical batches).
 * 4. For each candidate, newest first, `GET /v1/sms/{id}/show` and compare
 *    the multiset of (phone, message) with the batch's messages. A match:
 *    the batch was accepted, as that send. No match among them: the request
 *    did not land, and only then may the batch be sent again.
 * 5. If any read fails (offline, 5xx), nothing is decided: the batch stays
 *    `sending` and reconcile runs again later. Never a resend on a guess.
 *
 * Messages are compared with URLs masked when link tracking is on, because
 * the service may replace links with short ones. If the service lists fewer
 * numbers than the send's quantity (a truncated detail), every number it does
 * list must match a distinct message of the batch.
 */
import type { Paginated, SendDetail, SendListItem } from '../../api/wire-schemas';

export interface ReconcileReads {
  listSends(page: number): Promise<Paginated<SendListItem>>;
  getSend(id: string): Promise<SendDetail>;
}

export interface BatchFingerprint {
  quantity: number;
  /** ISO; when the attempt in question started (our clock). */
  attemptStartedAt: string;
  /** The batch's messages as they were sent. */
  messages: readonly { phone: string; message: string }[];
  /** Link tracking was on: compare texts with links masked. */
  maskLinks: boolean;
}

export interface ReconcileOptions {
  clockSkewMs: number;
  /** True when a batch already owns this send id. */
  isOwned(sendId: string): boolean;
  /** Checked between reads: stop early (the worker is closing); nothing is decided then. */
  shouldStop?(): boolean;
}

export type ReconcileVerdict = { landed: true; sendId: string } | { landed: false };

/** Thrown when reconcile could not finish: nothing may be concluded from it. */
export class ReconcileIncomplete extends Error {
  override name = 'ReconcileIncomplete';
}

/** A send list longer than this since the attempt means something is wrong; do not guess. */
const MAX_PAGES = 10_000;

export async function findLandedSend(
  reads: ReconcileReads,
  batch: BatchFingerprint,
  options: ReconcileOptions,
): Promise<ReconcileVerdict> {
  const cutoff = Date.parse(batch.attemptStartedAt) - options.clockSkewMs;
  const candidates: string[] = [];
  for (let page = 1; ; page++) {
    if (options.shouldStop?.()) throw new ReconcileIncomplete('stopped while reading the send list');
    if (page > MAX_PAGES) throw new ReconcileIncomplete('the send list did not reach the attempt');
    const { data, meta } = await reads.listSends(page);
    let reachedCutoff = false;
    for (const send of data) {
      const created = Date.parse(send.created_at);
      // An unreadable date cannot rule a send out: keep it as a candidate.
      if (created < cutoff) {
        reachedCutoff = true;
        continue;
      }
      if (send.quantity === batch.quantity && !options.isOwned(send.id)) candidates.push(send.id);
    }
    // The whole page is read even after the cutoff: "newest first" need not be strict within a second.
    if (reachedCutoff || data.length === 0 || meta.nextPageUrl === null || page >= meta.lastPage) break;
  }

  const expected = messageCounts(batch.messages, batch.maskLinks);
  for (const id of candidates) {
    if (options.shouldStop?.()) throw new ReconcileIncomplete('stopped while reading sends');
    const detail = await reads.getSend(id);
    if (
      detail.quantity === batch.quantity &&
      sameMessages(expected, detail.phones, batch.quantity, batch.maskLinks)
    ) {
      return { landed: true, sendId: id };
    }
  }
  return { landed: false };
}

const LINK = /\bhttps?:\/\/\S+/gi;
const keyOf = (phone: string, message: string, maskLinks: boolean) =>
  `${phone}\u0000${maskLinks ? message.replace(LINK, '\u0001') : message}`;

function messageCounts(messages: BatchFingerprint['messages'], maskLinks: boolean): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of messages) {
    const key = keyOf(m.phone, m.message, maskLinks);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The send's listed numbers are the batch's messages (all of them, or a subset when the list is cut short). */
export function sameMessages(
  expected: ReadonlyMap<string, number>,
  phones: readonly { phone: string; message: string }[],
  quantity: number,
  maskLinks: boolean,
): boolean {
  if (phones.length === 0 || phones.length > quantity) return false;
  const left = new Map(expected);
  for (const p of phones) {
    const key = keyOf(p.phone, p.message, maskLinks);
    const n = left.get(key) ?? 0;
    if (n === 0) return false;
    left.set(key, n - 1);
  }
  return true;
}
