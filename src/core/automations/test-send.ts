/**
 * `automations:testSend`: the next occurrence's message, merged for its
 * first recipient (or with every field at its fallback when it has none
 * yet), sent now to the number the owner types, with the template's sender
 * and SMS type. The history names it as the automation's test.
 */
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { AutomationTestSendResult } from '../../shared/dto/automations';
import { MESSAGE_MAX_CHARS } from '../../shared/contract/campaigns';
import type { SendSingleRequest } from '../api/wire-schemas';
import { AppFailure } from '../app-failure';
import { countSegments } from '../../shared/sms-segments';
import { costReais } from '../campaigns/campaigns-module';
import { checkPhone } from '../contacts/contacts-module';
import type { ModuleDeps } from '../kernel/core-module';
import { bindAccount } from '../account/account-module';
import type { Automation } from './automation-repo';
import { currentText, readAudience, type WorkContext } from './handover/occurrence-audience';
import { nextOccurrences } from './occurrences/occurrence-days';
import { appDate, appInstant } from './occurrences/recipient-time';

const invalidPhone = (message: string, reason: string) =>
  new AppFailure(APP_ERROR_CODES.invalidInput, message, { fields: [{ field: 'phone', message }], reason });

export async function testSendAutomation(
  deps: Pick<ModuleDeps, 'session' | 'account' | 'now' | 'log'>,
  ctx: WorkContext,
  a: Automation,
  phoneText: string,
): Promise<AutomationTestSendResult> {
  const phone = checkPhone(phoneText);
  if (!phone.ok) throw invalidPhone(phone.message, `phone_${phone.reason}`);
  const now = deps.now();
  const send = currentText(ctx, a);
  const builder = ctx.ports.outbox.builder(a.profile, send.text);
  // The next occurrence with someone to write to (a birthday automation's next birthday within a year).
  let date: string | null = null;
  let text: string | null = null;
  for (const day of nextOccurrences(a.rule, appDate(now), now, appInstant, 400)) {
    const first = readAudience(ctx, a, day, builder).candidates?.find((c) => !c.optedOut) ?? null;
    if (!first && a.kind === 'birthday') continue;
    date = day.key;
    text = first ? builder.fromRow(first.row) : builder.forRecipient(null).text;
    break;
  }
  if (text === null) {
    throw new AppFailure(
      APP_ERROR_CODES.noUpcomingOccurrence,
      'This automation has no occurrence ahead to test.',
    );
  }
  if (text.trim() === '') {
    throw new AppFailure(APP_ERROR_CODES.invalidInput, 'The template has no text.', {
      reason: 'empty_message',
    });
  }
  if (text.length > MESSAGE_MAX_CHARS) {
    throw new AppFailure(
      APP_ERROR_CODES.messageTooLong,
      `This message has ${text.length} characters after merging; the limit is ${MESSAGE_MAX_CHARS}.`,
      { params: { count: 1, max: MESSAGE_MAX_CHARS, length: text.length } },
    );
  }
  const body: SendSingleRequest = { phone: phone.e164, message: text };
  if (send.from !== null) body.from = send.from;
  if (send.smsTypeId !== null) body.sms_type_id = send.smsTypeId;
  const account = bindAccount(deps.session, deps.account);
  const sent = await account.call((client) => client.sendSingle(body));
  // So the history calls it this automation's test, and the overview counts what it took from the balance.
  const unitMicro = ctx.ports.outbox.unitMicro(ctx.smsTypes(a.profile), send.smsTypeId);
  const segments = countSegments(text).segments;
  ctx.ports.outbox.recordTest({
    profile: a.profile,
    sendId: sent.id,
    name: a.name,
    phone: phone.e164,
    at: now.toISOString(),
    cost: unitMicro === null ? null : costReais(segments, unitMicro),
  });
  // The log masks the number and the text (core/log/scrub.ts).
  deps.log.info('automation.testSent', {
    automationId: a.id,
    sendId: sent.id,
    to: phone.e164,
    message: text,
  });
  void deps.account.refresh();
  return { sendId: sent.id, phone: phone.e164, message: text, date };
}
