import { asApiError } from '@renderer/api';
import { formatPhone } from '@renderer/composables/format-phone';
import type { Translator } from '@renderer/i18n/error-message';

export type ContactFormField = 'name' | 'phone' | 'email' | 'birthday' | 'listIds' | 'fields' | 'consent';
export type ContactFieldErrors = Partial<Record<ContactFormField, string>>;

const FORM_FIELDS: readonly string[] = ['name', 'phone', 'email', 'birthday', 'listIds', 'fields', 'consent'];

/**
 * The core's field errors (`invalid_input` with `details.fields`) as
 * sentences under the form's fields. The core names why in
 * `details.reason` (`phone_too_short`, `duplicate_phone`, ...) and hands
 * the values a sentence needs in `details.params` (the 9-digit number, the
 * other contact's name and number); a reason without a translation shows
 * the core's message as it is. Null when the error is not about fields.
 */
export function contactFieldErrors(error: unknown, { t, te }: Translator): ContactFieldErrors | null {
  const { code, details } = asApiError(error);
  if (code !== 'invalid_input' || !details?.fields?.length) return null;
  const errors: ContactFieldErrors = {};
  for (const { field, message } of details.fields) {
    const name = FORM_FIELDS.includes(field) ? (field as ContactFormField) : null;
    if (!name || errors[name]) continue;
    // Without a reason the refusal is the contract's own check of the input (its wording is English).
    errors[name] = details.reason
      ? translate(details.reason, details.params ?? {}, message, { t, te })
      : (inputCheck(name, t) ?? message);
  }
  return Object.keys(errors).length ? errors : null;
}

function inputCheck(field: ContactFormField, t: Translator['t']): string | null {
  if (field === 'email') return t('contact.problem_emailInvalid');
  if (field === 'phone') return t('contact.problem_phone_invalid');
  if (field === 'birthday') return t('contact.problem_birthday_impossible');
  return null;
}

const text = (value: string | number | undefined): string => (value === undefined ? '' : String(value));

function translate(
  reason: string,
  params: Record<string, string | number>,
  message: string,
  { t, te }: Translator,
): string {
  if (reason === 'phone_old_mobile') {
    const suggested = text(params.suggested);
    return suggested
      ? t('contact.problem_phone_old_mobile', { suggested: formatPhone(suggested) })
      : t('contact.problem_phone_old_mobile_plain');
  }
  if (reason === 'duplicate_phone') {
    // A contact without a name is named by its number.
    const who = text(params.name) || (params.phone === undefined ? '' : formatPhone(text(params.phone)));
    return who ? t('contact.problem_duplicate_phone', { who }) : t('contact.problem_duplicate_phone_plain');
  }
  const key = `contact.problem_${reason}`;
  return te(key) ? t(key, params) : message;
}
