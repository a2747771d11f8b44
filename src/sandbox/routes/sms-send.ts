/**
 * Sending: one message or up to 5000 in one request. The whole request is
 * priced (segments × SMS type price) and debited in one step: when the balance
 * does not cover all of it, nothing is accepted (402). With `link_tracking`
 * "shorten" or "track" (ASSUMED), the addresses in the messages are replaced
 * by short links of the account first, and the parts are counted on that text.
 */
import { randomUUID } from 'node:crypto';
import { ERROR_CODES, PATHS } from '../../core/api/wire';
import { sendMultipleRequest, sendSingleRequest, type BulkMessage } from '../../core/api/wire-schemas';
import { countSegments } from '../../shared/sms-segments';
import type { Account } from '../state/account';
import { fieldError, HttpError, ok, type Reply } from '../http/http-io';
import type { MessageRecord, SendRecord } from '../state/model';
import { formatReais } from '../state/money';
import { planMessage } from '../simulation/progression';
import type { Router } from '../http/router';
import { DEFAULT_SMS_TYPE_ID } from '../state/seed';
import { parseWith } from '../http/validate';
import { SHORT_LINK_PREFIX, type World } from '../world';
import { makeShortLink, shortenForTracking } from '../simulation/short-links';

interface SendInput {
  messages: BulkMessage[];
  smsTypeId?: number;
  urlCallback?: string;
  flashSms?: boolean;
  linkTracking?: string;
}

interface TextCost {
  segments: number;
  characters: number;
}

function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

export function acceptSend(world: World, account: Account, input: SendInput): Reply {
  if (input.linkTracking === 'shorten' || input.linkTracking === 'track') {
    const at = world.clock.now();
    input = {
      ...input,
      messages: shortenForTracking(
        input.messages,
        (url) => makeShortLink(world.state, account, { url, title: null, createdAt: at }),
        (link) => world.shortUrl(link),
        `${world.baseUrl}${SHORT_LINK_PREFIX}`,
      ),
    };
  }
  const type = account.smsType(input.smsTypeId ?? DEFAULT_SMS_TYPE_ID);
  if (!type) throw fieldError('sms_type_id', 'Unknown SMS type.');
  const price = type.saleCents ?? type.priceCents;

  // Campaigns repeat texts: count each distinct text once.
  const costs = new Map<string, TextCost>();
  const perMessage: TextCost[] = [];
  let totalCents = 0;
  for (const m of input.messages) {
    let c = costs.get(m.message);
    if (!c) {
      c = { segments: countSegments(m.message).segments, characters: codePoints(m.message) };
      costs.set(m.message, c);
    }
    perMessage.push(c);
    totalCents += c.segments * price;
  }
  if (totalCents > account.balanceCents) {
    throw new HttpError(
      402,
      ERROR_CODES.insufficientBalance,
      `Insufficient balance: the send costs ${formatReais(totalCents)}, the balance is ${formatReais(account.balanceCents)}.`,
    );
  }

  const now = world.clock.now();
  const number = ++account.counters.send;
  const sendId = randomUUID();
  let segments = 0;
  let characters = 0;
  let scheduleAt: number | null = null;
  let minStartAt = Infinity;
  let minSentAt = Infinity;
  let maxFinalAt = 0;
  const messages: MessageRecord[] = input.messages.map((m, index) => {
    const c = perMessage[index]!;
    const scheduled = m.schedule !== undefined;
    const schedule = scheduled ? Date.parse(m.schedule!) : null;
    const startAt = schedule !== null ? Math.max(schedule, now) : now;
    if (scheduled) scheduleAt = Math.min(scheduleAt ?? Infinity, startAt);
    const plan = planMessage(world.state.seed, number, index, m.phone, startAt);
    segments += c.segments;
    characters += c.characters;
    minStartAt = Math.min(minStartAt, startAt);
    minSentAt = Math.min(minSentAt, plan.sentAt);
    maxFinalAt = Math.max(maxFinalAt, plan.finalAt);
    return {
      id: randomUUID(),
      phone: m.phone,
      message: m.message,
      reference: m.reference ?? null,
      from: m.from ?? null,
      characters: c.characters,
      segments: c.segments,
      costCents: c.segments * price,
      scheduled,
      scheduleAt: scheduled ? Date.parse(m.schedule!) : null,
      startAt,
      ...plan,
    };
  });

  const send: SendRecord = {
    id: sendId,
    number,
    createdAt: now,
    smsTypeId: type.id,
    typeName: type.name,
    urlCallback: input.urlCallback ?? null,
    flashSms: input.flashSms ?? false,
    linkTracking: input.linkTracking ?? null,
    scheduled: scheduleAt !== null,
    scheduleAt,
    costCents: totalCents,
    segments,
    characters,
    minStartAt,
    minSentAt,
    maxFinalAt,
    messages,
  };
  account.balanceCents -= totalCents;
  account.addSend(send);
  world.transitions.addSend(account.key, send, now);
  world.planClicks(account, send);
  world.payments.autoRecharge(account);
  return ok({
    id: sendId,
    quantity: messages.length,
    status: send.scheduled ? 'scheduled' : 'queued',
    test: true,
  });
}

export function registerSmsSend(router: Router, world: World): void {
  router.authed('POST', PATHS.smsSendSingle, (ctx) => {
    const { sms_type_id, ...message } = parseWith(sendSingleRequest, ctx.body);
    return acceptSend(world, ctx.account, { messages: [message], smsTypeId: sms_type_id });
  });

  router.authed('POST', PATHS.smsSendMultiple, (ctx) => {
    const req = parseWith(sendMultipleRequest, ctx.body);
    return acceptSend(world, ctx.account, {
      messages: req.messages,
      smsTypeId: req.sms_type_id,
      urlCallback: req.urlCallback,
      flashSms: req.flashSms,
      linkTracking: req.link_tracking,
    });
  });
}
