import { isExists } from 'date-fns/isExists';
import type { ConsentChannel, ConsentEvidence } from '../../../shared/dto/contacts';
import { readDate } from '../../../shared/dates/read-date';
import type { UpsertRow } from '../../contacts/contacts-module';

/**
 * The fields a mapping gives a file's consent columns (issue 35): they become
 * the evidence of each row's consent (consent_records), not custom fields.
 */
export const CONSENT_FIELDS = {
  consent_text: 'words',
  consent_channel: 'channel',
  consent_by: 'collectedBy',
  consent_at: 'givenAt',
} as const satisfies Record<string, keyof ConsentEvidence>;

export const isConsentField = (key: string): boolean => Object.hasOwn(CONSENT_FIELDS, key);

/** What an import says of its file's consent as a whole (the wizard's step, the CLI's flags). */
export type FileConsent = Partial<Omit<ConsentEvidence, 'givenAt'>> & { givenAt?: string | null };

const CHANNEL_WORDS: Record<string, ConsentChannel> = {
  balcao: 'balcao',
  loja: 'balcao',
  counter: 'balcao',
  formulario: 'formulario',
  ficha: 'formulario',
  form: 'formulario',
  site: 'site',
  website: 'site',
  planilha: 'planilha',
  spreadsheet: 'planilha',
};

/** A channel as a spreadsheet writes it ("Balcão", "formulário"); another word is `outro`. */
export function channelOf(text: string): ConsentChannel | null {
  const key = text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  if (key === '') return null;
  return CHANNEL_WORDS[key] ?? 'outro';
}

/**
 * When, as a file writes it: an instant (`05/12/2026 09:00`, ISO), a day
 * (`05/12/2026`, `2026-12-05`), or, when it cannot be read, the text as
 * written: the evidence keeps what the file said rather than nothing.
 */
export function givenAtOf(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const instant = readDate(trimmed, { forms: ['iso-offset', 'br-date-time'] });
  if (instant.ok) return instant.at.toISOString();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : br
      ? [Number(br[3]), Number(br[2]), Number(br[1])]
      : [0, 0, 0];
  if (year > 0 && isExists(year, month - 1, day))
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return trimmed.slice(0, 40);
}

/**
 * A chunk's rows without their consent columns, and the consent records they
 * bring: a row with any consent column filled records its own (over what the
 * whole file says); with `file` given, every row records the file's.
 */
export function splitConsent(
  rows: readonly UpsertRow[],
  file: FileConsent | undefined,
): { rows: UpsertRow[]; records: { phone: string; evidence: ConsentEvidence }[] } {
  const records: { phone: string; evidence: ConsentEvidence }[] = [];
  const kept = rows.map((row) => {
    const own = Object.keys(row.fields).filter(isConsentField);
    if (own.length === 0 && !file) return row;
    const fields = { ...row.fields };
    const evidence: ConsentEvidence = {
      basis: file?.basis ?? 'consent',
      words: file?.words ?? null,
      channel: file?.channel ?? null,
      collectedBy: file?.collectedBy ?? null,
      source: file?.source ?? null,
      givenAt: file?.givenAt ?? null,
    };
    let filled = false;
    for (const key of own) {
      const value = fields[key]!.trim();
      delete fields[key];
      if (value === '') continue;
      filled = true;
      const part = CONSENT_FIELDS[key as keyof typeof CONSENT_FIELDS];
      if (part === 'channel') evidence.channel = channelOf(value);
      else if (part === 'givenAt') evidence.givenAt = givenAtOf(value);
      else evidence[part] = value;
    }
    // A row's own consent is consent given (its words, its channel): its basis is consent.
    if (filled && !file) evidence.basis = 'consent';
    if (filled || file) records.push({ phone: row.phone, evidence });
    return { ...row, fields };
  });
  return { rows: kept, records };
}
