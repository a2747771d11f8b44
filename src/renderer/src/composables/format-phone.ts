/**
 * An E.164 number as people write it: Brazilian ones as `(11) 98765-4321`
 * or `(11) 3456-7890`; others grouped after their `+`. Anything that is not
 * E.164 comes back as it was.
 */
export function formatPhone(e164: string): string {
  const br = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164);
  if (br) return `(${br[1]}) ${br[2]}-${br[3]}`;
  return e164;
}
