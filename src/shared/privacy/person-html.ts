/**
 * The person's summary as one self-contained HTML page (no script, no
 * outside file: it opens in any browser, offline, and prints), every value
 * escaped: a name or a reply is the customer's text, never markup.
 */
import type { PersonView } from '../dto/privacy';
import { formatDateTime } from '../display-format';
import { fill, PERSON_WORDS, type Language } from './person-words';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #d0d7de;padding:.35rem;text-align:left;vertical-align:top}
h2{margin-top:2rem}dt{font-weight:600}dd{margin:0 0 .5rem}`;

export function personHtml(person: PersonView, language: Language, now: Date): string {
  const w = PERSON_WORDS[language];
  const e = escapeHtml;
  // Dates as the app shows them everywhere (Brasília time, day first).
  const date = (iso: string | null) => (iso === null ? '' : formatDateTime(iso, language));
  // When consent was given, as recorded: a day (dd/mm/aaaa, no hour to shift across zones), an instant,
  // or the import file's own words when they were not a date.
  const givenOn = (given: string) => {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(given);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
    return Number.isNaN(Date.parse(given)) ? given : date(given);
  };
  const parts: string[] = [
    `<h1>${e(w.title)}</h1>`,
    `<p>${e(fill(w.intro, { phone: person.phone, date: date(now.toISOString()) }))}</p>`,
  ];
  if (person.erased) parts.push(`<p>${e(w.erased)}</p>`);
  if (!person.found) parts.push(`<p>${e(w.nothing)}</p>`);

  const c = person.contact;
  if (c) {
    const rows: [string, string][] = [
      [w.name, c.name],
      [w.phone, person.phone],
      [w.email, c.email ?? ''],
      [w.lists, c.lists.join(', ')],
      ...Object.entries(c.fields).map(([k, v]): [string, string] => [k, v]),
      [w.birthday, c.birthday ?? ''],
      [w.timeZone, c.timeZone ?? ''],
      [w.consent, c.consent.basis ? w.basis[c.consent.basis] : ''],
      [w.consentSource, c.consent.source ?? ''],
      [w.consentAt, c.consent.at ?? ''],
      [w.createdAt, date(c.createdAt)],
    ];
    parts.push(
      `<h2>${e(w.contact)}</h2><dl>`,
      ...rows.filter(([, v]) => v !== '').map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`),
      '</dl>',
    );
  }
  if (person.optOut) {
    parts.push(`<h2>${e(w.optOut)}</h2><p>${e(fill(w.optOutText, { date: date(person.optOut.at) }))}</p>`);
  }
  if (person.consentRecords.length > 0) {
    parts.push(`<h2>${e(w.consentRecords)}</h2>`);
    parts.push(
      table(
        [w.consentGiven, w.consentWords, w.consentChannel, w.consentBy, w.consentWithdrawn],
        person.consentRecords.map((r) => [
          r.givenAt ? givenOn(r.givenAt) : date(r.recordedAt),
          r.words ?? '',
          r.channel ? w.channels[r.channel] : '',
          r.collectedBy ?? '',
          r.withdrawnAt ? date(r.withdrawnAt) : '',
        ]),
      ),
    );
  }
  if (person.blockLists.length > 0) {
    const lists = person.blockLists.map((b) => b.source).join(', ');
    parts.push(`<h2>${e(w.blockLists)}</h2><p>${e(fill(w.blockListsText, { lists }))}</p>`);
  }
  parts.push(`<h2>${e(w.messages)}</h2>`);
  parts.push(
    person.messages.length === 0
      ? `<p>${e(w.none)}</p>`
      : table(
          [w.when, w.what, w.text, w.status],
          person.messages.map((m) => [
            date(m.at),
            m.name ? `${w.kind[m.kind]}: ${m.name}` : w.kind[m.kind],
            m.text ?? w.notKept,
            (w.statuses as Record<string, string>)[m.status] ?? m.status,
          ]),
        ),
  );
  parts.push(`<h2>${e(w.clicks)}</h2>`);
  parts.push(
    person.clicks.length === 0
      ? `<p>${e(w.none)}</p>`
      : table(
          [w.when, 'URL'],
          person.clicks.map((k) => [date(k.at), k.url]),
        ),
  );
  parts.push(`<h2>${e(w.replies)}</h2>`);
  parts.push(
    person.replies.length === 0
      ? `<p>${e(w.none)}</p>`
      : table(
          [w.when, w.text],
          person.replies.map((r) => [date(r.at), r.text]),
        ),
  );
  const service = person.storage.sentToService;
  parts.push(
    `<h2>${e(w.storage)}</h2>`,
    `<p>${e(fill(w.storageDatabase, { file: person.storage.database }))}</p>`,
    `<p>${e(service.number ? fill(w.storageService, { texts: service.texts }) : w.storageNone)}</p>`,
  );
  return [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8">`,
    // Self-contained: nothing is fetched, nothing runs.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<title>${e(w.title)}</title><style>${STYLE}</style></head><body>`,
    ...parts,
    '</body></html>',
    '',
  ].join('\n');
}

function table(head: string[], rows: string[][]): string {
  const e = escapeHtml;
  return [
    '<table><thead><tr>',
    ...head.map((h) => `<th>${e(h)}</th>`),
    '</tr></thead><tbody>',
    ...rows.map((r) => `<tr>${r.map((v) => `<td>${e(v)}</td>`).join('')}</tr>`),
    '</tbody></table>',
  ].join('');
}

/** The same data for any program: the page's groups as they are, with when they were exported. */
export const personJson = (person: PersonView, now: Date): string =>
  `${JSON.stringify({ exportedAt: now.toISOString(), ...person }, null, 2)}\n`;
