import type { ImportChangeView, ImportFieldChangeView } from '../../../shared/dto/last-import';
import type { UpdatePreview } from '../../contacts/contacts-module';
import { birthdayOf, formatBirthday } from '../../../shared/birthday';
import { shownCell } from './preview';

const shown = (text: string | null) => (text === null ? null : shownCell(text));

/**
 * An existing contact an update would change, as the review lists it: each
 * field whose value would differ, before and after (long values cut for
 * display). An e-mail or field the file leaves blank keeps the contact's
 * value, so it never appears here as a change.
 */
export function toChangeView(preview: UpdatePreview, line: number): ImportChangeView {
  const changes: ImportFieldChangeView[] = [];
  if (preview.newName !== preview.name) {
    changes.push({
      field: 'name',
      kind: 'name',
      before: shown(preview.name || null),
      after: shownCell(preview.newName),
    });
  }
  if (preview.newEmail !== null && preview.newEmail !== preview.email) {
    changes.push({
      field: 'email',
      kind: 'email',
      before: shown(preview.email),
      after: shownCell(preview.newEmail),
    });
  }
  if (preview.newBirthMd !== preview.birth_md || preview.newBirthYear !== preview.birth_year) {
    const was = birthdayOf(preview.birth_md, preview.birth_year);
    changes.push({
      field: 'birthday',
      kind: 'birthday',
      before: was ? formatBirthday(was) : null,
      after: formatBirthday(birthdayOf(preview.newBirthMd, preview.newBirthYear)!),
    });
  }
  const before = JSON.parse(preview.fields) as Record<string, string>;
  const after = JSON.parse(preview.newFields) as Record<string, string>;
  for (const [field, value] of Object.entries(after)) {
    if (before[field] !== value) {
      changes.push({ field, kind: 'custom', before: shown(before[field] ?? null), after: shownCell(value) });
    }
  }
  return { line, phone: preview.phone, name: shownCell(preview.name), changes };
}
