/**
 * The automations part of the IPC contract (merged into ../ipc-contract.ts):
 * birthday and recurring sends, their log and their cost ahead.
 *
 * An automation follows a template and an audience (everyone, a list or a
 * segment) on a rule; the app and `torpedo worker` hand each occurrence to
 * the service up to 36 hours ahead, through the campaigns' outbox, each
 * message with its own `schedule`. Errors: `not_found`, `invalid_input`
 * (with fields), `automation_name_taken`, `no_upcoming_occurrence` (a test
 * send with nothing ahead), `not_signed_in`, and the service's own for a
 * test send.
 */
import { z } from 'zod';
import type {
  AutomationLogView,
  AutomationRunResult,
  AutomationsChangedEvent,
  AutomationTestSendResult,
  AutomationView,
  ForecastView,
  OccurrenceRecipientsView,
} from '../dto/automations';
import { visibleName } from '../visible-text';
import { channel, event, none } from './channel';
import { localId as id } from './ids';

export const AUTOMATIONS_ERRORS = {
  /** Another automation of the profile already has this name. */
  automationNameTaken: 'automation_name_taken',
  /** A test send of an automation with no occurrence ahead (its end date passed). */
  noUpcomingOccurrence: 'no_upcoming_occurrence',
} as const;

/** How far ahead the forecast may look. */
export const FORECAST_MAX_DAYS = 366;
/** The most days ahead a birthday may be greeted. */
export const DAYS_BEFORE_MAX = 30;
/** The hour a birthday is greeted at unless told. */
export const DEFAULT_BIRTHDAY_AT = '09:00';

export const AUTOMATION_WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM, e.g. 09:00');

const isRealDay = (key: string) => {
  const [y, m, d] = key.split('-').map(Number);
  const at = new Date(Date.UTC(y!, m! - 1, d!));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m! - 1 && at.getUTCDate() === d;
};
export const dateKeyInput = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as AAAA-MM-DD')
  .refine(isRealDay, 'This date does not exist');

export const automationName = visibleName(
  z.string().min(1, 'Give the automation a name').max(60, 'At most 60 characters'),
);

export const automationAudience = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('everyone') }),
  z.strictObject({ kind: z.literal('list'), listId: id }),
  z.strictObject({ kind: z.literal('segment'), segmentId: id }),
]);

export const automationEvery = z.discriminatedUnion('unit', [
  z.strictObject({ unit: z.literal('day') }),
  z.strictObject({
    unit: z.literal('week'),
    weekdays: z
      .array(z.enum(AUTOMATION_WEEKDAYS))
      .min(1, 'Choose at least one day of the week')
      .max(7)
      .transform((days) => AUTOMATION_WEEKDAYS.filter((d) => days.includes(d))),
  }),
  z.strictObject({ unit: z.literal('month'), day: z.number().int().min(1).max(31) }),
]);

export const birthdayRule = z.strictObject({
  kind: z.literal('birthday'),
  at: clockTime.default(DEFAULT_BIRTHDAY_AT),
  daysBefore: z.number().int().min(0).max(DAYS_BEFORE_MAX).default(0),
});

export const recurringRule = z
  .strictObject({
    kind: z.literal('recurring'),
    at: clockTime,
    every: automationEvery,
    from: dateKeyInput,
    until: dateKeyInput.nullable().default(null),
  })
  .refine((r) => r.until === null || r.until >= r.from, {
    message: 'The last date must not come before the first',
    path: ['until'],
  });

export const automationRule = z.discriminatedUnion('kind', [birthdayRule, recurringRule]);

export const automationIdInput = z.strictObject({ id });
export const automationCreateInput = z.strictObject({
  /** Default: the kind's name in the app's language ("Aniversários"), made unique. */
  name: automationName.optional(),
  templateId: id,
  audience: automationAudience,
  rule: automationRule,
  /** Start paused (created and reviewed before anything is handed over). */
  paused: z.boolean().optional(),
});
/** Any subset; the kind cannot change (a rule of the other kind is refused). */
export const automationUpdateInput = z.strictObject({
  id,
  name: automationName.optional(),
  templateId: id.optional(),
  audience: automationAudience.optional(),
  rule: automationRule.optional(),
});
export const automationLogInput = z.strictObject({
  id,
  /** Past occurrences returned, newest first. */
  limit: z.number().int().min(1).max(500).default(60),
});
export const occurrenceRecipientsInput = z.strictObject({
  id,
  date: dateKeyInput,
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500).default(100),
});
export const automationForecastInput = z.strictObject({
  /** One automation; none: every active one together. */
  id: id.optional(),
  days: z.number().int().min(1).max(FORECAST_MAX_DAYS).default(30),
});
export const automationTestSendInput = z.strictObject({
  id,
  /** Any format; normalised like an imported number (default country Brazil). */
  phone: z.string().trim().min(1, 'Enter a phone number').max(64),
});

export const automationsContract = {
  /** The profile's automations, by name, each with its next occurrence. */
  'automations:list': channel<typeof none, AutomationView[]>(none),
  'automations:get': channel<typeof automationIdInput, AutomationView>(automationIdInput),
  'automations:create': channel<typeof automationCreateInput, AutomationView>(automationCreateInput),
  /** Applies from the next occurrence not handed over; what the service has is final. */
  'automations:update': channel<typeof automationUpdateInput, AutomationView>(automationUpdateInput),
  'automations:pause': channel<typeof automationIdInput, AutomationView>(automationIdInput),
  /** Occurrences whose time passed while paused are not sent. */
  'automations:resume': channel<typeof automationIdInput, AutomationView>(automationIdInput),
  /** Its log stays readable through the history; birthdays it greeted stay greeted for the year. */
  'automations:delete': channel<typeof automationIdInput, { deleted: true }>(automationIdInput),
  'automations:log': channel<typeof automationLogInput, AutomationLogView>(automationLogInput),
  'automations:recipients': channel<typeof occurrenceRecipientsInput, OccurrenceRecipientsView>(
    occurrenceRecipientsInput,
  ),
  /** Messages, SMS and R$ day by day ahead, and how far the balance covers them. */
  'automations:forecast': channel<typeof automationForecastInput, ForecastView>(automationForecastInput),
  /** One message now, with the next occurrence's text for its first recipient, to the number given. */
  'automations:testSend': channel<typeof automationTestSendInput, AutomationTestSendResult>(
    automationTestSendInput,
  ),
  /** Hands over what is due within the horizon now (the app does it on its own every few minutes). */
  'automations:run': channel<typeof none, AutomationRunResult>(none),
};

export type AutomationsChannel = keyof typeof automationsContract;

export const automationsEvents = {
  /** A hand-over round changed automations' occurrences (handed over, skipped, settled). */
  'automations:changed': event<AutomationsChangedEvent>(),
};
