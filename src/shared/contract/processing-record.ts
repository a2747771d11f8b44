/**
 * The record of processing (merged into ../ipc-contract.ts): what Torpedo
 * keeps of the shop's customers, where, and the channel they reach the shop
 * by, for Configurações › Privacidade and the shop's privacy notice.
 * Local only. Errors: `invalid_input`.
 */
import { z } from 'zod';
import type { ProcessingRecordView } from '../dto/processing-record';
import { channel, none } from './channel';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null));

export const privacyContactInput = z
  .strictObject({
    shopName: text(120),
    officerName: text(120),
    email: z
      .union([z.literal(''), z.email('Not a valid e-mail').max(254)])
      .nullable()
      .transform((v) => (v ? v : null)),
    phone: text(40),
  })
  .refine((c) => c.email !== null || c.phone !== null, {
    message: 'Give an e-mail or a phone your customers can reach you at',
    path: ['email'],
  });

/** The privacy notice's paragraph, as the page wrote it in the owner's language. */
export const noticeCopyInput = z.strictObject({ text: z.string().trim().min(1).max(5000) });

export const processingRecordContract = {
  'processingRecord:get': channel<typeof none, ProcessingRecordView>(none),
  /** Saves the customers' contact channel (for the data folder: the shop is the same whoever signs in). */
  'processingRecord:setContact': channel<typeof privacyContactInput, ProcessingRecordView>(
    privacyContactInput,
  ),
  /** Puts the notice's paragraph on the clipboard (main writes it: the page has no clipboard access). */
  'processingRecord:copyNotice': channel<typeof noticeCopyInput, { copied: true }>(noticeCopyInput),
};

export type ProcessingRecordChannel = keyof typeof processingRecordContract;
