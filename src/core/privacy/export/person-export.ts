/**
 * The person's copy of their data (LGPD art. 18, II and V): the summary as
 * HTML they can read, in the app's language, and the same data as JSON
 * beside it (same name, `.json`) for any program. Saved through the host's
 * save dialog (the CLI's `privacy export --out` writes the same two files
 * from `privacy:show`, with the same shared/privacy/person-html.ts).
 */
import type { PersonExportResult, PersonView } from '../../../shared/dto/privacy';
import type { Host } from '../../kernel/host';
import { saveWithHost } from '../../files/save-with-host';
import { personHtml, personJson } from '../../../shared/privacy/person-html';
import type { Language } from '../../../shared/privacy/person-words';

/** `titular-2026-12-07.html` (`person-…` in English): never the number, which would sit in a folder listing. */
export const personFileName = (day: string, language: Language) =>
  `${language === 'pt-BR' ? 'titular' : 'person'}-${day}.html`;

export async function exportPerson(
  host: Pick<Host, 'saveFile'>,
  person: PersonView,
  language: Language,
  now: Date,
): Promise<PersonExportResult> {
  const encoder = new TextEncoder();
  const html = encoder.encode(personHtml(person, language, now));
  const json = encoder.encode(personJson(person, now));
  const name = personFileName(now.toISOString().slice(0, 10), language);
  const saved = await saveWithHost(() =>
    host.saveFile(name, html, 'html', [{ extension: 'json', bytes: json }]),
  );
  if (!saved.saved) return { saved: false };
  return {
    saved: true,
    ...(saved.fileName ? { fileName: saved.fileName } : {}),
    ...(saved.companionNames?.[0] ? { jsonFileName: saved.companionNames[0] } : {}),
  };
}
