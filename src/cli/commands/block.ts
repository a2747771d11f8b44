/**
 * `torpedo block import FILE --list procon-sp|procon-al|procon-carioca|NAME
 * [--replace|--add]`, `torpedo block undo --list ...`, `torpedo block remove
 * --list ...` and `torpedo block list`: the block lists of the data folder's
 * profile, several at once (no message of a campaign, an automation or a
 * test may reach their numbers). The file is read by the contact import's worker (any
 * CSV, TXT or spreadsheet of numbers, a DDD column beside the number too).
 * Into a list that has numbers the owner says whether the file replaces them
 * or adds to them: a one-number file must never silently replace a list of
 * millions. Local data only, like `import`.
 */
import { basename, resolve } from 'node:path';
import type { ImportOpenedView, ImportPlanView } from '../../shared/dto';
import type { BlockImportMode, BlockImportResultView, BlockListView } from '../../shared/dto/rules';
import { withSubcommands, type Command } from '../command';
import { dataDirOf, parseCommand } from '../common-options';
import { printJson, type CliError } from '../output';
import { readInputFile } from '../read-input-file';
import { ok, StepFailed } from '../step';
import { EXIT, UsageError } from '../usage';
import { existingList, importTarget, listName, listOption, listText } from './block-list-option';

const OPTIONS = {
  list: { type: 'string' },
  source: { type: 'string' },
  replace: { type: 'boolean' },
  add: { type: 'boolean' },
} as const;
const parse = (args: string[]) => parseCommand(args, OPTIONS, { positionals: true });

function modeOf(values: { replace?: boolean; add?: boolean }): BlockImportMode | undefined {
  if (values.replace && values.add) throw new UsageError('Give --replace or --add, not both.');
  return values.replace ? 'replace' : values.add ? 'add' : undefined;
}

/** Said before the file is imported: the list has numbers, and the command did not say what the file does to them. */
const modeNeeded = (name: string, option: string, numbers: number) =>
  new UsageError(
    `The ${name} list already has ${numbers} number(s). Say what the file does to them: ` +
      `--replace (the file is the whole list now, as Procon-SP publishes it; the list before is kept for ` +
      `torpedo block undo --list ${option}) or --add (its numbers join the list's).`,
  );

const importList: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length !== 1) throw new UsageError('Give one file: torpedo block import FILE.');
  const file = resolve(positionals[0]!);
  const text = listText(values);
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
    const target = importTarget(text, lists);
    const now = 'id' in target ? lists.find((l) => l.id === target.id) : undefined;
    const named = now ?? {
      id: '',
      kind: 'kind' in target ? target.kind : 'owner',
      name: 'name' in target ? target.name : null,
    };
    const option = shellWord(listOption(named));
    if (now && now.numbers > 0 && !mode) throw modeNeeded(listName(now), option, now.numbers);
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
          list: target,
          ...(mode ? { mode } : {}),
          fileDate: read.modified.toISOString(),
        }),
      );
      if (json) printJson(ctx.output, result);
      else {
        ctx.output.out(
          `${listName(result.list)}: ${result.numbers} number(s) blocked (${result.added} new, ` +
            `${result.removed} no longer on the list), from ${result.read} row(s); ` +
            `${result.invalid} row(s) without a number that could be read.`,
        );
        if (now && now.numbers > 0)
          ctx.output.out(
            `The list before (${now.numbers} number(s) from ${now.fileName}) is kept: ` +
              `torpedo block undo --list ${option} brings it back.`,
          );
        if (plan.counts.duplicatesInFile > 0)
          ctx.output.out(`${plan.counts.duplicatesInFile} number(s) were in the file more than once.`);
      }
      return EXIT.ok;
    } catch (error) {
      // Another process filled the list after the check above: the same usage error.
      if (error instanceof StepFailed && error.error.code === 'block_list_not_empty')
        throw modeNeeded(listName(named), option, Number(error.error.details?.params?.numbers ?? 0));
      if (error instanceof StepFailed) return fail(error.error);
      throw error;
    }
  });
};

const DAY_MS = 86_400_000;

/** A list's name as the owner would type it after --list (quoted when it has spaces). */
const shellWord = (word: string) => (/^[\w.-]+$/.test(word) ? word : `"${word}"`);

/** Each list's own reminder: why an old list misses numbers. */
const staleWords = (l: BlockListView) =>
  l.kind === 'procon-sp'
    ? ' Import the current list: Procon-SP blocks a number 30 days after it is registered.'
    : ` Import the current list: this one is over 30 days old and may miss numbers added since.`;

/** What `--json` prints of a list: a stable shape for scripts, apart from the window's view. */
const listJson = (l: BlockListView) => ({
  list: l.id,
  kind: l.kind,
  name: l.name,
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
    if (lists.length === 0) ctx.output.out('No block list yet: torpedo block import FILE --list procon-sp');
    for (const l of lists) {
      const days = Math.floor((Date.now() - Date.parse(l.updatedAt)) / DAY_MS);
      ctx.output.out(
        `${listName(l)}: ${l.numbers} number(s), imported ${l.updatedAt.slice(0, 10)} ` +
          `(${days} day(s) ago) from ${l.fileName}.` +
          (l.stale ? staleWords(l) : ''),
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
  if (values.replace || values.add) throw new UsageError('block undo takes --list only.');
  const text = listText(values);
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir: dataDirOf(values), json }, async (core) => {
    const known = existingList(text, ok<BlockListView[]>(await core.dispatch('rules:blockLists', {})));
    const undone = await core.dispatch('rules:undoBlockImport', { list: known.id });
    if (!undone.ok && undone.error.code === 'not_found') {
      const message = `The ${listName(known)} list has no import to undo.`;
      ctx.output.err(message);
      if (json) printJson(ctx.output, { error: { code: undone.error.code, message } });
      return EXIT.failed;
    }
    const list = ok<BlockListView>(undone);
    if (json) printJson(ctx.output, listJson(list));
    else
      ctx.output.out(
        `${listName(list)}: back to ${list.numbers} number(s) from ${list.fileName}, ` +
          `imported ${list.updatedAt.slice(0, 10)}.`,
      );
    return EXIT.ok;
  });
};

/** The list and its numbers are gone (they may be messaged again); its kept import too. */
const remove: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  if (values.replace || values.add) throw new UsageError('block remove takes --list only.');
  const text = listText(values);
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir: dataDirOf(values), json }, async (core) => {
    const known = existingList(text, ok<BlockListView[]>(await core.dispatch('rules:blockLists', {})));
    const { removed } = ok<{ removed: number }>(
      await core.dispatch('rules:removeBlockList', { list: known.id }),
    );
    if (json) printJson(ctx.output, { list: known.id, removed });
    else
      ctx.output.out(
        `${listName(known)}: removed, with its ${removed} number(s); they may be messaged again.`,
      );
    return EXIT.ok;
  });
};

/** `torpedo block <import|undo|remove|list> ...` */
export const blockCommand = withSubcommands('block', { import: importList, undo, remove, list });
