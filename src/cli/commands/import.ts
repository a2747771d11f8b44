import { constants } from 'node:fs';
import { chmod, open, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type {
  ColumnTypeView,
  ImportErrorFileView,
  ImportMappingView,
  ImportOpenedView,
  ImportPreviewView,
  ImportResultView,
} from '../../shared/dto';
import { slugifyField } from '../../shared/field-key';
import { FIELD_TYPES, type FieldType } from '../../shared/field-types';
import { importCommitInput } from '../../shared/contract/import';
import { OWNER_ONLY_FILE, type Core } from '../../core/kernel/create-core';
import type { CommandContext } from '../command';
import { inTerminalWords, printJson, type CliError } from '../output';
import { dataDirOf, parseCommand } from '../common-options';
import { ok, StepFailed } from '../step';
import { EXIT, UsageError } from '../usage';
import { readInputFile } from '../read-input-file';
import { CONSENT_CHANNELS } from '../../shared/contract/contacts';
import type { ConsentFileEvidence } from '../../shared/dto/contacts';

/** Beside every command's options (importing needs no account: --key and --base-url go unused). */
const OPTIONS = {
  list: { type: 'string' },
  country: { type: 'string' },
  map: { type: 'string', multiple: true },
  type: { type: 'string', multiple: true },
  'on-duplicate': { type: 'string' },
  'errors-file': { type: 'string' },
  encoding: { type: 'string' },
  delimiter: { type: 'string' },
  sheet: { type: 'string' },
  'fix-nine-digit': { type: 'boolean' },
  'consent-text': { type: 'string' },
  'consent-channel': { type: 'string' },
  'consent-by': { type: 'string' },
} as const;

type Role = 'name' | 'phone' | 'email' | 'areaCode' | 'birthday';
const ROLES: Record<string, Role> = {
  name: 'name',
  nome: 'name',
  phone: 'phone',
  telefone: 'phone',
  celular: 'phone',
  email: 'email',
  'e-mail': 'email',
  ddd: 'areaCode',
  areacode: 'areaCode',
  birthday: 'birthday',
  aniversario: 'birthday',
  nascimento: 'birthday',
};

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

const parse = (args: string[]) => parseCommand(args, OPTIONS, { positionals: true });

/**
 * The whole file's consent evidence (LGPD art. 8 §2): the words the customers agreed to, where,
 * who collected it; every row records it (rows whose consent_* columns are filled, their own).
 */
function consentEvidenceOf(values: {
  'consent-text'?: string;
  'consent-channel'?: string;
  'consent-by'?: string;
}): { consentEvidence?: ConsentFileEvidence } {
  const words = values['consent-text']?.trim() || null;
  const collectedBy = values['consent-by']?.trim() || null;
  const typed = values['consent-channel']?.trim().toLowerCase();
  if (words === null && collectedBy === null && typed === undefined) return {};
  const channel = typed === undefined ? null : CONSENT_CHANNELS.find((c) => c === fold(typed));
  if (channel === undefined)
    throw new UsageError(`--consent-channel is one of ${CONSENT_CHANNELS.join(', ')}.`);
  return { consentEvidence: { words, channel, collectedBy } };
}

/** "Celular", "celular" or "B": a column of the file by its header (first) or its letter. */
function columnOf(text: string, headers: readonly string[]): number {
  const wanted = fold(text);
  const byHeader = headers.findIndex((h) => fold(h) === wanted);
  if (byHeader >= 0) return byHeader;
  if (/^[A-Za-z]{1,3}$/.test(text)) {
    const index = [...text.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
    if (index < headers.length) return index;
  }
  throw new UsageError(`--map: the file has no column "${text}" (headers: ${headers.join(', ')}).`);
}

/** The offered mapping with each `--map field=Column` applied (`field=` alone unmaps the field). */
export function applyMaps(
  mapping: ImportMappingView,
  maps: readonly string[],
  headers: readonly string[],
  columnTypes: readonly ColumnTypeView[] = [],
) {
  const result: ImportMappingView = { ...mapping, custom: [...mapping.custom] };
  for (const map of maps) {
    const eq = map.indexOf('=');
    if (eq <= 0) throw new UsageError('--map takes field=Column, e.g. --map phone=Celular.');
    const fieldText = map.slice(0, eq).trim();
    const columnText = map.slice(eq + 1).trim();
    const role = ROLES[fold(fieldText)];
    const field = role ? undefined : slugifyField(fieldText);
    if (!role && !/^[a-z0-9_]{1,64}$/.test(field ?? '')) {
      throw new UsageError(`--map: "${fieldText}" cannot be a field name.`);
    }
    if (role) delete result[role];
    result.custom = result.custom.filter((c) => c.field !== field);
    if (columnText === '') continue;
    const column = columnOf(columnText, headers);
    for (const r of ['name', 'phone', 'email', 'areaCode', 'birthday'] as const)
      if (result[r] === column) delete result[r];
    result.custom = result.custom.filter((c) => c.column !== column);
    if (role) result[role] = column;
    else result.custom.push({ column, field: field!, ...columnTypes[column] });
  }
  return result;
}

/** Each `--type field=text|number|date` applied to the mapping's own columns (the detected type otherwise). */
export function applyTypes(mapping: ImportMappingView, types: readonly string[]): ImportMappingView {
  const custom = [...mapping.custom];
  for (const typed of types) {
    const [fieldText = '', type = ''] = typed.split('=').map((part) => part.trim());
    if (!(FIELD_TYPES as readonly string[]).includes(type)) {
      throw new UsageError(
        '--type takes field=text, field=number or field=date, e.g. --type ultima_compra=date.',
      );
    }
    const field = slugifyField(fieldText);
    const at = custom.findIndex((c) => c.field === field);
    if (at < 0) {
      const fields = custom.map((c) => c.field).join(', ') || 'none';
      throw new UsageError(
        `--type: the import has no column kept as "${fieldText}" (its own columns: ${fields}).`,
      );
    }
    const { column } = custom[at]!;
    custom[at] = { column, field, type: type as FieldType };
  }
  return { ...mapping, custom };
}

function delimiterOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (text === 'tab' || text === '\\t') return '\t';
  if ([...text].length !== 1) throw new UsageError('--delimiter takes one character (or "tab").');
  return text;
}

/** Beside the imported file, never over an existing file: "x-rejected.csv", "x-rejected-2.csv", ... */
async function writeNew(folder: string, fileName: string, bytes: Uint8Array): Promise<string> {
  const ext = extname(fileName);
  const stem = fileName.slice(0, fileName.length - ext.length);
  for (let n = 1; ; n++) {
    const path = join(folder, n === 1 ? fileName : `${stem}-${n}${ext}`);
    try {
      // Owner-only: the rejected rows are customers' names and numbers.
      const handle = await open(
        path,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
        OWNER_ONLY_FILE,
      );
      try {
        await handle.writeFile(bytes);
      } finally {
        await handle.close();
      }
      return path;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST' || n >= 1000) throw error;
    }
  }
}

/**
 * `torpedo import FILE [--list NAME] [--country BR] [--map field=Column ...]
 * [--on-duplicate skip|update] [--errors-file PATH] [--encoding E]
 * [--delimiter D] [--sheet NAME] [--fix-nine-digit] [--data-dir DIR] [--json]`
 *
 * The same import as the app's wizard (the same worker thread, one
 * transaction), on the data folder's profile (the one signed in to the
 * desktop app, else the account's). Rejected rows go to an error file in
 * the input's format, beside the input unless --errors-file says where.
 */
export async function importCommand(args: string[], ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length !== 1) throw new UsageError('Give one file to import: torpedo import FILE.');
  const file = resolve(positionals[0]!);
  const dataDir = dataDirOf(values);
  // Existing contacts stay as they are unless asked for, as in the app's wizard: nothing is renamed unseen.
  const onDuplicate = values['on-duplicate'] ?? 'skip';
  if (onDuplicate !== 'update' && onDuplicate !== 'skip') {
    throw new UsageError('--on-duplicate is "update" or "skip".');
  }
  const country = (values.country ?? 'BR').toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw new UsageError('--country takes a two-letter code, e.g. BR.');
  const delimiter = delimiterOf(values.delimiter);
  const json = values.json ?? false;
  const fail = (raw: CliError) => {
    // A full disk or a folder that cannot be written: its cause and what to do, in the terminal's language.
    const error = inTerminalWords(raw, ctx.output.language, dataDir);
    ctx.output.err(`Cannot import ${basename(file)}: ${error.message}`);
    for (const f of error.details?.fields ?? []) ctx.output.err(`  ${f.field}: ${f.message}`);
    if (json) printJson(ctx.output, { error: { code: error.code, message: error.message } });
    return error.code === 'invalid_input' ? EXIT.usage : EXIT.failed;
  };

  // A list name the import would refuse is said before the file is read (it may be large).
  if (values.list !== undefined) {
    const listName = importCommitInput.shape.listName.safeParse(values.list);
    if (!listName.success)
      throw new UsageError(
        `--list "${values.list.trim()}": ${listName.error.issues[0]?.message ?? 'not a list name'}.`,
      );
  }

  const read = await readInputFile(file);
  if ('error' in read) return fail(read.error);
  const { bytes } = read;

  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    let importId: string | undefined;
    let interrupted = false;
    const interrupt = () => {
      interrupted = true;
      if (importId) void core.dispatch('import:cancel', { importId });
    };
    process.once('SIGINT', interrupt);
    try {
      const opened = ok<ImportOpenedView>(
        await core.dispatch('import:open', { fileName: basename(file), data: bytes }),
      );
      importId = opened.importId;
      if (interrupted) interrupt();
      let preview: ImportPreviewView = opened.preview;
      if (values.encoding !== undefined || delimiter !== undefined || values.sheet !== undefined) {
        preview = ok<ImportPreviewView>(
          await core.dispatch('import:reparse', {
            importId,
            ...(values.encoding !== undefined ? { encoding: values.encoding } : {}),
            ...(delimiter !== undefined ? { delimiter } : {}),
            ...(values.sheet !== undefined ? { sheet: values.sheet } : {}),
          }),
        );
      }
      if (preview.mixedLines) ctx.output.err(mixedLinesNote(preview.mixedLines, preview.encoding));
      const mapping = applyTypes(
        applyMaps(preview.mapping, values.map ?? [], preview.headers, preview.columnTypes),
        values.type ?? [],
      );
      const monthFirst = monthDayColumns(mapping, preview.headers, preview.columnTypes);
      if (monthFirst.length) ctx.output.err(monthDayNote(monthFirst));
      ok(
        await core.dispatch('import:plan', {
          importId,
          mapping,
          defaultCountry: country,
          acceptNineDigitFix: values['fix-nine-digit'] ?? false,
          locale: 'en',
        }),
      );
      const result = ok<ImportResultView>(
        await core.dispatch('import:commit', {
          importId,
          onDuplicate,
          ...(values.list !== undefined ? { listName: values.list } : {}),
          ...consentEvidenceOf(values),
        }),
      );
      if (result.cancelled) {
        return fail({ code: 'import_cancelled', message: 'The import was cancelled; nothing was changed.' });
      }
      let errorsFile: string | null = null;
      let written = true;
      if (result.invalid > 0) {
        try {
          errorsFile = await saveErrors(core, importId, values['errors-file'], file);
        } catch (error) {
          // The import itself is saved; only the error file is missing: say so, and exit 1.
          written = false;
          const reason = (error as { code?: unknown }).code;
          ctx.output.err(
            `The rejected rows could not be written${typeof reason === 'string' ? ` (${reason})` : ''}.`,
          );
        }
      }
      const summary = {
        read: result.read,
        imported: result.imported,
        updated: result.updated,
        duplicates: result.duplicates,
        invalid: result.invalid,
        errorsFile,
      };
      if (json) printJson(ctx.output, summary);
      else {
        ctx.output.out(
          `Read ${result.read} row(s): ${result.imported} new contact(s), ${result.updated} updated, ` +
            `${result.duplicates} duplicate(s), ${result.invalid} rejected.` +
            (result.list ? ` All in the list "${result.list.name}".` : ''),
        );
        if (errorsFile) ctx.output.out(`Rejected rows, with the reason for each: ${errorsFile}`);
      }
      return written ? EXIT.ok : EXIT.failed;
    } catch (error) {
      if (error instanceof StepFailed) return fail(error.error);
      throw error;
    } finally {
      process.removeListener('SIGINT', interrupt);
    }
  });
}

/**
 * The date columns the import reads as month/day (MM/DD, as a US export
 * writes them): the column's own order, else the one its values say. A
 * Brazilian reads 03/04 as 3 April, so this is never done without a word.
 */
export function monthDayColumns(
  mapping: ImportMappingView,
  headers: readonly string[],
  columnTypes: readonly ColumnTypeView[],
): string[] {
  const name = (column: number) => headers[column] || `column ${column + 1}`;
  const columns: string[] = [];
  if (mapping.birthday !== undefined && columnTypes[mapping.birthday]?.dayOrder === 'mdy')
    columns.push(name(mapping.birthday));
  for (const c of mapping.custom) {
    const date = (c.type ?? columnTypes[c.column]?.type) === 'date';
    if (date && (c.dayOrder ?? columnTypes[c.column]?.dayOrder) === 'mdy') columns.push(name(c.column));
  }
  return columns;
}

const monthDayNote = (columns: readonly string[]) =>
  `Note: ${columns.length === 1 ? 'the column' : 'the columns'} ${columns.map((c) => `"${c}"`).join(', ')} ` +
  `${columns.length === 1 ? 'was' : 'were'} read as ` +
  'month/day (MM/DD: 03/15/2026 is 15 March), as the values say (a day above 12 comes second). ' +
  'Check the dates if the file meant day/month.';

/** A file mixing two encodings was read line by line: which of its lines were in the other one. */
function mixedLinesNote(mixed: NonNullable<ImportPreviewView['mixedLines']>, encoding = 'utf-8'): string {
  const lines = mixed.lines.join(', ') + (mixed.total > mixed.lines.length ? ', ...' : '');
  return (
    `Note: ${mixed.total} line(s) of this ${encoding} file were in ${mixed.encoding} and were read as such ` +
    `(line(s) ${lines}).`
  );
}

async function saveErrors(core: Core, importId: string, chosen: string | undefined, input: string) {
  const file = ok<ImportErrorFileView | null>(
    await core.dispatch('import:errorFile', { importId, locale: 'en' }),
  );
  if (!file) return null;
  // --errors-file names the file: the user chose to replace it if it exists.
  if (chosen !== undefined) {
    const path = resolve(chosen);
    await writeFile(path, file.bytes, { mode: OWNER_ONLY_FILE });
    // A file that was there keeps its old mode through writeFile: owner-only all the same.
    await chmod(path, OWNER_ONLY_FILE);
    return path;
  }
  return writeNew(dirname(input), file.fileName, file.bytes);
}
