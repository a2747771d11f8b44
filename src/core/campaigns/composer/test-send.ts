/**
 * `campaigns:testSend`: one recipient's merged message (the business's name
 * in front, as the campaign will send it) sent to a number the user types
 * (`POST /v1/sms/send/single`) with the campaign's sender and SMS type,
 * before the campaign goes out. Service errors (402, 422, 429...) reach the
 * user through dispatch like every other call.
 *
 * A test goes out now, whatever the sending hours, the day or the
 * campaign's schedule: it is for the owner to read the message on their own
 * phone, and an owner testing on a Sunday evening wants it then, not on
 * Monday at 09:00. It is not logged for the frequency cap (it reaches the
 * owner, not a customer). A number on a block list is refused all the
 * same: the law does not ask whether the message was a test.
 */
import type { SmsTypeView, TestSendResult } from '../../../shared/dto/campaigns';
import { MESSAGE_MAX_CHARS } from '../../../shared/contract/campaigns';
import { APP_ERROR_CODES } from '../../../shared/app-error';
import { countSegments } from '../../../shared/sms-segments';
import type { SendSingleRequest } from '../../api/wire-schemas';
import { AppFailure } from '../../app-failure';
import { checkPhone, LANDLINE_MESSAGE } from '../../contacts/contacts-module';
import { isLandline } from '../../../shared/phone-line';
import type { CampaignRules, CampaignsDeps } from '../campaigns-deps';
import { numberBlockedFailure } from '../../rules/rules-module';
import { bindAccount } from '../../account/account-module';
import type { Audience } from './audience';
import type { AudienceQuery } from '../messages/audience-sql';
import { draftFieldFailure, templateFieldFailure } from '../campaign-errors';
import type { CampaignRecord } from '../campaign-repo';
import { createMessageBuilder } from '../messages/message-builder';
import type { TestSendLog } from './test-send-log';
import type { LinkTracking } from '../../links/links-module';
import { withShortLinks, writtenLinks } from '../../../shared/message-links';
import { tracksLinks } from './tracked-links';
import { costReais } from '../campaign-money';
import { pricingOf } from '../pricing';

export async function testSend(
  deps: CampaignsDeps,
  audience: Audience,
  log: TestSendLog,
  tracking: LinkTracking,
  rules: Pick<CampaignRules, 'frame' | 'excluded'>,
  campaign: CampaignRecord,
  who: AudienceQuery,
  input: {
    phone: string;
    index?: number;
    /** The cached catalogue, to write down what the test took from the balance (null: never read). */
    smsTypes: readonly SmsTypeView[] | null;
  },
): Promise<TestSendResult> {
  const phone = checkPhone(input.phone);
  if (!phone.ok) throw draftFieldFailure('phone', phone.message, `phone_${phone.reason}`);
  // A real SMS that no fixed line can receive: refused before it is paid for.
  if (isLandline(phone.e164)) throw draftFieldFailure('phone', LANDLINE_MESSAGE, 'phone_landline');

  // Who may receive a message, as at freeze and hand-over (the cap counts messages to customers only).
  const exclusion = rules
    .excluded({ profile: campaign.profile, phones: [phone.e164], now: deps.now(), cap: false })
    .get(phone.e164);
  if (exclusion)
    throw numberBlockedFailure(exclusion, 'nothing may be sent to it. Test with another number.');

  // Nobody chosen yet: the text with every field at its fallback.
  const recipient = audience.at(who, input.index ?? 0)?.recipient ?? null;
  const builder = createMessageBuilder(
    campaign.template,
    campaign.options.plainLetters,
    rules.frame(campaign.profile),
  );
  if (builder.unclosed[0]) throw templateFieldFailure(builder.unclosed[0]);
  const built = builder.forRecipient(recipient);
  const account = bindAccount(deps.session, deps.account);
  // A tracked campaign's test shows its real short links: they are made now, and the campaign keeps them.
  let text = built.text;
  if (tracksLinks(campaign.options) && text.trim() !== '') {
    tracking.record(campaign.id, writtenLinks(campaign.template));
    text = withShortLinks(text, await tracking.make(account, campaign));
  }
  if (text.trim() === '') throw draftFieldFailure('template', 'Write the message first.', 'empty_message');
  if (text.length > MESSAGE_MAX_CHARS) {
    throw new AppFailure(
      APP_ERROR_CODES.messageTooLong,
      `This message has ${text.length} characters after merging; the limit is ${MESSAGE_MAX_CHARS}.`,
      { params: { count: 1, max: MESSAGE_MAX_CHARS, length: text.length } },
    );
  }

  const { options } = campaign;
  // No schedule: a test goes now (see above).
  const body: SendSingleRequest = { phone: phone.e164, message: text };
  if (options.from !== null) body.from = options.from;
  if (options.smsTypeId !== null) body.sms_type_id = options.smsTypeId;

  const sent = await account.call((client) => client.sendSingle(body));
  const segments = countSegments(text).segments;
  const { unitMicro } = pricingOf(input.smsTypes, options.smsTypeId);
  // So the history calls it this campaign's test, with its result, not a send from nowhere; and the
  // overview counts what it took from the balance (the service debits a send when it accepts it).
  log.record({
    cost: unitMicro === null ? null : costReais(segments, unitMicro),
    profile: campaign.profile,
    sendId: sent.id,
    campaignId: campaign.id,
    campaignName: campaign.name,
    phone: phone.e164,
    at: deps.now().toISOString(),
  });
  // The log masks both (core/log/scrub.ts): which campaign, the number's last digits, the text's length.
  deps.log.info('campaign.testSent', {
    campaignId: campaign.id,
    sendId: sent.id,
    to: phone.e164,
    message: text,
  });
  // The test message was paid for: the header shows the balance after it.
  void deps.account.refresh();
  return { sendId: sent.id, phone: phone.e164, segments };
}
