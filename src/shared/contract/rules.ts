/**
 * The sending rules part of the IPC contract (merged into ../ipc-contract.ts):
 * the owner's rules (the window, Sundays, holidays, the business name in
 * front of every message, the "Como sair" sentence at its end, the frequency
 * cap) and the block lists (several at once: the public registers and the
 * owner's named lists). A block list is imported, and an owner's list made,
 * through the contact import's reading of the file (`import:open`,
 * `import:plan`, then `import:block`).
 *
 * Errors: `number_blocked` (a test send to a number on a block list; params
 * `source`: the list's kind, or 'opted_out'; `list`: an owner's list's name), `block_list_not_empty` (an import into a list that has numbers
 * without saying whether it replaces or adds to them; params `numbers`),
 * `not_found` (an undo with nothing to undo), `invalid_input`.
 */
import { z } from 'zod';
import type { BlockImportMode, BlockListView, RulesView } from '../dto/rules';
import { BLOCK_LIST_NAME_MAX, PUBLIC_BLOCK_LIST_KINDS } from '../rules/block-list-kinds';
import { HOW_TO_STOP_CHOICES } from '../rules/how-to-stop';
import { CAP_DAYS_MAX, CAP_MESSAGES_MAX, PREFIX_MAX } from '../rules/sending-rules';
import { minutesOf, opensOnWeekdays, WEEKDAYS, type Weekday } from '../rules/week-hours';
import { channel, none } from './channel';

export const RULES_ERRORS = {
  /** The number is on a block list (a public register or the owner's): nothing may be sent to it. */
  numberBlocked: 'number_blocked',
  /**
   * An import into a list that has numbers must say whether the file replaces
   * them or adds to them: a one-number file must not silently replace a list
   * of millions. `params.numbers`: the numbers on the list now.
   */
  blockListNotEmpty: 'block_list_not_empty',
} as const;

/** A list by its id (a public register's id is its kind). */
export const blockListId = z.string().min(1).max(64);
/** Which list an import goes to: an existing one, a public register, or an owner's list by name. */
export const blockListTarget = z.union([
  z.strictObject({ id: blockListId }),
  z.strictObject({ kind: z.enum(PUBLIC_BLOCK_LIST_KINDS) }),
  z.strictObject({
    kind: z.literal('owner'),
    name: z
      .string()
      .trim()
      .min(1, 'Give the list a name')
      .max(BLOCK_LIST_NAME_MAX, `At most ${BLOCK_LIST_NAME_MAX} characters`)
      .regex(/^[^\r\n]*$/, 'One line only'),
  }),
]);
export const BLOCK_IMPORT_MODES = ['replace', 'add'] as const satisfies readonly BlockImportMode[];

/** A replacement that takes off more than this share of a list's numbers is said in red before the owner's yes. */
export const BLOCK_SHRINK_WARNING = 0.5;

/** How old a block list may be before the owner is reminded to import it again. */
export const BLOCK_LIST_STALE_DAYS = 30;

const clock = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Use HH:MM, e.g. 09:00');
const dayHours = z
  .strictObject({ start: clock, end: clock })
  .refine((d) => minutesOf(d.start) < minutesOf(d.end), 'The hours must end after they start')
  .nullable();
const weekHours = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours])) as Record<Weekday, typeof dayHours>,
);

export const sendingRulesSchema = z.strictObject({
  window: z
    .strictObject({ on: z.boolean(), hours: weekHours })
    .refine(
      (w) => opensOnWeekdays(w.hours),
      'The window must open on at least one day from Monday to Saturday',
    ),
  sundays: z.boolean(),
  holidays: z.boolean(),
  /** Trimmed; one line. Messages get it and one space in front. */
  prefix: z
    .string()
    .trim()
    .max(PREFIX_MAX, `At most ${PREFIX_MAX} characters`)
    .regex(/^[^\r\n]*$/, 'One line only'),
  /** The owner's choice; `unset` follows the server connection (shared/rules/how-to-stop.ts). */
  howToStop: z.enum(HOW_TO_STOP_CHOICES),
  cap: z.strictObject({
    on: z.boolean(),
    messages: z.number().int().min(1).max(CAP_MESSAGES_MAX),
    days: z.number().int().min(1).max(CAP_DAYS_MAX),
  }),
  /** One SMS confirms an opt-out by reply (off by default). */
  optOutConfirmation: z.boolean(),
});

/** Only the rules that change; the others stay. */
export const rulesSetInput = sendingRulesSchema.partial();
export const blockListRemoveInput = z.strictObject({ list: blockListId });

export const rulesContract = {
  /** The rules (the defaults until the owner changes one), the year's holidays and the block lists. */
  'rules:get': channel<typeof none, RulesView>(none),
  'rules:set': channel<typeof rulesSetInput, RulesView>(rulesSetInput),
  /** The list and its numbers are gone: they may be messaged again. */
  'rules:removeBlockList': channel<typeof blockListRemoveInput, { removed: number }>(blockListRemoveInput),
  'rules:blockLists': channel<typeof none, BlockListView[]>(none),
  /**
   * Takes a list's last import back: its numbers, file name and dates as they
   * were before it (one step: the undo is then gone). `not_found` when there
   * is nothing to undo.
   */
  'rules:undoBlockImport': channel<typeof blockListRemoveInput, BlockListView>(blockListRemoveInput),
};

export type RulesChannel = keyof typeof rulesContract;
