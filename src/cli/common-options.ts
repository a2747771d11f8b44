import { existsSync, readFileSync, statSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { defaultDataDir } from '../core/kernel/create-core';
import { UsageError } from './usage';

/** Options every command takes. */
export const COMMON_OPTIONS = {
  'data-dir': { type: 'string' },
  'base-url': { type: 'string' },
  key: { type: 'string' },
  'key-file': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

export interface Connection {
  dataDir: string;
  /** Absent: use the account signed in to the desktop app for `dataDir`. */
  explicit?: { accountKey: string; baseUrl?: string };
  json: boolean;
}

/** What a negative number is carried as through parseArgs (which reads `-3` as an option). */
const NEGATIVE = '\u0000';
const isNegativeNumber = (arg: string) => /^-\d/.test(arg);
const restored = (text: string) => (text.startsWith(NEGATIVE) ? text.slice(NEGATIVE.length) : text);

/**
 * parseArgs, strict, with our own wording: node's messages may quote what was
 * typed, and a mistyped option could be an account key. Every command's
 * arguments are read here; `positionals`: the command takes some (a file, an id).
 * A negative number (`--days-before -3`, `cap -1/7d`) is a value, never an
 * option: the command's own check then says what it takes.
 */
export function parseCommand<const O extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: O,
  { positionals = false }: { positionals?: boolean } = {},
) {
  let parsed;
  try {
    parsed = parseArgs({
      args: args.map((arg) => (isNegativeNumber(arg) ? `${NEGATIVE}${arg}` : arg)),
      options: { ...COMMON_OPTIONS, ...options },
      strict: true,
      allowPositionals: positionals,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError('Unknown option.');
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new UsageError('Unexpected argument.');
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new UsageError('An option is missing its value.');
    throw new UsageError('The arguments could not be read.');
  }
  const values = parsed.values as Record<string, unknown>;
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') values[name] = restored(value);
    else if (Array.isArray(value)) values[name] = value.map((v) => (typeof v === 'string' ? restored(v) : v));
  }
  parsed.positionals.forEach((p, i) => (parsed.positionals[i] = restored(p)));
  const key = keyOf(values as { key?: string; 'key-file'?: string });
  if (key !== undefined) values.key = key;
  return parsed;
}

/** The account keys this process read from stdin or a file: never printed (run.ts redacts them). */
export const keysRead: string[] = [];

/**
 * The account key the options give: `--key -` reads it from stdin and
 * `--key-file PATH` from a file (neither shows in `ps`, as `--key VALUE`
 * does); its first line, trimmed.
 */
function keyOf(values: { key?: string; 'key-file'?: string }): string | undefined {
  const file = values['key-file'];
  if (file === undefined && values.key !== '-') return values.key;
  if (file !== undefined && values.key !== undefined)
    throw new UsageError('Give --key or --key-file, not both.');
  let text: string;
  try {
    text = readFileSync(file ?? 0, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why = typeof code === 'string' ? ` (${code})` : '';
    throw new UsageError(
      file === undefined
        ? `--key -: the key could not be read from stdin${why}.`
        : `--key-file: ${file} could not be read${why}.`,
    );
  }
  const key = (text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '').trim();
  if (key === '')
    throw new UsageError(
      file === undefined ? '--key -: stdin held no key.' : `--key-file: ${file} holds no key.`,
    );
  keysRead.push(key);
  return key;
}

/**
 * The data folder: --data-dir, else the desktop app's own. A folder that does
 * not exist yet is made on first use; a file in its place is a usage error
 * that says so (not "failed unexpectedly" from deep inside SQLite).
 */
export function dataDirOf(values: { 'data-dir'?: string }): string {
  if (values['data-dir'] === '') throw new UsageError('--data-dir needs a folder.');
  const dataDir = values['data-dir'] ?? defaultDataDir();
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) {
    throw new UsageError(
      `--data-dir must be a folder, and ${dataDir} is a file. Give a folder (it is made if missing).`,
    );
  }
  return dataDir;
}

/** --key / --base-url, else TORPEDO_KEY / TORPEDO_BASE_URL, else the desktop app's session. */
export function connectionOf(
  values: { 'data-dir'?: string; 'base-url'?: string; key?: string; json?: boolean },
  env: NodeJS.ProcessEnv,
): Connection {
  const dataDir = dataDirOf(values);
  const accountKey = values.key ?? env.TORPEDO_KEY;
  const baseUrl = values['base-url'] ?? env.TORPEDO_BASE_URL;
  const json = values.json ?? false;
  if (!accountKey) {
    if (values['base-url'] !== undefined) throw new UsageError('--base-url needs --key (or TORPEDO_KEY).');
    return { dataDir, json };
  }
  return { dataDir, json, explicit: { accountKey, ...(baseUrl ? { baseUrl } : {}) } };
}

/** Local data only (`campaign`, `templates`): an account option would suggest a sign-in that does not happen. */
export function localDataDirOf(
  values: { 'data-dir'?: string; 'base-url'?: string; key?: string },
  command: string,
): string {
  if (values.key !== undefined || values['base-url'] !== undefined) {
    throw new UsageError(
      `${command} works on this computer\u2019s data only: it takes no --key or --base-url.`,
    );
  }
  return dataDirOf(values);
}
