/**
 * The register of privacy requests (merged into ../ipc-contract.ts): a
 * customer asked to see, copy, correct or delete their data, or withdrew
 * consent (LGPD art. 18); the law gives 15 days for a full answer (art. 19
 * II). Local data only: answers offline. Errors: `invalid_input` (a number
 * that cannot be read, a day that does not exist), `not_found`, `not_signed_in`.
 */
import { z } from 'zod';
import type {
  PrivacyRequestChannel,
  PrivacyRequestKind,
  PrivacyRequestsDueView,
  PrivacyRequestView,
} from '../dto/privacy-requests';
import { channel, none } from './channel';

export const PRIVACY_REQUEST_KINDS = [
  'access',
  'copy',
  'correction',
  'deletion',
  'consent_withdrawn',
] as const satisfies readonly PrivacyRequestKind[];

export const PRIVACY_REQUEST_CHANNELS = [
  'balcao',
  'whatsapp',
  'telefone',
  'email',
  'sms',
  'outro',
] as const satisfies readonly PrivacyRequestChannel[];

/** Days the law gives a full answer, from the request (LGPD art. 19 II). */
export const PRIVACY_REQUEST_DAYS = 15;
/** An open request this many days or fewer from its due date is on the overview. */
export const PRIVACY_REQUEST_WARN_DAYS = 3;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .refine((d) => {
    const at = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(d);
  }, 'Not a date that exists');
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null));

export const privacyRequestAddInput = z.strictObject({
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  /** Any format; stored as E.164. */
  phone: z.string().trim().min(1, 'Enter the number').max(64),
  channel: z.enum(PRIVACY_REQUEST_CHANNELS),
  /** Today (Brasília) unless given; never after today. */
  receivedOn: day.optional(),
  note: text(1000),
});
export const privacyRequestAnswerInput = z.strictObject({
  id: z.number().int().min(1),
  /** How it was answered ("enviei o arquivo por WhatsApp"). */
  answerNote: text(1000),
});

export const privacyRequestsContract = {
  /** Open ones first, by due date; then the answered ones, newest first. */
  'privacyRequests:list': channel<typeof none, PrivacyRequestView[]>(none),
  'privacyRequests:add': channel<typeof privacyRequestAddInput, PrivacyRequestView>(privacyRequestAddInput),
  /** Marks it answered now; one already answered keeps its first answer. */
  'privacyRequests:answer': channel<typeof privacyRequestAnswerInput, PrivacyRequestView>(
    privacyRequestAnswerInput,
  ),
  /** Open requests due within PRIVACY_REQUEST_WARN_DAYS days or overdue (the overview's warning). */
  'privacyRequests:due': channel<typeof none, PrivacyRequestsDueView>(none),
};

export type PrivacyRequestsChannel = keyof typeof privacyRequestsContract;
