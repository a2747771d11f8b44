import { useI18n } from 'vue-i18n';
import type { TemplateProblem } from '@shared/template';

/**
 * A merge-field problem (shared/template.ts) in the owner's words: the same
 * sentence whether the checker shows it as the text is typed or the send
 * refuses it (`template_field`, campaign-error.ts).
 */
export function useTemplateProblemText(): (
  problem: Pick<TemplateProblem, 'kind' | 'field'> & { key?: string },
) => string {
  const { t } = useI18n();
  return (problem) =>
    t(`campaigns.error_template_field_${problem.kind}`, { field: problem.field, key: problem.key ?? '' });
}
