import type { CampaignDraftFields } from '@shared/dto/campaigns';
import { MESSAGE_MAX_CHARS, campaignName, campaignOptions } from '@shared/contract/campaigns';

/** What is wrong with one field of a draft, as an i18n key under `composer.problem_*`. */
export type DraftProblem =
  | 'nameRequired'
  | 'nameTooLong'
  | 'templateEmpty'
  | 'templateTooLong'
  | 'fromTooLong'
  | 'callbackInvalid'
  | 'scheduleInvalid';

export type DraftField = 'name' | 'template' | 'from' | 'callbackUrl' | 'scheduleAt';

export type DraftProblems = Partial<Record<DraftField, DraftProblem>>;

const { from, callbackUrl, scheduleAt } = campaignOptions.shape;

/**
 * The draft's problems, checked with the contract's own schemas so the
 * renderer never accepts what the core would refuse. A field with a problem
 * is not autosaved (the last good value stays saved) until it is fixed.
 */
export function draftProblems(draft: CampaignDraftFields): DraftProblems {
  const problems: DraftProblems = {};
  if (!campaignName.safeParse(draft.name).success)
    problems.name = draft.name.trim() === '' ? 'nameRequired' : 'nameTooLong';
  if (draft.template.length > MESSAGE_MAX_CHARS) problems.template = 'templateTooLong';
  if (!from.safeParse(draft.options.from).success) problems.from = 'fromTooLong';
  if (!callbackUrl.safeParse(draft.options.callbackUrl).success) problems.callbackUrl = 'callbackInvalid';
  if (!scheduleAt.safeParse(draft.options.scheduleAt).success) problems.scheduleAt = 'scheduleInvalid';
  return problems;
}
