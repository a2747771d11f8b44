import { APP_ERROR_CODES } from '../../shared/app-error';
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
