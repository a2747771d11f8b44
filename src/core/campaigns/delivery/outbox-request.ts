/**
 * The bulk request for one batch, exactly as it goes on the wire
 * (`POST /v1/sms/send/multiple`): the batch's frozen messages, each with its
 * reference, and the campaign's options in the wire's own names.
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
import { DEFAULT_TIME_ZONE, campaignOptions } from '../../../shared/contract/campaigns';
import type { CampaignOptions } from '../../../shared/dto/campaigns';
import type { BulkMessage, SendMultipleRequest } from '../../api/wire-schemas';
import type { BatchMessage } from '../outbox/outbox-store';

export const DEFAULT_OPTIONS: CampaignOptions = {
  smsTypeId: null,
  from: null,
  scheduleAt: null,
  timeZone: DEFAULT_TIME_ZONE,
  flash: false,
  linkTracking: 'none',
  callbackUrl: null,
  sendWindow: null,
  plainLetters: false,
};

const partialOptions = campaignOptions.partial();

/** A frozen campaign's options; a field missing from an older row takes its default. Null: unreadable. */
export function readOptions(json: string): CampaignOptions | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = partialOptions.safeParse(raw);
  if (!parsed.success) return null;
  const defined = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_OPTIONS, ...defined } as CampaignOptions;
}

/** `<ref>-<batch>-<position>`: unique per data folder, and short (it travels with each of up to 5000 messages). */
export const messageReference = (ref: string, batch: number, position: number): string =>
  `${ref}-${batch}-${position}`;

/** The schedule to send, if it is still ahead of `now`. */
export function futureSchedule(options: CampaignOptions, now: Date): string | undefined {
  if (!options.scheduleAt) return undefined;
  return Date.parse(options.scheduleAt) > now.getTime() ? options.scheduleAt : undefined;
}

export function buildBulkRequest(
  campaign: { ref: string },
  batch: number,
  options: CampaignOptions,
  messages: readonly BatchMessage[],
  now: Date,
): SendMultipleRequest {
  const schedule = futureSchedule(options, now);
  const from = options.from ?? undefined;
  const wire: BulkMessage[] = messages.map((m) => {
    const out: BulkMessage = {
      phone: m.phone,
      message: m.message,
      reference: messageReference(campaign.ref, batch, m.position),
    };
    const at = m.schedule === null ? schedule : m.schedule > now.getTime() ? new Date(m.schedule).toISOString() : undefined;
    if (at !== undefined) out.schedule = at;
    if (from !== undefined) out.from = from;
    return out;
  });
  const body: SendMultipleRequest = { messages: wire };
  if (options.callbackUrl) body.urlCallback = options.callbackUrl;
  if (options.flash) body.flashSms = true;
  if (options.smsTypeId !== null) body.sms_type_id = options.smsTypeId;
  return body;
}
