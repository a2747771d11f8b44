/**
 * The campaigns part of the IPC contract (merged into ../ipc-contract.ts): for
 * each channel its input schema and output type, and the payload of each event.
 *
 * A campaign is a draft (saved as the user types) until `campaigns:send`
 * freezes it into the outbox; the worker then delivers it, and
 * `campaigns:progress` events follow it. Errors: `not_found`, `invalid_input`
 * (with fields), `campaign_not_draft` (editing or sending a frozen campaign),
 * `no_recipients`, `not_signed_in`.
 */
import { z } from 'zod';
import { visibleName } from '../visible-text';
import type {
  AudienceView,
  CampaignEstimateView,
  CampaignPreviewView,
  CampaignProgressView,
  CampaignSummaryView,
  CampaignView,
  DeliveryStallView,
  MergeFieldView,
  OutboxView,
  SmsTypeView,
  TestSendResult,
} from '../dto/campaigns';
import { APP_TIME_ZONE } from '../display-format';
import { LOCAL_SCHEDULE } from '../rules/schedule';
import { channel, event, none } from './channel';
import { MAX_IDS, localId as id } from './ids';

export const CAMPAIGNS_ERRORS = {
  /** Pause, resume or cancel of a campaign that is a draft or already finished. */
  campaignNotActive: 'campaign_not_active',
  /** Editing or sending a campaign already sent, or deleting one still sending. */
  campaignNotDraft: 'campaign_not_draft',
  /** Send with nobody left to send to (after opt-outs and duplicates). */
  noRecipients: 'no_recipients',
  /** A merged message longer than the service takes (params: count, first). */
  messageTooLong: 'message_too_long',
  /**
   * The text has a merge field that would go out wrong (params: field as
   * typed, problem `unclosed_field` or `field_nobody_has`): `{{nome` never
   * closed, or a field no recipient has a value for.
   */
  templateField: 'template_field',
} as const;

/** The longest text the service takes in one message. */
export const MESSAGE_MAX_CHARS = 1600;

/**
 * Messages per batch of the outbox: a batch is one bulk send, the most the
 * service takes at once (LIMITS.bulkMessagesMax in core/api/wire.ts; a test
 * holds the two equal). Clients count batches with it.
 */
export const CAMPAIGN_BATCH_SIZE = 5000;
/** A campaign's times are shown to the owner on the clock the app shows every time on (shared/display-format.ts). */
export const DEFAULT_TIME_ZONE = APP_TIME_ZONE;

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** A date that exists (no 30 February), its time on the clock (no 25:00). */
function existingDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
}

export const campaignName = visibleName(
  z.string().min(1, 'Give the campaign a name').max(100, 'At most 100 characters'),
);
export const campaignTemplate = z.string().max(MESSAGE_MAX_CHARS, `At most ${MESSAGE_MAX_CHARS} characters`);

export const campaignOptions = z.strictObject({
  smsTypeId: z.number().int().positive().nullable(),
  from: z
    .string()
    .trim()
    .max(20, 'At most 20 characters')
    .nullable()
    .transform((v) => (v ? v : null)),
  /**
   * `YYYY-MM-DDTHH:MM`: that time on each recipient's own clock (what the
   * composer sets); or an instant in the wire's format (ISO 8601 with
   * milliseconds and Z). Null: now. Either way the sending rules may move it.
   */
  scheduleAt: z
    .union([
      z.string().regex(LOCAL_SCHEDULE, 'Not a valid date and time'),
      z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'Not a valid date and time'),
    ])
    .refine((v) => existingDate(v), 'Not a valid date and time')
    .nullable(),
  timeZone: z.string().max(64).refine(isTimeZone, 'Unknown time zone'),
  flash: z.boolean(),
  linkTracking: z.enum(['none', 'shorten', 'track']),
  callbackUrl: z
    .url({ protocol: /^https$/, error: 'Enter a full address starting with https://' })
    .max(2048)
    .nullable(),
  plainLetters: z.boolean(),
});

export const campaignAudience = z.strictObject({
  listIds: z.array(id).max(200),
  contactIds: z.array(id).max(MAX_IDS),
  /** Drafts saved before segments existed have none. */
  segmentIds: z.array(id).max(20).default([]),
});

export const campaignIdInput = z.strictObject({ id });
export const campaignCreateInput = z.strictObject({ name: campaignName.optional() });
/** Autosave: any subset of the draft's fields; the rest stay. */
export const campaignSaveDraftInput = z.strictObject({
  id,
  name: campaignName.optional(),
  template: campaignTemplate.optional(),
  audience: campaignAudience.optional(),
  options: campaignOptions.partial().optional(),
  allowPartial: z.boolean().optional(),
});
export const campaignPreviewInput = z.strictObject({
  id,
  /** 0-based recipient; wraps around. */
  index: z.number().int().min(0).optional(),
  /** Finds the first recipient whose name or phone matches (index then counts from there). */
  query: z.string().trim().max(100).optional(),
});
export const campaignTestSendInput = z.strictObject({
  id,
  /** Any format; normalised like an imported number (default country Brazil). */
  phone: z.string().trim().min(1, 'Enter a phone number').max(64),
  /** The recipient whose merged text is sent; default the first. */
  index: z.number().int().min(0).optional(),
});
export const campaignsOutboxInput = z.strictObject({
  /** Campaigns finished at or after this instant are listed too (those still under way always are). */
  since: z.iso.datetime({ offset: true }),
});
export const campaignSendInput = z.strictObject({
  id,
  /** Send the batches the balance covers and hold the rest, instead of waiting until it covers all. */
  allowPartial: z.boolean().optional(),
});

export const campaignsContract = {
  /** Newest first: drafts, active and finished campaigns. */
  'campaigns:list': channel<typeof none, CampaignSummaryView[]>(none),
  'campaigns:get': channel<typeof campaignIdInput, CampaignView>(campaignIdInput),
  /** A new draft with the default options (time zone America/Sao_Paulo, no schedule). */
  'campaigns:create': channel<typeof campaignCreateInput, CampaignView>(campaignCreateInput),
  /** A new draft with the same name (marked a copy), text, audience and options. */
  'campaigns:duplicate': channel<typeof campaignIdInput, CampaignView>(campaignIdInput),
  'campaigns:saveDraft': channel<typeof campaignSaveDraftInput, CampaignView>(campaignSaveDraftInput),
  /** A draft, or a finished or cancelled campaign; never one still sending. */
  'campaigns:delete': channel<typeof campaignIdInput, { deleted: true }>(campaignIdInput),
  'campaigns:audience': channel<typeof campaignIdInput, AudienceView>(campaignIdInput),
  /** Merge fields the audience's contacts have (nome, telefone, email, custom fields). */
  'campaigns:fields': channel<typeof campaignIdInput, MergeFieldView[]>(campaignIdInput),
  'campaigns:preview': channel<typeof campaignPreviewInput, CampaignPreviewView>(campaignPreviewInput),
  /** Segments and cost over every recipient after merging, against the balance. */
  'campaigns:estimate': channel<typeof campaignIdInput, CampaignEstimateView>(campaignIdInput),
  'campaigns:smsTypes': channel<typeof none, SmsTypeView[]>(none),
  /** One message (`/v1/sms/send/single`) with a recipient's merged text, before the campaign. */
  'campaigns:testSend': channel<typeof campaignTestSendInput, TestSendResult>(campaignTestSendInput),
  /** Freezes the draft into the outbox (works offline); the worker delivers it. */
  'campaigns:send': channel<typeof campaignSendInput, CampaignView>(campaignSendInput),
  'campaigns:pause': channel<typeof campaignIdInput, CampaignView>(campaignIdInput),
  'campaigns:resume': channel<typeof campaignIdInput, CampaignView>(campaignIdInput),
  /** Removes only the batches not sent yet. */
  'campaigns:cancel': channel<typeof campaignIdInput, CampaignView>(campaignIdInput),
  'campaigns:progress': channel<typeof campaignIdInput, CampaignProgressView>(campaignIdInput),
  /**
   * The outbox at a glance, read from the database (right whichever process
   * delivers): whether the worker has anything left it can send by itself,
   * and where each campaign under way (or finished since `since`) stands.
   */
  'campaigns:outbox': channel<typeof campaignsOutboxInput, OutboxView>(campaignsOutboxInput),
};

export type CampaignsChannel = keyof typeof campaignsContract;

export const campaignsEvents = {
  /** On every batch state change of an active campaign, and on hold, pause, resume and finish. */
  'campaigns:progress': event<CampaignProgressView>(),
  /** The outbox worker cannot go on, and why (a full disk...); null once it goes on again. */
  'campaigns:deliveryStalled': event<DeliveryStallView | null>(),
};
