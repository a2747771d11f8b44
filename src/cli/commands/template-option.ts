import type { Core } from '../../core/kernel/create-core';
import { APP_ERROR_CODES } from '../../shared/app-error';
import { templateNameKey } from '../../shared/contract/templates';
import type { TemplateView } from '../../shared/dto/templates';
import { ok, StepFailed } from '../step';

/**
 * The template a command line names (case, accents and spaces folded as the
 * app does). None by that name is a mistake in the command line: exit 2,
 * naming what was typed and where (`--template`, `NAME`), `not_found` as
 * for a segment, a list or a campaign.
 */
export async function templateNamed(core: Core, name: string, where: string): Promise<TemplateView> {
  const wanted = templateNameKey(name);
  const templates = ok<TemplateView[]>(await core.dispatch('templates:list', {}));
  const found = templates.find((t) => templateNameKey(t.name) === wanted);
  if (found) return found;
  const message =
    `There is no template called "${name.trim()}"` +
    (templates.length ? ` (there are: ${templates.map((t) => `"${t.name}"`).join(', ')}).` : '.');
  throw new StepFailed({
    code: APP_ERROR_CODES.notFound,
    message,
    details: { fields: [{ field: where, message }], reason: 'unknown_template' },
  });
}
