/**
 * Reading sends: the list (newest first), one send with its summary and
 * phones, the numbers of a send by status, and the SMS type catalogue. Every
 * status is derived from the simulated clock at the time of the request.
 */
import { PATHS } from '../../core/api/wire';
import {
  numberStatusFilter,
  type SendDetail,
  type SendListItem,
  type SendNumberDetail,
  type SendNumberItem,
  type SmsTypeItem,
} from '../../core/api/wire-schemas';
import type { Account } from '../state/account';
import { fieldError, notFound, ok } from '../http/http-io';
import type { MessageRecord, MessageStatus, SendRecord } from '../state/model';
import { toReais } from '../state/money';
import { paginate, readPaging } from '../http/pagination';
import { isInProgress, messageCode, messageStatus, sendStatus, sendSummary } from '../simulation/progression';
import { patternOf, type Router } from '../http/router';
import type { World } from '../world';
import type { AnswerShapes } from '../http/answer-shapes';

const iso = (t: number) => new Date(t).toISOString();

/** A message's status in the words the answer shapes ask for (answer-shapes.ts `numberWords`). */
const WORDS: Record<Exclude<AnswerShapes['numberWords'], 'documented'>, Record<MessageStatus, string>> = {
  pt: { scheduled: 'agendado', queued: 'na fila', sent: 'enviado', delivered: 'entregue', failed: 'falhou' },
  unknown: {
    scheduled: 'SCHEDLD',
    queued: 'ENROUTE',
    sent: 'ACCEPTD',
    delivered: 'DELIVRD',
    failed: 'UNDELIV',
  },
};
const wordFor = (status: MessageStatus, words: AnswerShapes['numberWords']): string =>
  words === 'documented' ? status : WORDS[words][status];

function findSend(account: Account, id: string): SendRecord {
  const send = account.sendsById.get(id);
  if (!send) throw notFound('Send');
  return send;
}

function listItem(account: Account, send: SendRecord, now: number): SendListItem {
  return {
    id: send.id,
    number: send.number,
    date: send.scheduleAt === null ? null : iso(send.scheduleAt),
    quantity: send.messages.length,
    full_name: account.company.name,
    created_at: iso(send.createdAt),
    status: sendStatus(send, now),
    type: send.typeName,
  };
}

function numberDetail(
  m: MessageRecord,
  send: SendRecord,
  now: number,
  words: AnswerShapes['numberWords'],
): SendNumberDetail {
  return {
    id: m.id,
    characters: m.characters,
    code: messageCode(m, now),
    cost: toReais(m.costCents),
    message: m.message,
    phone: m.phone,
    status: wordFor(messageStatus(m, now), words),
    template: null,
    created_at: iso(send.createdAt),
  };
}

function detail(
  account: Account,
  send: SendRecord,
  now: number,
  words: AnswerShapes['numberWords'],
): SendDetail {
  return {
    id: send.id,
    quantity: send.messages.length,
    characters: send.characters,
    date: send.scheduleAt === null ? null : iso(send.scheduleAt),
    total: send.segments,
    cost: toReais(send.costCents),
    user: account.company.name,
    status: sendStatus(send, now),
    type: send.typeName,
    summary: sendSummary(send, now),
    phones: send.messages.map((m) => numberDetail(m, send, now, words)),
  };
}

const FILTERS: Record<string, (s: MessageStatus) => boolean> = {
  delivered: (s) => s === 'delivered',
  failed: (s) => s === 'failed',
  in_progress: isInProgress,
};

export function registerSmsRead(router: Router, world: World): void {
  router.authed('GET', PATHS.smsList, (ctx) => {
    const now = world.clock.now();
    const paging = readPaging(ctx.query);
    return ok(
      paginate(ctx.account.sends, paging, ctx.path, ctx.query, (s) => listItem(ctx.account, s, now), true),
    );
  });

  router.authed('GET', patternOf(PATHS.smsShow), (ctx) => {
    const send = findSend(ctx.account, ctx.params.id!);
    return ok(detail(ctx.account, send, world.clock.now(), world.shapes.numberWords));
  });

  router.authed('GET', patternOf(PATHS.smsNumbers), (ctx) => {
    const send = findSend(ctx.account, ctx.params.id!);
    const rawStatus = ctx.query.get('status');
    let filter: ((s: MessageStatus) => boolean) | undefined;
    if (rawStatus !== null) {
      const parsed = numberStatusFilter.safeParse(rawStatus);
      if (!parsed.success) throw fieldError('status', 'Must be one of delivered, failed, in_progress.');
      filter = FILTERS[parsed.data];
    }
    const paging = readPaging(ctx.query);
    const now = world.clock.now();
    const items = filter ? send.messages.filter((m) => filter(messageStatus(m, now))) : send.messages;
    const render = (m: MessageRecord): SendNumberItem => ({
      id: m.id,
      phone: m.phone,
      code: messageCode(m, now),
      status: wordFor(messageStatus(m, now), world.shapes.numberWords),
      created_at: iso(send.createdAt),
    });
    return ok(paginate(items, paging, ctx.path, ctx.query, render));
  });

  router.authed('GET', PATHS.smsTypes, (ctx) => {
    const data: SmsTypeItem[] = ctx.account.smsTypes.map((t) => ({
      id: t.id,
      name: t.name,
      price: toReais(t.priceCents),
      sale: t.saleCents === null ? null : toReais(t.saleCents),
    }));
    return ok({ data });
  });
}
