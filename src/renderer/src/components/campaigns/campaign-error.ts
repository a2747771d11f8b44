import { useMessage } from 'naive-ui';
import { useI18n } from 'vue-i18n';
import { asApiError } from '@renderer/api';
import { useAction } from '@renderer/composables/use-action';
import { useErrorMessage } from '@renderer/i18n/error-message';
import type { TemplateProblem } from '@shared/template';
import { useTemplateProblemText } from '../templates/template-problem';

/** Error codes of the campaigns channels with their own words (the rest are the app's usual ones). */
const CAMPAIGN_CODES = [
  'campaign_not_draft',
  'campaign_not_active',
  'no_recipients',
  'message_too_long',
  'template_field',
] as const;
type CampaignCode = (typeof CAMPAIGN_CODES)[number];

const isCampaignCode = (code: string): code is CampaignCode =>
  (CAMPAIGN_CODES as readonly string[]).includes(code);

/** `useErrorMessage`, knowing the campaign codes too. */
export function useCampaignErrorMessage(): (error: unknown) => string {
  const { t, te } = useI18n();
  const explain = useErrorMessage();
  const problemText = useTemplateProblemText();
  return (error) => {
    const { code, details } = asApiError(error);
    // A test send's number, refused as the contact form refuses it (a landline, too short...).
    const reason = details?.reason === 'phone_old_mobile' ? 'phone_old_mobile_plain' : details?.reason;
    const phoneReason = reason?.startsWith('phone_') ? `contact.problem_${reason}` : null;
    if (code === 'invalid_input' && phoneReason && te(phoneReason)) return t(phoneReason);
    if (!isCampaignCode(code)) return explain(error);
    if (code === 'template_field') {
      // Which problem (an unclosed field, a field nobody has) picks the sentence; the field is named as typed.
      const { field = '', problem = '', key = '' } = details?.params ?? {};
      return problemText({
        kind: String(problem) as TemplateProblem['kind'],
        field: String(field),
        key: String(key),
      });
    }
    const count = Number(details?.params?.count ?? 1);
    return t(`campaigns.error_${code}`, { count }, count);
  };
}

/** `useAction`, explaining failures with the campaign codes' own words. */
export function useCampaignAction<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const message = useMessage();
  const explain = useCampaignErrorMessage();
  return useAction(async (...args: A) => {
    try {
      await action(...args);
    } catch (error) {
      message.error(explain(error));
    }
  });
}
