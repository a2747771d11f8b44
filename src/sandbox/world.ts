/**
 * The sandbox's moving parts in one place, handed to every route: state,
 * clock, payments, transitions and the webhook emitter. `tick()` brings the
 * world up to the simulated now: settles pending payments and emits the
 * message status changes that have happened.
 */
import type { Account } from './state/account';
import { DOCUMENTED_SHAPES, type AnswerShapes } from './http/answer-shapes';
import { Clock } from './simulation/clock';
import { linkClickEvent, messageStatusEvent } from './simulation/events';
import { Faults } from './http/faults';
import type { ClickRecord, ShortLinkRecord } from './state/model';
import { Payments } from './simulation/payments';
import type { Snapshot } from './state/persistence';
import { TransitionQueue, type Transition } from './simulation/progression';
import { PURCHASE_LIMIT, SlidingWindowLimiter } from './http/rate-limit';
import { SandboxState } from './state/state';
import { WebhookEmitter } from './simulation/webhook-emitter';
import { ClickQueue, planClicks } from './simulation/short-links';
import type { SendRecord } from './state/model';

/** Where the sandbox serves short links: `GET /s/{code}` redirects and counts the click. */
export const SHORT_LINK_PREFIX = '/s/';

export class World {
  readonly clock: Clock;
  readonly state: SandboxState;
  readonly emitter: WebhookEmitter;
  readonly transitions = new TransitionQueue();
  /** Clicks the recipients of delivered messages will make (simulation/short-links.ts). */
  readonly clicks = new ClickQueue();
  readonly payments: Payments;
  readonly faults: Faults;
  readonly purchaseLimiter = new SlidingWindowLimiter(PURCHASE_LIMIT.limit, PURCHASE_LIMIT.windowMs);
  /** How answers are written (admin `/__sandbox/shapes`); not kept in snapshots. */
  shapes: AnswerShapes = { ...DOCUMENTED_SHAPES };
  /** Set by the server once it listens: `http://127.0.0.1:PORT`. */
  baseUrl = '';
  /** Called after a change that tick() made on its own (persistence hooks in here). */
  onChange: () => void = () => {};

  constructor(
    readonly seed: number,
    readonly log: (line: string) => void,
    snapshot?: Snapshot | null,
    localWebhooksOnly = false,
  ) {
    this.clock = new Clock(snapshot?.clockOffsetMs ?? 0);
    this.state = new SandboxState(snapshot?.seed ?? seed);
    this.emitter = new WebhookEmitter(log, undefined, localWebhooksOnly);
    this.payments = new Payments(this.state, this.clock, log);
    this.faults = new Faults(seed);
    if (snapshot) {
      this.state.load(snapshot);
      this.payments.restorePending();
      const now = this.clock.now();
      for (const account of this.state.allAccounts()) {
        for (const send of account.sends) {
          if (send.maxFinalAt > now) this.transitions.addSend(account.key, send, now);
          // Planned again: those already made are known by their ids and skipped when due.
          this.planClicks(account, send);
        }
      }
    }
  }

  tick(): void {
    const now = this.clock.now();
    const settled = this.payments.settleDue(now);
    for (const t of this.transitions.popDue(now)) this.emitTransition(t);
    let clicked = false;
    for (const c of this.clicks.popDue(now)) {
      const account = this.state.find(c.key);
      const link = account?.shortLinks.get(c.linkId);
      if (!account || !link || !link.active || link.clicks.some((k) => k.id === c.clickId)) continue;
      this.recordClick(account, link, { id: c.clickId, clickedAt: c.at, phone: c.phone, userAgent: null });
      clicked = true;
    }
    if (settled || clicked) this.onChange();
  }

  /** A send was accepted (or reloaded): its delivered messages' short links will be clicked by some. */
  planClicks(account: Account, send: SendRecord): void {
    // The path alone: a demo reopened on another port still knows its earlier messages' links.
    const prefix = SHORT_LINK_PREFIX;
    const resolve = (code: string) => {
      const found = this.state.resolveShortCode(code);
      return found?.account === account ? found.linkId : undefined;
    };
    for (const click of planClicks(this.state.seed, account, send, prefix, resolve)) this.clicks.push(click);
  }

  /** A click on a link, kept on it and sent to the account's webhook as a signed `link.click`. */
  recordClick(account: Account, link: ShortLinkRecord, click: ClickRecord): void {
    link.clicks.push(click);
    this.emitLinkClick(account, link, click);
  }

  advance(ms: number): void {
    this.clock.advance(ms);
    this.tick();
    this.onChange();
  }

  emitLinkClick(account: Account, link: ShortLinkRecord, click: ClickRecord): void {
    if (!account.webhook.url) return;
    const body = linkClickEvent({
      linkId: link.id,
      shortUrl: this.shortUrl(link),
      clickedAt: click.clickedAt,
      phone: click.phone,
    });
    this.emitter.enqueue(account.webhook.url, body, account.webhook.secret);
  }

  shortUrl(link: ShortLinkRecord): string {
    return `${this.baseUrl}${SHORT_LINK_PREFIX}${link.code}`;
  }

  snapshot(): Snapshot {
    return {
      version: 1,
      seed: this.state.seed,
      clockOffsetMs: this.clock.offsetMs,
      savedAt: new Date().toISOString(),
      ...this.state.toSnapshot(),
    };
  }

  close(): void {
    this.emitter.close();
  }

  private emitTransition(t: Transition): void {
    const account = this.state.find(t.key);
    const send = account?.sendsById.get(t.sendId);
    const m = send?.messages[t.index];
    if (!account || !send || !m) return;
    const targets = new Set<string>();
    if (account.webhook.url) targets.add(account.webhook.url);
    if (send.urlCallback) targets.add(send.urlCallback);
    if (targets.size === 0) return;
    const final = t.stage === 'final';
    const body = messageStatusEvent({
      sendId: send.id,
      messageId: m.id,
      phone: m.phone,
      // The SDKs' statuses: a message handed to the carrier is still in progress.
      status: final ? m.outcome : 'in_progress',
      code: final ? m.code : null,
      reference: m.reference,
    });
    for (const url of targets) this.emitter.enqueue(url, body, account.webhook.secret);
  }
}
