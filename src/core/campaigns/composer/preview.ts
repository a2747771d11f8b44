/**
 * `campaigns:preview`: the message one recipient gets, with its segments.
 * The index wraps (next after the last is the first); a search finds the
 * first recipient whose name or phone matches and the index counts on from it.
 */
import type { CampaignPreviewView } from '../../../shared/dto/campaigns';
import { countSegments } from '../../../shared/sms-segments';
import type { Audience, RecipientRecord } from './audience';
import type { CampaignRecord } from '../campaign-repo';
import { createMessageBuilder } from '../messages/message-builder';
import type { MessageFrame } from '../../../shared/rules/message-frame';
import type { AudienceQuery } from '../messages/audience-sql';

export interface PreviewRequest {
  index?: number;
  query?: string;
}

/** A contact's custom fields (JSON object text) as text values; unreadable JSON is no fields. */
function fieldTexts(json: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  const out: Record<string, string> = {};
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    for (const [key, value] of Object.entries(parsed)) {
      if (value !== null && value !== undefined) out[key] = typeof value === 'string' ? value : String(value);
    }
  }
  return out;
}

/** `frame`: what the sending rules put around every message (the business's name, "Como sair"). */
export function previewCampaign(
  audience: Audience,
  campaign: CampaignRecord,
  who: AudienceQuery,
  request: PreviewRequest,
  frame: MessageFrame,
): CampaignPreviewView {
  const query = request.query?.trim() ?? '';
  const start = query === '' ? 0 : audience.find(who, query);
  const found = start === null ? null : audience.at(who, start + (request.index ?? 0));
  const recipient: RecipientRecord | null = found?.recipient ?? null;
  const index = found?.index ?? 0;
  const total = found?.total ?? audience.total(who);
  // Nobody (no audience, or no match): the text with every field at its fallback, so its shape still shows.
  const message = createMessageBuilder(campaign.template, campaign.options.plainLetters, frame).forRecipient(
    recipient,
  );
  const segments = countSegments(message.text);
  return {
    index,
    total,
    recipient: recipient && {
      contactId: recipient.id,
      name: recipient.name,
      phone: recipient.phone,
      email: recipient.email,
      fields: fieldTexts(recipient.fields),
    },
    text: message.text,
    segments: {
      encoding: segments.encoding,
      units: segments.units,
      segments: segments.segments,
      perSegment: segments.perSegment,
      nonGsmChars: segments.nonGsmChars,
    },
    missingFields: message.missing,
  };
}
