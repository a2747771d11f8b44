/**
 * The `minimal` answer shape (POST /__sandbox/shapes {"minimal": true}):
 * every answer keeps only what no SDK can do without (core/api/wire-strict.ts)
 * and drops the rest: no `meta`, no `summary`, no `mode`; a purchase answers
 * 200 with an empty body, a contact's create and update the bare uuid as text
 * (not JSON), a delete 204. The SDKs read each of these (service-wire-facts.md,
 * "What the SDKs' own test vectors show"), so the app must too; what happens
 * is unchanged (a purchase still charges and credits, a send still goes).
 */
import { PATHS } from '../../core/api/wire';
import { strictPart, type AnswerName } from '../../core/api/wire-strict';
import type { Reply } from './http-io';
import { patternOf } from './router';

type Body = Record<string, unknown>;
type Shrink = (reply: Reply) => Reply;

const one =
  (name: AnswerName): Shrink =>
  (reply) => ({ ...reply, body: strictPart(name, reply.body) });

/** `{data: [...]}` (a page or a catalogue): the items shrunk, everything else dropped. */
const listOf =
  (name: AnswerName): Shrink =>
  (reply) => {
    const data = (reply.body as Body | undefined)?.data;
    return {
      ...reply,
      body: { data: Array.isArray(data) ? data.map((item) => strictPart(name, item)) : [] },
    };
  };

const empty: Shrink = (reply) => ({
  status: reply.status,
  ...(reply.headers ? { headers: reply.headers } : {}),
});
const noContent: Shrink = () => ({ status: 204 });
/** The contact's uuid as plain text: not a JSON string, as some services answer. */
const bareText: Shrink = (reply) => ({ ...empty(reply), text: String(reply.body) });

const SHRINK: Readonly<Record<string, Shrink>> = {
  [`GET ${PATHS.authToken}`]: one('tokenResponse'),
  [`POST ${PATHS.smsSendSingle}`]: one('sendResult'),
  [`POST ${PATHS.smsSendMultiple}`]: one('sendResult'),
  [`GET ${PATHS.smsList}`]: listOf('sendListItem'),
  [`GET ${patternOf(PATHS.smsShow)}`]: one('sendDetail'),
  [`GET ${patternOf(PATHS.smsNumbers)}`]: listOf('sendNumberItem'),
  [`GET ${PATHS.smsTypes}`]: listOf('smsTypeItem'),
  [`GET ${PATHS.accountBalance}`]: one('balance'),
  [`GET ${PATHS.accountAutoRecharge}`]: one('autoRechargeConfig'),
  [`PUT ${PATHS.accountAutoRecharge}`]: one('autoRechargeConfig'),
  [`GET ${PATHS.accountWebhook}`]: one('webhookConfig'),
  [`PUT ${PATHS.accountWebhook}`]: one('webhookConfig'),
  [`GET ${PATHS.billingPlans}`]: listOf('plan'),
  [`GET ${PATHS.billingCards}`]: listOf('card'),
  [`GET ${PATHS.billingInvoices}`]: listOf('invoiceItem'),
  [`POST ${PATHS.billingPurchase}`]: empty,
  [`GET ${PATHS.contactsList}`]: listOf('contactListItem'),
  [`POST ${PATHS.contactsStore}`]: bareText,
  [`GET ${patternOf(PATHS.contactShow)}`]: one('contactDetail'),
  [`PUT ${patternOf(PATHS.contactUpdate)}`]: bareText,
  [`DELETE ${patternOf(PATHS.contactDelete)}`]: noContent,
  [`GET ${PATHS.listsList}`]: listOf('listResult'),
  [`POST ${PATHS.listsStore}`]: one('listResult'),
  [`GET ${patternOf(PATHS.listShow)}`]: one('listResult'),
  [`PUT ${patternOf(PATHS.listUpdate)}`]: one('listResult'),
  [`DELETE ${patternOf(PATHS.listDelete)}`]: noContent,
};

/** A success answer to `method pattern` in its minimal shape; errors and unlisted routes unchanged. */
export function minimalReply(method: string, pattern: string | undefined, reply: Reply): Reply {
  if (reply.status < 200 || reply.status >= 300 || pattern === undefined) return reply;
  const shrink = SHRINK[`${method} ${pattern}`];
  return shrink ? shrink(reply) : reply;
}
