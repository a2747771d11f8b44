/**
 * `torpedo block import FILE [--source procon-sp|other]` and `torpedo block
 * list`: the block lists of the data folder's profile (no message of a
 * campaign, an automation or a test may reach their numbers). The file is
 * read by the contact import's worker (any CSV, TXT or spreadsheet of
 * numbers, a DDD column beside the number too); its numbers replace the
 * list's. Local data only, like `import`.
 */
import { basename, resolve } from 'node:path';
import type { ImportOpenedView, ImportPlanView } from '../../shared/dto';
import type { BlockImportResultView, BlockListView, BlockSource } from '../../shared/dto/rules';
import { withSubcommands, type Command } from '../command';
import { dataDirOf, parseCommand } from '../common-options';
import { printJson, type CliError } from '../output';
import { readInputFile } from '../read-input-file';
import { ok, StepFailed } from '../step';
import { EXIT, UsageError } from '../usage';

const OPTIONS = { source: { type: 'string' } } as const;
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

const importList: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length !== 1) throw new UsageError('Give one file: torpedo block import FILE.');
  const file = resolve(positionals[0]!);
  const source = sourceOf(values.source);
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
      const result = ok<BlockImportResultView>(await core.dispatch('import:block', { importId, source }));
      if (json) printJson(ctx.output, result);
      else {
        ctx.output.out(
          `${SOURCE_NAMES[source]}: ${result.numbers} number(s) blocked (${result.added} new, ` +
            `${result.removed} no longer on the list), from ${result.read} row(s); ` +
            `${result.invalid} row(s) without a number that could be read.`,
        );
        if (plan.counts.duplicatesInFile > 0)
          ctx.output.out(`${plan.counts.duplicatesInFile} number(s) were in the file more than once.`);
      }
      return EXIT.ok;
    } catch (error) {
      if (error instanceof StepFailed) return fail(error.error);
      throw error;
    }
  });
};

const DAY_MS = 86_400_000;

const list: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir: dataDirOf(values), json }, async (core) => {
    const lists = ok<BlockListView[]>(await core.dispatch('rules:blockLists', {}));
    if (json) {
      printJson(ctx.output, lists);
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

/** `torpedo block <import|list> ...` */
export const blockCommand = withSubcommands('block', { import: importList, list });
