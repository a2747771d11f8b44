import { ImportFileError } from './import-errors';

/** What the first bytes say the file is, whatever its name claims. */
export type Container = 'zip' | 'cfb' | 'dif' | 'text';

const MAGIC: ReadonlyArray<readonly [string, readonly number[]]> = [
  ['png', [0x89, 0x50, 0x4e, 0x47]],
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['gif', [0x47, 0x49, 0x46, 0x38]],
  ['pdf', [0x25, 0x50, 0x44, 0x46]],
  ['gzip', [0x1f, 0x8b]],
  ['rar', [0x52, 0x61, 0x72, 0x21]],
  ['7z', [0x37, 0x7a, 0xbc, 0xaf]],
  ['webp', [0x52, 0x49, 0x46, 0x46]],
  ['sqlite', [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65]],
];
/**
 * A DIF file starts with its TABLE record (after a UTF-8 BOM, if one): the
 * topic, `0,1`, then a quoted string. Read as CSV it gave rows of `0,1` and
 * `"EXCEL"`. Tested on the bytes as Latin-1, so the BOM is `ï»¿`.
 */
const DIF_HEAD = /^(?:\xef\xbb\xbf)?TABLE\r?\n0,1\r?\n"/;
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, sig: readonly number[]) =>
  bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);

/**
 * Decides how to read the bytes. Known non-spreadsheet binaries (an image
 * renamed .csv, a PDF) are refused here with their kind, so the message can
 * say what the file really is.
 */
export function detectContainer(bytes: Uint8Array): Container {
  if (bytes.length === 0) throw new ImportFileError('empty_file', 'The file is empty.');
  if (startsWith(bytes, ZIP) || startsWith(bytes, ZIP_EMPTY)) return 'zip';
  if (startsWith(bytes, CFB)) return 'cfb';
  for (const [kind, sig] of MAGIC) {
    if (startsWith(bytes, sig)) {
      throw new ImportFileError(
        'unsupported_format',
        `This is a ${kind.toUpperCase()} file, not a spreadsheet.`,
        {
          detected: kind,
        },
      );
    }
  }
  if (
    DIF_HEAD.test(Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 64)).toString('latin1'))
  ) {
    return 'dif';
  }
  const markup = markupKind(bytes);
  if (markup) {
    // Web pages and Excel 2003 XML saved as .xls by some systems: not read, but named.
    throw new ImportFileError(
      'unsupported_format',
      `This is an ${markup.toUpperCase()} file, not a spreadsheet.`,
      {
        detected: markup,
      },
    );
  }
  return 'text';
}

const MARKUP = /^\s*<(?:(!doctype\s+html|html|table)|(\?xml))/i;

function markupKind(bytes: Uint8Array): 'html' | 'xml' | undefined {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const head = Buffer.from(
    bytes.buffer,
    bytes.byteOffset + start,
    Math.min(bytes.length - start, 256),
  ).toString('latin1');
  const match = MARKUP.exec(head);
  return match ? (match[1] ? 'html' : 'xml') : undefined;
}

/** Lower-case extension without the dot ('' when none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export const TEXT_EXTENSIONS: ReadonlySet<string> = new Set(['csv', 'txt', 'tsv', 'tab', 'prn']);

/** Text files keep their flavour for the error file: .txt/.tsv/.tab stay 'txt', anything else is 'csv'. */
export function textFormatFor(fileName: string): 'csv' | 'txt' {
  const extension = extensionOf(fileName);
  return TEXT_EXTENSIONS.has(extension) && extension !== 'csv' ? 'txt' : 'csv';
}
