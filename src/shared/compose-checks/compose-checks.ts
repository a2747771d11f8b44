/**
 * Every message checked before it goes: what gets a small shop's SMS
 * filtered by the carriers or left unanswered by its customers. Each check
 * is a warning (the owner may still send: the send itself refuses only what
 * cannot go out, template-check.ts); the composer and `torpedo campaign
 * create` say each one with what to do. Pure: the renderer checks on every
 * keystroke, the CLI once, with the same function.
 */
import { countParts } from '../sms-segments';
import { asItLeaves, type MessageFrame } from '../rules/message-frame';
import { compileTemplate } from '../template';
import { mostlyCapitals } from './capitals';
import { namesTheShop, saysHowToStop } from './sender-and-stop';
import { otherShortenersIn } from './shorteners';

/** Everything checked, in the order shown (the order an owner would fix them). */
export const COMPOSE_CHECK_IDS = [
  'noBusinessName',
  'noWayToStop',
  'otherShortener',
  'allCapitals',
  'tooManySms',
  'fieldWithoutFallback',
] as const;
export type ComposeCheckId = (typeof COMPOSE_CHECK_IDS)[number];

/** Beyond this many SMS parts a message costs double and reads as a letter, not a text. */
export const MAX_SMS_PARTS = 2;

export interface ComposeCheck {
  id: ComposeCheckId;
  /** 'warn': said, the owner can still send. (No check blocks: what cannot go is refused by the send.) */
  severity: 'warn';
  /** What the words need: the shortener hosts, the parts, the field as typed and who lacks it. */
  params: Record<string, string | number>;
}

/** Recipients lacking a field's value, as the estimate counts them (campaigns:estimate `fallbacks`). */
export interface FieldLack {
  /** As typed, braces included. */
  field: string;
  fallback: string | null;
  count: number;
}

export interface ComposeCheckInput {
  /** The text as typed, fields unmerged. */
  template: string;
  /** What the sending rules put around it (the business name, "Como sair"). */
  frame: MessageFrame;
  /** The most parts one recipient's message takes as it leaves, when counted (the estimate's); null: counted here. */
  parts: number | null;
  /** Per field, recipients without its value; null when the recipients are not known. */
  lacking: readonly FieldLack[] | null;
}

/** Parts of the text as it leaves with every field at its fallback: the count when no recipient is known. */
function partsWithoutRecipients(template: string, frame: MessageFrame): number {
  const compiled = compileTemplate(template);
  return countParts(asItLeaves(frame, compiled.render(compiled.keys.map(() => null)))).segments;
}

/** Fields without a fallback that some recipient lacks (every one of them when the recipients are unknown). */
function fieldsWithoutFallback(template: string, lacking: readonly FieldLack[] | null): ComposeCheck[] {
  const warn = (field: string, count: number | null): ComposeCheck => ({
    id: 'fieldWithoutFallback',
    severity: 'warn',
    params: count === null ? { field } : { field, count },
  });
  if (lacking !== null) {
    return lacking.filter((l) => l.fallback === null && l.count > 0).map((l) => warn(l.field, l.count));
  }
  const seen = new Set<string>();
  const checks: ComposeCheck[] = [];
  for (const part of compileTemplate(template).parts) {
    if (part.kind !== 'field' || part.fallback !== null || seen.has(part.key)) continue;
    seen.add(part.key);
    checks.push(warn(`{{${part.name}}}`, null));
  }
  return checks;
}

/** The warnings for a message; empty: nothing found (a blank text is the send's to refuse, not a check's). */
export function checkMessage(input: ComposeCheckInput): ComposeCheck[] {
  const { template, frame } = input;
  if (template.trim() === '') return [];
  const checks: ComposeCheck[] = [];
  const warn = (id: ComposeCheckId, params: ComposeCheck['params'] = {}) =>
    checks.push({ id, severity: 'warn', params });

  if (!namesTheShop(frame, template)) warn('noBusinessName');
  if (!saysHowToStop(frame, template)) warn('noWayToStop');
  const shorteners = otherShortenersIn(template);
  if (shorteners.length > 0) warn('otherShortener', { hosts: shorteners.join(', ') });
  if (mostlyCapitals(template)) warn('allCapitals');
  const parts = input.parts ?? partsWithoutRecipients(template, frame);
  if (parts > MAX_SMS_PARTS) warn('tooManySms', { parts, max: MAX_SMS_PARTS });
  checks.push(...fieldsWithoutFallback(template, input.lacking));
  return checks;
}
