/**
 * Names people type (a contact, a list, a campaign) must be something a
 * person can see. Control characters (NUL, line breaks, tabs...) never belong
 * in a name and are dropped; a name made only of invisible characters
 * (zero-width spaces, joiners, the BOM, a soft hyphen) is refused: it would
 * show as a blank row nobody can find or tell apart.
 */
import { z } from 'zod';

// Controls (Cc: C0, DEL, C1), and the bidirectional embeddings, overrides and isolates, which
// reorder what is printed after them (a name that shows as another). Other format characters (Cf:
// zero-width space and joiners, the BOM, the soft hyphen) stay inside a name, as emoji sequences
// need the joiner, but alone they show nothing; neither do combining marks (Mn) without a letter.
const CONTROLS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;
const VISIBLE = /[^\s\p{Cc}\p{Cf}\p{Mn}]/u;

export const withoutControls = (text: string): string => text.replace(CONTROLS, '');
export const hasVisibleText = (text: string): boolean => VISIBLE.test(text);

/**
 * A name's text: controls dropped and trimmed, then `rules` (lengths). A name
 * that had characters but none visible is refused; an empty one is left to
 * `rules` (a contact may have no name, a list must have one).
 */
export function visibleName(rules: z.ZodString) {
  return z
    .string()
    .max(10_000)
    .refine((raw) => raw.trim() === '' || hasVisibleText(withoutControls(raw)), {
      message: 'Use letters or numbers: this name has only invisible characters',
    })
    .transform((raw) => withoutControls(raw).trim())
    .pipe(rules);
}
