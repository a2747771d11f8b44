/**
 * The bulk request for one batch, exactly as it goes on the wire
 * (`POST /v1/sms/send/multiple`): the batch's frozen messages, each with its
 * reference and its own `schedule` (the wire takes one per message: each
 * recipient's clock decides it, see shared/rules/schedule.ts), and the
 * campaign's options in the wire's own names.
 *
 * Optional fields are left out rather than sent empty (the service reads a
 * `null` as a wrong type). `link_tracking` is never sent: a tracked
 * campaign's messages already carry the short links Torpedo made for it
 * (core/links/campaign-links.ts), and a service that shortened them again
 * would change their length after the cost was counted;
 * `sms_type_id` only when a type was chosen, `schedule` only while it is
 * still ahead (the service would send a past schedule at once anyway, and a
 * strict service could refuse it; leaving it out sends at once for sure).
 * A message with its own time (an automation's) carries that one instead,
 * by the same rule: only while it is still ahead.
 */
import type { CampaignOptions } from '../../../shared/dto/campaigns';
import { scheduleMemo } from '../../../shared/rules/schedule';
import type { SendingRules } from '../../../shared/rules/sending-rules';
import type { BulkMessage, SendMultipleRequest } from '../../api/wire-schemas';
import type { BatchMessage } from '../outbox/outbox-store';

/** What of a frozen message goes on the wire. */
type WireMessage = Omit<BatchMessage, 'segments'>;

/** `<ref>-<batch>-<position>`: unique per data folder, and short (it travels with each of up to 5000 messages). */
export const messageReference = (ref: string, batch: number, position: number): string =>
  `${ref}-${batch}-${position}`;

/** A campaign's instant `scheduleAt` (as older versions froze it), if it is still ahead of `now`. */
function frozenInstant(options: CampaignOptions, now: Date): string | undefined {
  if (!options.scheduleAt?.endsWith('Z')) return undefined;
  return Date.parse(options.scheduleAt) > now.getTime() ? options.scheduleAt : undefined;
}

/** Each message's `schedule` on the wire at `now`: undefined goes at once. */
export type MessageSchedule = (message: WireMessage) => string | undefined;

/**
 * When each message of a batch leaving at `now` goes out. A message keeps
 * the instant the freeze decided while it is ahead; one whose instant has
 * passed, or that was to go as soon as allowed, is decided again now by the
 * same rules (a batch held for credit overnight must not reach anyone at
 * 02:00). `rules` null: a campaign frozen before the sending rules existed,
 * timed as it always was (its own instant schedule, else at once).
 */
export function messageSchedules(
  options: CampaignOptions,
  rules: SendingRules | null,
  now: Date,
): MessageSchedule {
  if (rules === null) {
    const legacy = frozenInstant(options, now);
    // A message with its own time keeps it while it is ahead (an automation's, handed over before the rules).
    return (m) =>
      m.schedule === null
        ? legacy
        : m.schedule > now.getTime()
          ? new Date(m.schedule).toISOString()
          : undefined;
  }
  const decide = scheduleMemo({ kind: 'now' }, rules, now);
  return (m) => {
    if (m.schedule !== null && m.schedule > now.getTime()) return new Date(m.schedule).toISOString();
    const at = decide({ phone: m.phone, zone: m.zone }).at;
    return at.getTime() > now.getTime() ? at.toISOString() : undefined;
  };
}

export function buildBulkRequest(
  campaign: { ref: string },
  batch: number,
  options: CampaignOptions,
  messages: readonly WireMessage[],
  scheduleOf: MessageSchedule,
): SendMultipleRequest {
  const from = options.from ?? undefined;
  const wire: BulkMessage[] = messages.map((m) => {
    const out: BulkMessage = {
      phone: m.phone,
      message: m.message,
      reference: messageReference(campaign.ref, batch, m.position),
    };
    const schedule = scheduleOf(m);
    if (schedule !== undefined) out.schedule = schedule;
    if (from !== undefined) out.from = from;
    return out;
  });
  const body: SendMultipleRequest = { messages: wire };
  if (options.callbackUrl) body.urlCallback = options.callbackUrl;
  if (options.flash) body.flashSms = true;
  if (options.smsTypeId !== null) body.sms_type_id = options.smsTypeId;
  return body;
}
