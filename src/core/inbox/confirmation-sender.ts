/**
 * Sends the opt-out confirmations the intake recorded, each EXACTLY ONCE.
 *
 * The service takes no idempotency key (service-wire-facts.md: nothing of
 * the kind is published, and the sandbox keeps none), so "once" is the
 * outbox's rule (campaigns' reconcile.ts), on one message:
 *
 * 1. A confirmation is claimed (`sending`, its attempt's start committed)
 *    before the request leaves; its `reference` is derived from the event
 *    id (`optout-<event id>`), so the service's records name it.
 * 2. An answer: it is marked sent, with its row in `inbox_sends`, in one
 *    transaction. A certain refusal (offline, 402, 409/429, 401) puts it back
 *    to wait; the service refusing the message itself (422) skips it.
 * 3. No answer (a time-out, a reset after the request left, a 5xx), or the
 *    process killed between the request and the mark: it stays `sending`.
 *    Once no request of that attempt can still be in flight (its start plus
 *    `settleMs`), the service's send list is read back to the attempt: a
 *    one-message send to the number with the text that no confirmation or
 *    inbox reply owns yet is this one, and it is marked sent as that send;
 *    only when there is none is it sent again. A read that fails decides
 *    nothing: it stays `sending` and is looked at again later.
 *
 * Not the opt-out itself (the confirmation is the answer to it), not the
 * frequency cap (an answer is not one more campaign message); a block list
 * does stop it (the number may receive nothing from the shop), and the
 * sending window is the intake's to apply (confirmation-timing.ts).
 */
import type { ModuleDeps } from '../kernel/core-module';
import {
  classifySendFailure,
  costReais,
  deliveryTimings,
  findLandedSend,
  pricingOf,
} from '../campaigns/campaigns-module';
import type { RulesModule } from '../rules/rules-module';
import { bindAccount, mayAskService, type BoundAccount } from '../account/account-module';
import { countSegments } from '../../shared/sms-segments';
import type { ConfirmationRow, ConfirmationsRepo } from './confirmations-repo';

export type SenderDeps = Pick<ModuleDeps, 'session' | 'account' | 'connectivity' | 'now' | 'log'> & {
  repo: ConfirmationsRepo;
  rules: Pick<RulesModule, 'blockedBy'>;
};

/** The `reference` a confirmation's SMS carries: the event it answers. */
export const confirmationReference = (eventId: string): string => `optout-${eventId}`.slice(0, 255);

export function createConfirmationSender(deps: SenderDeps) {
  const timings = deliveryTimings();
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const backoff = (attempts: number) =>
    Math.min(timings.retryMaxMs, timings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  const later = (ms: number) => new Date(deps.now().getTime() + ms);

  async function unitPrice(profile: string): Promise<number | null> {
    const mayAsk = mayAskService(deps.session, deps.connectivity, profile);
    return pricingOf(await deps.account.smsTypes.known(profile, mayAsk), null).unitMicro;
  }

  /** Marks it sent as `sendId`, with what it cost (the default type's price, as a reply from the inbox). */
  async function settle(profile: string, row: ConfirmationRow, sendId: string): Promise<void> {
    const segments = countSegments(row.text).segments;
    const unit = await unitPrice(profile).catch(() => null);
    const cost = unit === null ? null : costReais(segments, unit);
    const at = deps.now().toISOString();
    const settled = deps.repo.settle(profile, row.event_id, {
      send_id: sendId,
      phone: row.phone,
      text: row.text,
      segments,
      cost,
      sent_at: at,
    });
    // The log masks the number and the text (core/log/scrub.ts).
    if (settled) deps.log.info('inbox.optOutConfirmed', { sendId, to: row.phone });
  }

  /** A confirmation whose request may have landed: found on the service, or sent again. */
  async function reconcile(account: BoundAccount, profile: string, row: ConfirmationRow): Promise<void> {
    const started = Date.parse(row.attempt_started_at!);
    if (deps.now().getTime() < started + timings.settleMs) return; // may still be in flight
    const verdict = await findLandedSend(
      {
        listSends: (page) => account.call((client) => client.listSends(page)),
        getSend: (id) => account.call((client) => client.getSend(id)),
      },
      {
        quantity: 1,
        attemptStartedAt: row.attempt_started_at!,
        messages: [{ phone: row.phone, message: row.text }],
        maskLinks: false,
      },
      { clockSkewMs: timings.clockSkewMs, isOwned: deps.repo.isOwned, shouldStop: () => stopped },
    );
    if (verdict.landed) await settle(profile, row, verdict.sendId);
    else deps.repo.release(profile, row.event_id, deps.now());
  }

  async function send(account: BoundAccount, profile: string, row: ConfirmationRow): Promise<void> {
    const now = deps.now();
    // The opt-out is what it answers (the recipient policy would name it first); a block list stops it.
    const blocked = deps.rules.blockedBy(profile, row.phone);
    if (blocked) return deps.repo.skip(profile, row.event_id, `blocked:${blocked.id}`);
    if (!deps.repo.begin(profile, row.event_id, now)) return; // claimed elsewhere (the CLI beside the app)
    let sendId: string;
    try {
      const message = { phone: row.phone, message: row.text, reference: confirmationReference(row.event_id) };
      sendId = (await account.call((client) => client.sendSingle(message))).id;
    } catch (error) {
      const outcome = classifySendFailure(error);
      deps.log.warn('inbox.optOutConfirmationFailed', { outcome: outcome.kind, reason: outcome.reason });
      if (outcome.kind === 'ambiguous') return; // stays `sending`: reconciled once settled
      if (outcome.kind === 'rejected')
        return deps.repo.skip(profile, row.event_id, `rejected:${outcome.reason}`);
      const wait =
        outcome.kind === 'retry' && outcome.retryAfterSeconds !== undefined
          ? outcome.retryAfterSeconds * 1000
          : backoff(row.attempts + 1);
      return deps.repo.release(profile, row.event_id, later(wait));
    }
    await settle(profile, row, sendId);
  }

  async function pass(profile: string): Promise<void> {
    let account: BoundAccount;
    try {
      account = bindAccount(deps.session, deps.account);
    } catch {
      return; // signed out: the next sign-in or sync sends them
    }
    if (account.profile !== profile) return;
    for (const row of deps.repo.inDoubt(profile)) {
      if (stopped) return;
      await reconcile(account, profile, row).catch((error: unknown) =>
        deps.log.warn('inbox.optOutConfirmationUnsettled', { reason: (error as Error).message }),
      );
    }
    for (const row of deps.repo.due(profile, deps.now())) {
      if (stopped) return;
      await send(account, profile, row);
    }
  }

  /** Wakes again when something is due: a pending one's time, or an attempt that has settled. */
  function wake(profile: string): void {
    if (timer) clearTimeout(timer);
    timer = null;
    const next = deps.repo.nextAt(profile);
    if (stopped) return;
    const pending = next.pending === null ? Infinity : Date.parse(next.pending);
    const settled = next.sending === null ? Infinity : Date.parse(next.sending) + timings.settleMs;
    const due = Math.min(pending, settled);
    if (due === Infinity) return;
    const wait = Math.min(Math.max(due - deps.now().getTime(), timings.retryBaseMs), 60 * 60_000);
    timer = setTimeout(() => void kick(profile), wait);
    timer.unref();
  }

  /** Sends what is due for `profile` now (one pass at a time; a kick during a pass makes another). */
  function kick(profile: string): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass(profile).catch((error: unknown) =>
          deps.log.warn('inbox.optOutConfirmationPass', { reason: (error as Error).message }),
        );
      } while (again && !stopped);
      wake(profile);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    kick,
    /** Sends again after a stop (the background started anew). */
    start(): void {
      stopped = false;
    },
    /** Lets the pass under way finish (its sends recorded), and sends nothing more. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type ConfirmationSender = ReturnType<typeof createConfirmationSender>;
