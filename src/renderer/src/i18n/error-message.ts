import { useI18n } from 'vue-i18n';
import type { AppErrorDetails } from '@shared/app-error';
import { asApiError } from '@renderer/api';

/** The two i18n functions the helper needs (a Composer or i18n.global fits). */
export interface Translator {
  t(key: string, named?: Record<string, unknown>): string;
  te(key: string): boolean;
}

/**
 * A translated, actionable sentence for any failure. Known codes get their
 * own text; rate limits say how long to wait; validation lists the fields;
 * an unknown code falls back to the error's own (English) message.
 */
export function errorMessage(error: unknown, i18n: Translator): string {
  const { code, details, message } = asApiError(error);
  const { t, te } = i18n;
  switch (code) {
    case 'rate_limited': {
      const seconds = details?.retryAfterSeconds;
      return seconds && seconds > 0 ? t('errors.rate_limited', { seconds }) : t('errors.rate_limited_soon');
    }
    case 'invalid_input':
    case 'validation_error': {
      const names = [...new Set((details?.fields ?? []).map((f) => f.field))];
      if (names.length === 0) return t('errors.invalid_input_generic');
      const labels = names.map((name) => (te(`fields.${name}`) ? t(`fields.${name}`) : name));
      return t('errors.invalid_input', { fields: labels.join(', ') });
    }
    case 'number_blocked': {
      // The list is named: the owner knows why, and where the list came from.
      const source = details?.params?.source;
      const list = details?.params?.list;
      if (source === 'procon-sp') return t('errors.number_blocked');
      if (source === 'opted_out') return t('errors.number_opted_out');
      if (source === 'procon-al' || source === 'procon-carioca')
        return t('errors.number_blocked_register', { list: t(`rules.block.short.${source}`) });
      if (typeof list === 'string' && list) return t('errors.number_blocked_named', { list });
      return t('errors.number_blocked_other');
    }
    case 'service_refused':
      // A code the app has no words for (a legacy numeric one): the service's own words, if any.
      return details?.serviceMessage
        ? t('errors.service_said', { message: details.serviceMessage })
        : message;
    default:
      // A service's server error may carry a code that is also one of ours
      // (`internal_error`): its status says it was the service's.
      if (isServerError(details) && code !== 'payment_unavailable') return t('errors.service_unavailable');
      // A code's text may name its params (`server_unreachable`'s {url}).
      if (te(`errors.${code}`)) return t(`errors.${code}`, details?.params ?? {});
      return serviceFailureMessage(code, details, i18n) ?? message;
  }
}

const isServerError = (details: AppErrorDetails | undefined): boolean =>
  details?.status !== undefined && details.status >= 500;

/**
 * A code Torpedo has no words of its own for, read as the SDKs read it
 * (core/api/service-error.ts): the service's own words when it gave some
 * (a numeric code such as `1006`; the core never keeps markup as words),
 * else what its HTTP status means.
 */
function serviceFailureMessage(code: string, details: AppErrorDetails | undefined, { t }: Translator) {
  const status = details?.status;
  const said = details?.serviceMessage;
  if (said) return t('errors.service_said', { message: said });
  if (status !== undefined && /^http_\d+$/.test(code)) return t('errors.service_refused_status', { status });
  return undefined;
}

/** `errorMessage` bound to the component's i18n. */
export function useErrorMessage(): (error: unknown) => string {
  const i18n = useI18n();
  return (error) => errorMessage(error, i18n as unknown as Translator);
}
