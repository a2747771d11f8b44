/**
 * `torpedo block import FILE [--source procon-sp|other] [--replace|--add]`,
 * `torpedo block undo` and `torpedo block list`: the block lists of the data
 * folder's profile (no message of a campaign, an automation or a test may
 * reach their numbers). The file is read by the contact import's worker (any
 * CSV, TXT or spreadsheet of numbers, a DDD column beside the number too).
 * Into a list that has numbers the owner says whether the file replaces them
 * or adds to them: a one-number file must never silently replace a list of
 * millions. Local data only, like `import`.
 */
import { basename, resolve } from 'node:path';
import type { ImportOpenedView, ImportPlanView } from '../../shared/dto';
import type {
  BlockImportMode,
  BlockImportResultView,
  BlockListView,
  BlockSource,
} from '../../shared/dto/rules';
import { withSubcommands, type Command } from '../command';
import { dataDirOf, parseCommand } from '../common-options';
import { printJson, type CliError } from '../output';
import { readInputFile } from '../read-input-file';
import { ok, StepFailed } from '../step';
import { EXIT, UsageError } from '../usage';

const OPTIONS = {
  source: { type: 'string' },
  replace: { type: 'boolean' },
  add: { type: 'boolean' },
} as const;
const parse = (args: string[]) => parseCommand(args, OPTIONS, { positionals: true });

const SOURCE_NAMES: Record<BlockSource, string> = {
  'procon-sp': 'Procon-SP "Não Me Ligue"',
  other: 'Other block list',
};

function sourceOf(text: string | undefined): BlockSource {
  if (text === undefined) return 'other';
  if (text === 'procon-sp' || text === 'other') return text;
  throw new UsageError('--source is "procon-sp" (the Não Me Ligue list) or "other".');
}

function modeOf(values: { replace?: boolean; add?: boolean }): BlockImportMode | undefined {
  if (values.replace && values.add) throw new UsageError('Give --replace or --add, not both.');
  return values.replace ? 'replace' : values.add ? 'add' : undefined;
}

/** Said before the file is imported: the list has numbers, and the command did not say what the file does to them. */
const modeNeeded = (source: BlockSource, numbers: number) =>
  new UsageError(
    `The ${SOURCE_NAMES[source]} list already has ${numbers} number(s). Say what the file does to them: ` +
      `--replace (the file is the whole list now, as Procon-SP publishes it; the list before is kept for ` +
      `torpedo block undo --source ${source}) or --add (its numbers join the list's).`,
  );

const importList: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length !== 1) throw new UsageError('Give one file: torpedo block import FILE.');
  const file = resolve(positionals[0]!);
  const source = sourceOf(values.source);
  const mode = modeOf(values);
  const dataDir = dataDirOf(values);
  const json = values.json ?? false;
  const fail = (error: CliError) => {
    ctx.output.err(`Cannot import ${basename(file)}: ${error.message}`);
    if (json) printJson(ctx.output, { error: { code: error.code, message: error.message } });
    return error.code === 'invalid_input' ? EXIT.usage : EXIT.failed;
  };
  const read = await readInputFile(file);
  if ('error' in read) return fail(read.error);

  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const lists = ok<BlockListView[]>(await core.dispatch('rules:blockLists', {}));
    const now = lists.find((l) => l.source === source);
    if (now && now.numbers > 0 && !mode) throw modeNeeded(source, now.numbers);
    try {
      const opened = ok<ImportOpenedView>(
        await core.dispatch('import:open', {
          fileName: basename(file),
          data: read.bytes,
          purpose: 'numbers',
        }),
      );
      const { importId, preview } = opened;
      if (preview.mapping.phone === undefined) {
        await core.dispatch('import:cancel', { importId });
        return fail({
          code: 'no_phone_column',
          message: 'No column of phone numbers was found in the file.',
        });
      }
      const plan = ok<ImportPlanView>(
        await core.dispatch('import:plan', {
          importId,
          mapping: { ...preview.mapping, custom: [] },
          defaultCountry: 'BR',
          // An old 8-digit mobile is blocked as the number it is today, with the 9.
          acceptNineDigitFix: true,
          locale: 'en',
        }),
      );
      const result = ok<BlockImportResultView>(
        await core.dispatch('import:block', {
          importId,
          source,
          ...(mode ? { mode } : {}),
          fileDate: read.modified.toISOString(),
        }),
      );
      if (json) printJson(ctx.output, result);
      else {
        ctx.output.out(
          `${SOURCE_NAMES[source]}: ${result.numbers} number(s) blocked (${result.added} new, ` +
            `${result.removed} no longer on the list), from ${result.read} row(s); ` +
            `${result.invalid} row(s) without a number that could be read.`,
        );
        if (now && now.numbers > 0)
          ctx.output.out(
            `The list before (${now.numbers} number(s) from ${now.fileName}) is kept: ` +
              `torpedo block undo --source ${source} brings it back.`,
          );
        if (plan.counts.duplicatesInFile > 0)
          ctx.output.out(`${plan.counts.duplicatesInFile} number(s) were in the file more than once.`);
      }
      return EXIT.ok;
    } catch (error) {
      // Another process filled the list after the check above: the same usage error.
      if (error instanceof StepFailed && error.error.code === 'block_list_not_empty')
        throw modeNeeded(source, Number(error.error.details?.params?.numbers ?? 0));
      if (error instanceof StepFailed) return fail(error.error);
      throw error;
    }
  });
};

const DAY_MS = 86_400_000;

/** What `--json` prints of a list: a stable shape for scripts, apart from the window's view. */
const listJson = (l: BlockListView) => ({
  source: l.source,
  numbers: l.numbers,
  importedAt: l.updatedAt,
  fileDate: l.fileDate,
});

const list: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir: dataDirOf(values), json }, async (core) => {
    const lists = ok<BlockListView[]>(await core.dispatch('rules:blockLists', {}));
    if (json) {
      printJson(ctx.output, lists.map(listJson));
      return EXIT.ok;
    }
    if (lists.length === 0) ctx.output.out('No block list yet: torpedo block import FILE --source procon-sp');
    for (const l of lists) {
      const days = Math.floor((Date.now() - Date.parse(l.updatedAt)) / DAY_MS);
      ctx.output.out(
        `${SOURCE_NAMES[l.source]}: ${l.numbers} number(s), imported ${l.updatedAt.slice(0, 10)} ` +
          `(${days} day(s) ago) from ${l.fileName}.` +
          (l.stale
            ? ' Import the current list: Procon-SP blocks a number 30 days after it is registered.'
            : ''),
      );
    }
    return EXIT.ok;
  });
};

/** The list's last import taken back (its numbers, file and dates as before); exit 1 when there is none. */
const undo: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  if (values.replace || values.add) throw new UsageError('block undo takes --source only.');
  const source = sourceOf(values.source);
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir: dataDirOf(values), json }, async (core) => {
    const undone = await core.dispatch('rules:undoBlockImport', { source });
    if (!undone.ok && undone.error.code === 'not_found') {
      const message = `The ${SOURCE_NAMES[source]} list has no import to undo.`;
      ctx.output.err(message);
      if (json) printJson(ctx.output, { error: { code: undone.error.code, message } });
      return EXIT.failed;
    }
    const list = ok<BlockListView>(undone);
    if (json) printJson(ctx.output, listJson(list));
    else
      ctx.output.out(
        `${SOURCE_NAMES[source]}: back to ${list.numbers} number(s) from ${list.fileName}, ` +
          `imported ${list.updatedAt.slice(0, 10)}.`,
      );
    return EXIT.ok;
  });
};

/** `torpedo block <import|undo|list> ...` */
export const blockCommand = withSubcommands('block', { import: importList, undo, list });
