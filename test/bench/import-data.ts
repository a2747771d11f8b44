/**
 * The benchmark's spreadsheet: Brazilian contacts as a shop's Excel would
 * save them (Windows-1252, `;`, phones typed every way people type them),
 * with about 5% invalid rows and 3% repeating an earlier row's phone, and
 * the same rows as an XLSX workbook (phones as text cells). Deterministic.
 */
import * as XLSX from '@e965/xlsx';
import iconv from 'iconv-lite';
import { generateContacts, pick, random } from './contact-data';

export const HEADER = ['Nome', 'Celular', 'E-mail', 'Cidade'];

export interface ImportData {
  rows: string[][];
  /** Rows whose phone cannot be imported. */
  invalid: number;
  /** Rows repeating an earlier row's phone (in another format). */
  duplicates: number;
}

const INVALID_PHONES = ['5.51199E+12', '1234', '', '(20) 98765-4321', 'sem telefone', '98765'];

/** "+5511987654321" written the ways Brazilian files write it. */
function formatPhone(e164: string, style: number): string {
  const ddd = e164.slice(3, 5);
  const n = e164.slice(5);
  const [a, b] = [n.slice(0, 5), n.slice(5)];
  switch (style) {
    case 0:
      return `(${ddd}) ${a}-${b}`;
    case 1:
      return `0${ddd} ${a}-${b}`;
    case 2:
      return `+55 ${ddd} ${a} ${b}`;
    case 3:
      return `55${ddd}${n}`;
    case 4:
      return `${ddd}${n}`;
    default:
      return `(${ddd})${n}`;
  }
}

export function generateImportRows(count: number, seed = 42): ImportData {
  const rnd = random(seed);
  const contacts = generateContacts(count, seed);
  const rows: string[][] = [];
  /** The E.164 number each row carries, or null for an invalid one. */
  const phoneOf: (string | null)[] = [];
  let invalid = 0;
  let duplicates = 0;
  for (let i = 0; i < count; i++) {
    const c = contacts[i]!;
    const city = c.fields.cidade ?? '';
    const roll = rnd();
    const earlier = i > 10 ? phoneOf[Math.floor(rnd() * i)] : null;
    if (roll < 0.05) {
      invalid++;
      rows.push([c.name, pick(rnd, INVALID_PHONES), c.email ?? '', city]);
      phoneOf.push(null);
    } else if (roll < 0.08 && earlier) {
      duplicates++;
      rows.push([c.name, formatPhone(earlier, Math.floor(rnd() * 6)), '', city]);
      phoneOf.push(earlier);
    } else {
      rows.push([c.name, formatPhone(c.phone, Math.floor(rnd() * 6)), c.email ?? '', city]);
      phoneOf.push(c.phone);
    }
  }
  return { rows, invalid, duplicates };
}

function csvField(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Windows-1252, `;`, CRLF: Excel's "CSV (separado por vírgulas)" in Brazil. */
export function toCp1252Csv(rows: readonly string[][]): Buffer {
  const text = [HEADER, ...rows].map((r) => r.map(csvField).join(';')).join('\r\n') + '\r\n';
  return iconv.encode(text, 'windows-1252');
}

/** The same rows as an XLSX workbook, every cell a text cell (as a sheet formatted as Text). */
export function toXlsx(rows: readonly string[][]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([HEADER, ...rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Contatos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
