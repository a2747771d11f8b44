/**
 * Takes out of a log line what must never be in a file a shop owner sends to
 * support: keys and tokens, customers' phone numbers, message texts, e-mail
 * addresses. Two nets: a field's name says what it holds (`phone`, `token`,
 * `text`...), and any text is searched for what looks like a phone number, a
 * bearer token, a long random string or an e-mail, since an error's message
 * may quote any of them.
 */

const SECRET_KEY = /^(accountkey|apikey|key|authorization|cookie|signature)$|(secret|token|password)$/i;
const PHONE_KEY = /^(phones?|to|from|recipients?|numbers?|msisdn|mobile|destination)$/i;
const TEXT_KEY = /^(texts?|body|template|content|message|sms|email)$/i;

// 10 to 15 digits with at most two separators between them (`+55 (11) 98765-4321`), not part of
// a word, an id (`…-446655440000`) or a time (`2025-01-31 14:02`).
const PHONE_IN_TEXT = /(?<![\w+(-])(?:\+|\()?\d(?:[\s().-]{0,2}\d){9,14}(?![\w:-])/g;
const BEARER = /\b(Bearer|Basic)\s+\S+/gi;
// Account keys and webhook secrets by their prefixes; tokens as long strings mixing letters and digits.
const PREFIXED_SECRET = /\b(test|live|whsec|sbx)_\w+/gi;
const LONG_RANDOM = /\b(?=\w{32,}\b)(?=\w*\d)(?=\w*[A-Za-z])\w+/g;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

const MAX_TEXT = 2000;
const MAX_DEPTH = 5;
const MAX_ITEMS = 50;

/** `+5511987654321` → `[phone …21]`: enough to tell two apart in a support case, not to call. */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return `[phone …${digits.slice(-2)}]`;
}

/** A text of any origin with the secrets given and everything that looks personal masked. */
export function scrubText(text: string, secrets: readonly string[] = []): string {
  let out = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
  for (const secret of secrets) if (secret.length >= 6) out = out.replaceAll(secret, '[secret]');
  return out
    .replace(BEARER, '$1 [secret]')
    .replace(PREFIXED_SECRET, '[secret]')
    .replace(LONG_RANDOM, '[secret]')
    .replace(EMAIL, '[email]')
    .replace(PHONE_IN_TEXT, (match) => maskPhone(match));
}

/** An error as a log shows it: its kind, code, message and stack, each scrubbed. */
function scrubError(error: Error, secrets: readonly string[]): Record<string, unknown> {
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    message: scrubText(error.message, secrets),
    ...(error.stack ? { stack: scrubText(error.stack.split('\n').slice(0, 12).join('\n'), secrets) } : {}),
  };
}

function byKey(key: string, value: unknown, secrets: readonly string[], depth: number): unknown {
  if (value === null || value === undefined) return value;
  if (SECRET_KEY.test(key)) return '[secret]';
  if (PHONE_KEY.test(key)) {
    if (Array.isArray(value)) return `[${value.length} phones]`;
    return typeof value === 'string' || typeof value === 'number' ? maskPhone(String(value)) : '[phone]';
  }
  if (TEXT_KEY.test(key) && typeof value === 'string') return `[text, ${value.length} chars]`;
  return scrubValue(value, secrets, depth + 1);
}

/** Any value made safe to write: objects walked (to a depth), texts scrubbed, errors flattened. */
export function scrubValue(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value, secrets);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined)
    return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Error) return scrubError(value, secrets);
  if (value instanceof Date) return value.toISOString();
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => scrubValue(item, secrets, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `…${value.length - MAX_ITEMS} more`] : items;
  }
  if (typeof value === 'object') return scrubFields(value as Record<string, unknown>, secrets, depth);
  return `[${typeof value}]`;
}

/** A line's fields, each judged by its name and then its value. */
export function scrubFields(
  fields: Record<string, unknown>,
  secrets: readonly string[] = [],
  depth = 0,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) out[key] = byKey(key, value, secrets, depth);
  return out;
}
