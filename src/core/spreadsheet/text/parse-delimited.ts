import { ImportFileError } from '../import-errors';

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * RFC 4180 records from text, one array of fields per call to next().
 * Empty lines are skipped but counted, so `line` is always the number a
 * spreadsheet app shows for the record just returned.
 *
 * The text may be one piece of a longer file (`final` false): a record
 * that the piece ends before (a quoted field whose closing quote is further
 * on) is not returned; `rest` says where it starts, for the caller to read
 * again with the next piece.
 *
 * Hand-written rather than papaparse because it has to stop at `maxFields`
 * while a record is being built (a hostile header must not become a giant
 * array) and because pulling records one at a time lets the caller yield to
 * the event loop between chunks for cancellation. Lenient like Excel: a quote
 * inside an unquoted field is literal, text after a closing quote is kept,
 * and an opening quote that is never closed is read as a literal character.
 */
export class DelimitedParser {
  /** Record number (1-based) of the last record returned. */
  line = 0;
  /** Where, in the text, the last record returned starts. */
  start = 0;
  /** Where the record the piece ended in starts (a piece that is not `final`); undefined otherwise. */
  rest: number | undefined;
  private i = 0;
  private readonly d: number;
  // Next delimiter / LF / CR at or after i, found with indexOf and cached until passed:
  // far faster than a per-character loop on long files.
  private nextD = -1;
  private nextLF = -1;
  private nextCR = -1;
  private readonly cut: (from: number, to: number) => string;

  constructor(
    private readonly text: string,
    private readonly delimiter: string,
    private readonly maxFields: number,
    /** The column cap to tell the user about (the hard cap is an implementation detail). */
    private readonly reportedMax = maxFields,
    /** `text` as Latin-1 bytes, when it is within Latin-1 (DecodedText.latin1): fields are cut from them. */
    latin1?: Buffer,
    /** The text ends where the file does; otherwise more follows (see `rest`). */
    private readonly final = true,
  ) {
    this.cut = latin1
      ? (from, to) => latin1.toString('latin1', from, to)
      : (from, to) => text.slice(from, to);
    this.d = delimiter.charCodeAt(0);
  }

  next(): string[] | undefined {
    const { text } = this;
    const n = text.length;
    let i = this.i;
    // Empty lines: counted, not returned (a file of millions of them costs no arrays).
    for (;;) {
      if (i >= n) {
        this.i = i;
        return undefined;
      }
      const c = text.charCodeAt(i);
      if (c !== LF && c !== CR) break;
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      this.line++;
    }
    const start = i;
    this.line++;
    const row: string[] = [];
    for (;;) {
      let value = '';
      if (text.charCodeAt(i) === QUOTE) {
        const quoted = readQuoted(text, i, this.cut);
        if (quoted) {
          value = quoted.value;
          i = quoted.end;
        } else if (!this.final) return this.unfinished(start);
      }
      // Unquoted field, or what follows a closing quote, or an unclosed quote read literally.
      if (this.nextD < i) this.nextD = indexOrEnd(text, this.delimiter, i);
      if (this.nextLF < i) this.nextLF = indexOrEnd(text, '\n', i);
      if (this.nextCR < i) this.nextCR = indexOrEnd(text, '\r', i);
      const j = Math.min(this.nextD, this.nextLF, this.nextCR);
      if (j > i) value += this.cut(i, j);
      i = j;
      row.push(value);
      if (row.length > this.maxFields) {
        throw new ImportFileError('too_many_columns', `A row has more than ${this.maxFields} fields.`, {
          count: row.length,
          max: this.reportedMax,
        });
      }
      if (i >= n) {
        if (!this.final) return this.unfinished(start);
        break;
      }
      const c = text.charCodeAt(i);
      if (c === this.d) {
        i++;
        if (i >= n) {
          if (!this.final) return this.unfinished(start);
          row.push('');
          break;
        }
        continue;
      }
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      break;
    }
    this.i = i;
    this.start = start;
    return row;
  }

  /** Where the piece's text has been read up to (the end of the last record returned). */
  get position(): number {
    return this.i;
  }

  /** The record from `start` goes on in the next piece: not counted, not returned. */
  private unfinished(start: number): undefined {
    this.line--;
    this.rest = start;
    this.i = this.text.length;
    return undefined;
  }
}

function indexOrEnd(text: string, search: string, from: number): number {
  const at = text.indexOf(search, from);
  return at === -1 ? text.length : at;
}

/** A field starting with a quote at `start`; undefined when the quote is never closed. */
function readQuoted(
  text: string,
  start: number,
  cut: (from: number, to: number) => string,
): { value: string; end: number } | undefined {
  let from = start + 1;
  let doubled = false;
  for (;;) {
    const q = text.indexOf('"', from);
    if (q === -1) return undefined;
    if (text.charCodeAt(q + 1) === QUOTE) {
      doubled = true;
      from = q + 2;
      continue;
    }
    // One slice and one replace, not a string grown piece by piece (a field of a million "" would
    // otherwise build a million-piece rope).
    const raw = cut(start + 1, q);
    return { value: doubled ? raw.replaceAll('""', '"') : raw, end: q + 1 };
  }
}

/** The first line break outside quotes, to write the error file the same way. */
export function detectLineBreak(text: string): string {
  const lf = text.indexOf('\n');
  if (lf === -1) return text.includes('\r') ? '\r' : '\r\n';
  return text.charCodeAt(lf - 1) === CR ? '\r\n' : '\n';
}
