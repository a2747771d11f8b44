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

/** What a merge-field problem means, in English (the window says it in the owner's language from `params`). */
function problemSentence(problem: TemplateProblem): string {
  switch (problem.kind) {
    case 'unclosed_field':
      return (
        `The field ${problem.field} is not closed: write it as {{${problem.field.replace(/[{}\s]/g, '') || 'nome'}}} ` +
        '(two braces on each side), or remove the braces.'
      );
    case 'field_nobody_has':
      return (
        `No recipient has a value for ${problem.field}: every message would go out with it blank. ` +
        `Check the field's name, or give a fallback such as {{${problem.key}|...}}.`
      );
    case 'unknown_field':
      return (
        `No contact has the field ${problem.key} (in ${problem.field}): every message would get its fallback. ` +
        "Check the field's name against your spreadsheet's columns."
      );
  }
}

/** A merge field that would go out wrong (shared/template.ts says which), named as the owner typed it. */
export function templateFieldFailure(problem: TemplateProblem): AppFailure {
  const message = problemSentence(problem);
  return new AppFailure(APP_ERROR_CODES.templateField, message, {
    fields: [{ field: 'template', message }],
    reason: problem.kind,
    params: {
      field: problem.field,
      problem: problem.kind,
      ...('key' in problem ? { key: problem.key } : {}),
    },
  });
}
