/**
 * The templates part of the IPC contract (merged into ../ipc-contract.ts):
 * saved messages, each with a name (unique in the profile, whatever its case
 * and accents), an optional category, its text, and optionally the sender
 * and SMS type a campaign starts with. A campaign copies the text it uses,
 * so a template can change or go without touching any campaign.
 *
 * Delete hides a template at once and keeps it for `TEMPLATE_UNDO_MS`, so
 * the window can offer "Desfazer"; then it is gone for good. Errors:
 * `not_found`, `invalid_input` (with fields; reason
 * `duplicate_template_name` for a name in use), `template_field` (a text
 * with `{{` that opens no field), `undo_expired`.
 */
import { z } from 'zod';
import type { TemplateCheckView, TemplateDeletedView, TemplateView } from '../dto/templates';
import { cleanName, foldText } from '../sort-key';
import { visibleName } from '../visible-text';
import { campaignOptions, campaignTemplate } from './campaigns';
import { channel, none } from './channel';
import { localId as id } from './ids';

export const TEMPLATE_NAME_MAX = 60;
export const TEMPLATE_CATEGORY_MAX = 40;
/** How long a deleted template can be brought back. */
export const TEMPLATE_UNDO_MS = 30_000;

/** The uniqueness key of a template's name: `Promoção Sábado` and `promocao  sabado` are the same template. */
export const templateNameKey = (name: string): string => foldText(cleanName(name));

export const templateName = visibleName(
  z
    .string()
    .min(1, 'Give the template a name')
    .max(TEMPLATE_NAME_MAX, `At most ${TEMPLATE_NAME_MAX} characters`),
);
const category = visibleName(
  z.string().max(TEMPLATE_CATEGORY_MAX, `At most ${TEMPLATE_CATEGORY_MAX} characters`),
)
  .nullable()
  .transform((v) => (v ? v : null));
export const templateText = campaignTemplate.refine((text) => text.trim() !== '', 'Write the message');

const fields = {
  name: templateName,
  category: category.optional(),
  text: templateText,
  from: campaignOptions.shape.from.optional(),
  smsTypeId: campaignOptions.shape.smsTypeId.optional(),
};

export const templateCreateInput = z.strictObject(fields);
/** Any subset of the fields; the rest stay. */
export const templateUpdateInput = z.strictObject({
  id,
  name: fields.name.optional(),
  category: fields.category,
  text: fields.text.optional(),
  from: fields.from,
  smsTypeId: fields.smsTypeId,
});
export const templateIdInput = z.strictObject({ id });
/** A text as typed in the template editor (it may be empty or unfinished). */
export const templateCheckInput = z.strictObject({ text: campaignTemplate });

export const templatesContract = {
  /** Every template of the profile, by name. */
  'templates:list': channel<typeof none, TemplateView[]>(none),
  'templates:get': channel<typeof templateIdInput, TemplateView>(templateIdInput),
  'templates:create': channel<typeof templateCreateInput, TemplateView>(templateCreateInput),
  'templates:update': channel<typeof templateUpdateInput, TemplateView>(templateUpdateInput),
  /** Hides the template; `templates:restore` brings it back until `expiresAt`. */
  'templates:delete': channel<typeof templateIdInput, TemplateDeletedView>(templateIdInput),
  'templates:restore': channel<typeof templateIdInput, TemplateView>(templateIdInput),
  /**
   * A text checked against the whole contact book (opted-out numbers left
   * out): what the send would refuse, who gets each fallback, and the
   * segments exact and at worst. The composer gets the same for its
   * audience in `campaigns:estimate`.
   */
  'templates:check': channel<typeof templateCheckInput, TemplateCheckView>(templateCheckInput),
};

export type TemplatesChannel = keyof typeof templatesContract;
