/**
 * The segments part of the IPC contract (merged into ../ipc-contract.ts): a
 * segment is a saved set of conditions on the contacts' fields, counted as
 * it is built and worked out again whenever it is counted or a campaign to
 * it is sent (the campaign freezes its recipients then).
 *
 * Errors: `not_found` (a segment, a list or a campaign gone), `invalid_input`
 * with fields and a reason: `name_taken`; a condition's `unknown_field`,
 * `operator` (does not fit the field's kind) or `value`, with params naming
 * the field, the operator and what was expected; `not_signed_in`.
 */
import { z } from 'zod';
import type {
  SavedSegmentView,
  SegmentCountView,
  SegmentExportView,
  SegmentFieldView,
  SegmentToListView,
} from '../dto/segments';
import type { SegmentDefinition } from '../segments/segment-model';
import { MAX_CONDITIONS, SEGMENT_OPS } from '../segments/segment-model';
import { visibleName } from '../visible-text';
import { channel, none } from './channel';
import { localId as id } from './ids';

export const segmentName = visibleName(
  z.string().min(1, 'Give the segment a name').max(60, 'At most 60 characters'),
);

export const segmentCondition = z.strictObject({
  field: z.string().regex(/^(@[A-Za-z]{1,20}|[a-z0-9_]{1,64})$/, 'Not a field'),
  op: z.enum(SEGMENT_OPS),
  value: z.string().trim().max(200).optional(),
  to: z.string().trim().max(10).optional(),
});

export const segmentDefinition = z.strictObject({
  match: z.enum(['all', 'any']),
  conditions: z
    .array(segmentCondition)
    .min(1, 'Add a condition')
    .max(MAX_CONDITIONS, `At most ${MAX_CONDITIONS} conditions`),
});

export const segmentCreateInput = z.strictObject({ name: segmentName, ...segmentDefinition.shape });
export const segmentUpdateInput = z.strictObject({
  id,
  name: segmentName.optional(),
  match: segmentDefinition.shape.match.optional(),
  conditions: segmentDefinition.shape.conditions.optional(),
});
export const segmentIdInput = z.strictObject({ id });
/** A saved segment's count, or one being built (not saved yet). */
export const segmentCountInput = z.union([segmentIdInput, segmentDefinition]);
export const segmentReadInput = z.strictObject({
  /** Conditions as typed (`cidade = Recife`), read with the merge-field names in either language. */
  where: z.array(z.string().trim().min(1).max(400)).min(1).max(MAX_CONDITIONS),
  match: z.enum(['all', 'any']).default('all'),
});
export const segmentToListInput = z.strictObject({
  id,
  /** The list the segment's contacts join, created if no list has this name. */
  listName: visibleName(
    z.string().min(2, 'A list name has 2 to 20 characters').max(20, 'A list name has 2 to 20 characters'),
  ),
});

export const segmentsContract = {
  /** Saved segments, by name. */
  'segments:list': channel<typeof none, SavedSegmentView[]>(none),
  'segments:create': channel<typeof segmentCreateInput, SavedSegmentView>(segmentCreateInput),
  'segments:update': channel<typeof segmentUpdateInput, SavedSegmentView>(segmentUpdateInput),
  /** Campaigns already sent keep their recipients; a draft to it loses it from its audience. */
  'segments:delete': channel<typeof segmentIdInput, { deleted: true }>(segmentIdInput),
  /** Who the segment takes now (the live count as conditions are built). */
  'segments:count': channel<typeof segmentCountInput, SegmentCountView>(segmentCountInput),
  /** The fields a condition can be on: the built-ins, then the contacts' own columns with their types. */
  'segments:fields': channel<typeof none, SegmentFieldView[]>(none),
  /** Conditions typed as text (the CLI's `--where`), read into a definition (names of lists and campaigns found). */
  'segments:read': channel<typeof segmentReadInput, SegmentDefinition>(segmentReadInput),
  /** The segment's contacts as CSV (name, phone, e-mail, their own columns), saved where the user chooses. */
  'segments:export': channel<typeof segmentIdInput, SegmentExportView>(segmentIdInput),
  /** The segment's contacts join a list (created if new). */
  'segments:addToList': channel<typeof segmentToListInput, SegmentToListView>(segmentToListInput),
};

export type SegmentsChannel = keyof typeof segmentsContract;
