/**
 * Input schemas of the contact import channels (`import:*`), declared in
 * ipc-contract.ts. Kept here so the wizard's forms can reuse them.
 */
import { z } from 'zod';
import { visibleName } from './visible-text';

/** Same cap as the import's own (DEFAULT_LIMITS.maxFileBytes in core/contacts/spreadsheet/limits.ts). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Columns a mapping may name (the readers refuse wider files). */
const MAX_COLUMN = 16_384;

const tooLarge = 'The file is too large to import at once (50 MB at most). Split it into smaller files.';

/**
 * The file as bytes. The window sends a Uint8Array (Electron's structured
 * clone keeps it); base64 text is accepted too, for bridges that carry only
 * JSON. Length is checked first, before any other work on a huge value. An
 * empty file passes: the import itself says so (`empty_file`), translated.
 */
const fileBytes = z.union([
  z
    .custom<Uint8Array>((v) => v instanceof Uint8Array, 'Expected the file as bytes')
    .refine((v) => v.byteLength <= IMPORT_MAX_BYTES, tooLarge),
  z
    .string()
    .max(Math.ceil(IMPORT_MAX_BYTES / 3) * 4, { message: tooLarge, abort: true })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Not base64'),
]);

export const importId = z.uuid('Not an import id');

export const importOpenInput = z.strictObject({
  /** The file's name (a path is reduced to its name): its extension names the error file. */
  fileName: z.string().trim().min(1).max(255),
  data: fileBytes,
});

export const importReparseInput = z.strictObject({
  importId,
  /** Any label iconv-lite knows (`windows-1252`, `cp850`, ...). */
  encoding: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'Not an encoding name')
    .optional(),
  delimiter: z.string().length(1, 'One character').optional(),
  sheet: z.string().min(1).max(255).optional(),
  /** Row number of the header; 0: the file has no header row. */
  headerLine: z.number().int().min(0).max(10_000_000).optional(),
});

const column = z.number().int().min(0).max(MAX_COLUMN);

export const importMapping = z.strictObject({
  name: column.optional(),
  phone: column.optional(),
  areaCode: column.optional(),
  email: column.optional(),
  custom: z
    .array(
      z.strictObject({
        column,
        field: z.string().regex(/^[a-z0-9_]{1,64}$/, 'Lower-case letters, digits and _ only (at most 64)'),
      }),
    )
    .max(200),
});

export const importLocale = z.enum(['pt-BR', 'en']);

export const importPlanInput = z.strictObject({
  importId,
  mapping: importMapping,
  /** ISO 3166 code for numbers typed without +CC. */
  defaultCountry: z
    .string()
    .regex(/^[A-Z]{2}$/, 'A two-letter country code')
    .default('BR'),
  /** Add the 9 to old 8-digit mobiles (otherwise they are rejected, with the fix suggested). */
  acceptNineDigitFix: z.boolean(),
  /** Language of the reasons in the samples. */
  locale: importLocale.default('pt-BR'),
});

export const importCommitInput = z.strictObject({
  importId,
  /** Existing contacts (same phone): given the file's values, or kept as they are (the default). */
  onDuplicate: z.enum(['update', 'skip']).default('skip'),
  /** Every imported contact joins this list, created if no list has this name. */
  listName: visibleName(
    z.string().min(2, 'A list name has 2 to 20 characters').max(20, 'A list name has 2 to 20 characters'),
  ).optional(),
});

export const importIdInput = z.strictObject({ importId });

export const importErrorFileInput = z.strictObject({ importId, locale: importLocale.default('pt-BR') });
