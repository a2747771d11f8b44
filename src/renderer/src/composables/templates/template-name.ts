import { TEMPLATE_NAME_MAX, templateName, templateNameKey } from '@shared/contract/templates';
import type { TemplateView } from '@shared/dto/templates';
import { isApiError } from '@renderer/api';

/** What is wrong with a template's name, as the forms say it (`templates.name*`), with whose name it is. */
export type TemplateNameProblem =
  { kind: 'required' } | { kind: 'tooLong' } | { kind: 'taken'; name: string };

/**
 * The name's problem before asking the core (the contract's own rule, and
 * the names in use: `taken` maps folded names to their template); `ownId`
 * is the template being renamed, whose own name is no clash.
 */
export function templateNameProblem(
  name: string,
  taken: ReadonlyMap<string, TemplateView>,
  ownId: string | null = null,
): TemplateNameProblem | null {
  if (name.trim() === '') return { kind: 'required' };
  if (!templateName.safeParse(name).success) return { kind: 'tooLong' };
  const other = taken.get(templateNameKey(name));
  return other && other.id !== ownId ? { kind: 'taken', name: other.name } : null;
}

/** The core's refusal of a name (another window may have taken it meanwhile), as one of ours. */
export function refusedName(error: unknown): TemplateNameProblem | null {
  if (!isApiError(error, 'invalid_input') || error.details?.reason !== 'duplicate_template_name') return null;
  return { kind: 'taken', name: String(error.details.params?.name ?? '') };
}

/** The i18n key and words of a name problem. */
export const nameProblemWords = (problem: TemplateNameProblem) =>
  ({
    key: `templates.name${problem.kind === 'required' ? 'Required' : problem.kind === 'tooLong' ? 'TooLong' : 'Taken'}`,
    words: { max: TEMPLATE_NAME_MAX, name: problem.kind === 'taken' ? problem.name : '' },
  }) as const;
