import type { CampaignNumberStatus } from '../../shared/dto/history';
import { toCsv, type CsvValue } from '../export/csv';
import { foldText } from '../../shared/sort-key';
import type { CampaignNumberRow } from './campaign-report-repo';
import { messageReference } from '../campaigns/campaigns-module';

export type ReportLanguage = 'pt-BR' | 'en';

const HEADERS: Record<ReportLanguage, string[]> = {
  'pt-BR': ['Telefone', 'Nome', 'Situação', 'Código', 'Referência', 'Mensagem'],
  en: ['Phone', 'Name', 'Result', 'Code', 'Reference', 'Message'],
};

/** Last, so a spreadsheet made for the columns before it still reads them where they were. */
const CLICKS_HEADER: Record<ReportLanguage, string> = { 'pt-BR': 'Cliques', en: 'Clicks' };

const STATUS_WORDS: Record<ReportLanguage, Record<CampaignNumberStatus, string>> = {
  'pt-BR': {
    delivered: 'Entregue',
    failed: 'Falhou',
    in_progress: 'Em andamento',
    waiting: 'Aguardando envio',
    not_sent: 'Não enviado',
  },
  en: {
    delivered: 'Delivered',
    failed: 'Failed',
    in_progress: 'In progress',
    waiting: 'Waiting to send',
    not_sent: 'Not sent',
  },
};

/**
 * A Brazilian number as people write it, `(11) 98765-4321`: readable, kept
 * as text by Excel (an E.164 `+5511…` would be read as a number and shown
 * as 5,51E+12, or need a `'` in front), and imported back as the same
 * number (Brazil is the default country). Other numbers stay E.164, and
 * csv.ts neutralises their leading `+`.
 */
export function phoneForSpreadsheet(e164: string): string {
  const br = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164);
  return br ? `(${br[1]}) ${br[2]}-${br[3]}` : e164;
}

/**
 * The per-number results of a campaign as a spreadsheet file. Decisions,
 * for Excel as Brazilian shops use it: a UTF-8 BOM always (without it Excel
 * reads UTF-8 as Windows-1252 and `Conceição` comes out garbled); `;`
 * between cells in Portuguese (a pt-BR Excel splits on `;`, the list
 * separator of a locale whose decimal mark is `,`), `,` in English; CRLF
 * line ends. Every text cell (names, messages, codes from the service)
 * goes through csv.ts, which quotes and neutralises formula starts.
 *
 * Written in slices (`header`, then `rows` as many times as needed), so a
 * large campaign is read and written a part at a time.
 */
export function campaignCsvWriter(
  ref: string,
  language: ReportLanguage,
  /** A tracked campaign's clicks by the recipient who clicked: a Clicks column (null: none). */
  clicks: ReadonlyMap<string, number> | null = null,
) {
  const words = STATUS_WORDS[language];
  const delimiter = language === 'pt-BR' ? ';' : ',';
  const headers = clicks ? [...HEADERS[language], CLICKS_HEADER[language]] : HEADERS[language];
  return {
    header: (): string => toCsv([headers], { delimiter, bom: true }),
    rows: (rows: readonly CampaignNumberRow[]): string =>
      toCsv(
        rows.map((r): CsvValue[] => {
          const cells: CsvValue[] = [
            phoneForSpreadsheet(r.phone),
            r.contact_name ?? '',
            words[r.status],
            r.code ?? '',
            messageReference(ref, r.batch, r.position),
            r.message,
          ];
          if (clicks) cells.push(clicks.get(r.phone) ?? 0);
          return cells;
        }),
        { delimiter },
      ),
  };
}

/** The whole file at once (for a few rows). */
export function campaignReportCsv(
  ref: string,
  rows: readonly CampaignNumberRow[],
  language: ReportLanguage,
  clicks: ReadonlyMap<string, number> | null = null,
): string {
  const writer = campaignCsvWriter(ref, language, clicks);
  return writer.header() + writer.rows(rows);
}

/** `torpedo-campanha-black-friday-2025-11-28.csv`: a bare file name (no folder), safe on every OS. */
export function campaignReportFileName(name: string, day: string, language: ReportLanguage): string {
  const slug = foldText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const word = language === 'pt-BR' ? 'campanha' : 'campaign';
  return `torpedo-${word}${slug ? `-${slug}` : ''}-${day}.csv`;
}
