/**
 * A reply from the inbox: one SMS to one number that wrote to the shop,
 * sent now through the service's send-one (`POST /v1/sms/send/single`), as
 * the composer's test send sends, with the sending rules a customer's
 * message has: the business name in front, opt-outs and block lists
 * (recipient-policy's one decision), and the sending window, Sundays and
 * holidays on the customer's own clock. Not the frequency cap: an answer to
 * someone who just wrote is not one more campaign message to them.
 *
 * Priced as the composer prices (the account's SMS type catalogue, the
 * default type, exact micro-reais). `replyEstimate` says all of it before
 * the owner clicks; `reply` refuses what the estimate would refuse.
 */
import { APP_ERROR_CODES } from '../../shared/app-error';
import { MESSAGE_MAX_CHARS } from '../../shared/contract/campaigns';
import type { InboxReplyEstimate, InboxReplyResult } from '../../shared/dto/inbox';
import { isLandline } from '../../shared/phone-line';
import { scheduleFor } from '../../shared/rules/schedule';
import { countSegments } from '../../shared/sms-segments';
import { withPrefix } from '../../shared/template';
import type { SendSingleRequest } from '../api/wire-schemas';
import { AppFailure } from '../app-failure';
import { costReais, pricingOf } from '../campaigns/campaigns-module';
import { checkPhone, LANDLINE_MESSAGE } from '../contacts/contacts-module';
import type { ModuleDeps } from '../kernel/core-module';
import type { Exclusion, RulesModule } from '../rules/rules-module';
import { numberBlockedFailure } from '../rules/rules-module';
import { bindAccount, mayAskService } from '../account/account-module';
import type { Conversations } from './conversations';
import type { InboxRepo } from './inbox-repo';

export type ReplyDeps = Pick<ModuleDeps, 'session' | 'account' | 'connectivity' | 'now' | 'log'> & {
  rules: Pick<RulesModule, 'rules' | 'excluded'>;
  repo: InboxRepo;
  conversations: Conversations;
};

interface Plan {
  phone: string;
  estimate: InboxReplyEstimate;
  exclusion: Exclusion | null;
}

const phoneFailure = (message: string, reason: string) =>
  new AppFailure(APP_ERROR_CODES.invalidInput, message, { fields: [{ field: 'phone', message }], reason });

/** The number as typed, read with the app's phone reader (Brazilian unless it starts with +). */
function readPhone(text: string): string {
  const phone = checkPhone(text);
  if (!phone.ok) throw phoneFailure(phone.message, `phone_${phone.reason}`);
  if (isLandline(phone.e164)) throw phoneFailure(LANDLINE_MESSAGE, 'phone_landline');
  return phone.e164;
}

const blockedFailure = (exclusion: Exclusion): AppFailure =>
  numberBlockedFailure(exclusion, 'no reply may be sent to it.');

export function createInboxReplies(deps: ReplyDeps) {
  async function plan(profile: string, phoneText: string, message: string): Promise<Plan> {
    const phone = readPhone(phoneText);
    if (!deps.repo.hasReplies(profile, phone)) {
      throw new AppFailure(
        APP_ERROR_CODES.notFound,
        'This number has not written to the shop: no conversation.',
      );
    }
    const rules = deps.rules.rules();
    const text = withPrefix(rules.prefix, message.trim());
    if (text.length > MESSAGE_MAX_CHARS) {
      throw new AppFailure(
        APP_ERROR_CODES.messageTooLong,
        `This reply has ${text.length} characters with the business name; the limit is ${MESSAGE_MAX_CHARS}.`,
        { params: { count: 1, max: MESSAGE_MAX_CHARS, length: text.length } },
      );
    }
    const segments = countSegments(text).segments;
    const mayAsk = mayAskService(deps.session, deps.connectivity, profile);
    const { unitMicro } = pricingOf(await deps.account.smsTypes.known(profile, mayAsk), null);
    const cost = unitMicro === null ? null : costReais(segments, unitMicro);

    const now = deps.now();
    const exclusion = deps.rules.excluded({ profile, phones: [phone], now, cap: false }).get(phone) ?? null;
    let refused: InboxReplyEstimate['refused'] = null;
    if (exclusion) refused = { code: 'number_blocked', until: null };
    else {
      const zone = deps.conversations.contactOf(profile, phone)?.time_zone ?? null;
      const when = scheduleFor({ phone, zone }, { kind: 'now' }, rules, now);
      if (when.moved !== null) refused = { code: 'outside_sending_hours', until: when.at.toISOString() };
    }
    return { phone, exclusion, estimate: { text, segments, cost, refused } };
  }

  return {
    estimate: async (profile: string, phone: string, message: string): Promise<InboxReplyEstimate> =>
      (await plan(profile, phone, message)).estimate,

    async send(profile: string, phoneText: string, message: string): Promise<InboxReplyResult> {
      const { phone, exclusion, estimate } = await plan(profile, phoneText, message);
      if (exclusion) throw blockedFailure(exclusion);
      if (estimate.refused?.code === 'outside_sending_hours') {
        throw new AppFailure(
          APP_ERROR_CODES.outsideSendingHours,
          `It is outside the sending hours on this customer's clock: the reply can go from ${estimate.refused.until}.`,
          { params: { until: estimate.refused.until! } },
        );
      }
      const account = bindAccount(deps.session, deps.account);
      const body: SendSingleRequest = { phone, message: estimate.text };
      const sent = await account.call((client) => client.sendSingle(body));
      const at = deps.now().toISOString();
      deps.repo.recordSend(profile, {
        send_id: sent.id,
        phone,
        text: estimate.text,
        segments: estimate.segments,
        cost: estimate.cost,
        sent_at: at,
      });
      // Answering a conversation is handling it.
      deps.repo.setHandled(profile, phone, true);
      // The log masks the number and the text (core/log/scrub.ts).
      deps.log.info('inbox.replied', { sendId: sent.id, to: phone, message: estimate.text });
      // The reply was paid for: the header shows the balance after it.
      void deps.account.refresh();
      return { sendId: sent.id, phone, segments: estimate.segments, cost: estimate.cost };
    },
  };
}

export type InboxReplies = ReturnType<typeof createInboxReplies>;
