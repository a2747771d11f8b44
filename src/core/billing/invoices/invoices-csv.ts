import type { InvoiceItem } from '../../api/wire-schemas';
import { toCsv, type CsvValue } from '../../export/csv';
import type { NotifyLanguage } from '../../notify';

const HEADERS: Record<NotifyLanguage, string[]> = {
  'pt-BR': ['Data', 'Número', 'Total (R$)', 'Situação', 'Cartão', 'Vencimento', 'Fatura'],
  en: ['Date', 'Number', 'Total (BRL)', 'Status', 'Card', 'Due', 'Invoice'],
};

/** `torpedo-faturas-2025-11-28.csv` (`torpedo-invoices-…` in English): named in the file's own language. */
export const invoicesFileName = (day: string, language: NotifyLanguage): string =>
  `torpedo-${language === 'pt-BR' ? 'faturas' : 'invoices'}-${day}.csv`;

/**
 * The invoice history as a spreadsheet file. In Portuguese it follows what a
 * Brazilian spreadsheet expects (`;` between cells, decimal comma), in English
 * the usual `,` and decimal point; a BOM lets Excel read accents and the card
 * bullets. Every text cell goes through csv.ts, so a status or card name the
 * service sends cannot turn into a formula.
 */
export function invoicesCsv(invoices: readonly InvoiceItem[], language: NotifyLanguage): string {
  const pt = language === 'pt-BR';
  const total = (n: number): CsvValue => (pt ? n.toFixed(2).replace('.', ',') : n.toFixed(2));
  const rows: CsvValue[][] = [
    HEADERS[language],
    ...invoices.map((inv) => [
      inv.date,
      inv.displayId,
      total(inv.total),
      inv.status?.name ?? inv.status?.code ?? '',
      inv.card?.name ?? '',
      inv.expiry,
      inv.uuid,
    ]),
  ];
  return toCsv(rows, { delimiter: pt ? ';' : ',', bom: true });
}
