import { APP_ERROR_CODES } from '../../shared/app-error';
import type { TemplateProblem } from '../../shared/template';
import { AppFailure } from '../app-failure';

/** The campaign is not in this profile (never was, or was deleted). */
export const campaignNotFound = (): AppFailure =>
  new AppFailure(APP_ERROR_CODES.notFound, 'This campaign does not exist (it may have been deleted).');

/** Editing or sending a campaign that was already sent. */
export const notDraft = (): AppFailure =>
  new AppFailure(
    APP_ERROR_CODES.campaignNotDraft,
    'This campaign was already sent: it can no longer be changed. Duplicate it to send it again.',
  );

/** Deleting a campaign that may still send (queued, sending, paused or held). */
export const stillSending = (): AppFailure =>
  new AppFailure(
    APP_ERROR_CODES.campaignNotDraft,
    'This campaign has not finished: cancel it first, then delete it.',
    { reason: 'campaign_active' },
  );

/** A field of the draft the user must correct before sending (shown where it is typed). */
export const draftFieldFailure = (field: string, message: string, reason: string): AppFailure =>
  new AppFailure(APP_ERROR_CODES.invalidInput, message, { fields: [{ field, message }], reason });

/** A merge field that would go out wrong (shared/template.ts says which), named as the owner typed it. */
export function templateFieldFailure(problem: TemplateProblem): AppFailure {
  const message =
    problem.kind === 'unclosed_field'
      ? `The field ${problem.field} is not closed: write it as {{${problem.field.replace(/[{}\s]/g, '') || 'nome'}}} ` +
        '(two braces on each side), or remove the braces.'
      : `No recipient has a value for ${problem.field}: every message would go out with it blank. ` +
        `Check the field's name, or give a fallback such as {{${problem.key}|...}}.`;
  return new AppFailure(APP_ERROR_CODES.templateField, message, {
    fields: [{ field: 'template', message }],
    reason: problem.kind,
    params: { field: problem.field, problem: problem.kind },
  });
}
