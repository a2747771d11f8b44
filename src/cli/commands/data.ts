/**
 * `torpedo data backups` and `torpedo data restore NAME`: the data folder's
 * backups (made before each data update, and the files restores kept), and
 * putting one back, as Settings › Meus dados does: the current torpedo.db
 * with its WAL and SHM kept in the backups folder, the backup checked and
 * copied into place, the data opened again (and brought up to this
 * version's format, after its own backup). Both work on a folder the app
 * cannot use (a damaged file, a failed update): they are the way out.
 */
import type { BackupsView, RestoreResultView } from '../../shared/dto';
import type { Core } from '../../core/core';
import { createCliHost } from '../cli-host';
import type { Command, CommandContext } from '../command';
import { dataDirOf, parseCommand } from '../common-options';
import { openLocalCore } from '../open-core';
import { printError, printJson } from '../output';
import { ok, StepFailed } from '../step';
import { EXIT, UsageError } from '../usage';

const parse = (args: string[]) => parseCommand(args, {}, { positionals: true });

async function withDataCore(
  args: string[],
  ctx: CommandContext,
  positionals: number,
  work: (core: Core, json: boolean, dataDir: string, name?: string) => Promise<number>,
): Promise<number> {
  const { values, positionals: given } = parse(args);
  if (values.help) return ctx.help();
  if (values.key !== undefined || values['base-url'] !== undefined) {
    throw new UsageError('data works on this computer\u2019s data only: it takes no --key or --base-url.');
  }
  if (given.length !== positionals) {
    throw new UsageError(
      positionals ? 'Give the backup: torpedo data restore NAME.' : 'Unexpected argument.',
    );
  }
  const dataDir = dataDirOf(values);
  const json = values.json ?? false;
  const host = createCliHost((line) => ctx.output.err(line));
  const core = await openLocalCore(dataDir, host, ctx.output, ctx.env, true);
  try {
    return await work(core, json, dataDir, given[0]);
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    printError(ctx.output, error.error, json);
    return EXIT.failed;
  } finally {
    await core.close();
  }
}

const sizeOf = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

const backups: Command = (args, ctx) =>
  withDataCore(args, ctx, 0, async (core, json) => {
    const view = ok<BackupsView>(await core.dispatch('data:backups', {}));
    if (json) printJson(ctx.output, view);
    else if (view.backups.length === 0) ctx.output.out(`No backups yet in ${view.folder}.`);
    else {
      ctx.output.out(`Backups in ${view.folder}:`);
      for (const b of view.backups) {
        const what = b.kind === 'update' ? `format ${b.schemaVersion}` : 'your data just before a restore';
        ctx.output.out(
          `  ${b.name}  ${what}, ${b.at.slice(0, 16).replace('T', ' ')} UTC, ${sizeOf(b.bytes)}`,
        );
      }
      ctx.output.out('Put one back with: torpedo data restore NAME');
    }
    return EXIT.ok;
  });

const restore: Command = (args, ctx) =>
  withDataCore(args, ctx, 1, async (core, json, _dataDir, name) => {
    const result = ok<RestoreResultView>(await core.dispatch('data:restore', { name: name! }));
    // The data was opened again on the backup: it may still not be usable (a failed update of an older format).
    const after = ok(await core.dispatch('data:recovery', {}));
    if (json) printJson(ctx.output, { ...result, recovery: after });
    else {
      ctx.output.out(`Restored ${result.restored}.`);
      if (result.keptAs)
        ctx.output.out(`Your data as it was is kept in the backups folder as ${result.keptAs}.`);
      if (after)
        ctx.output.err(
          `It could not be opened as it is, though (${after.stage}): see "torpedo data backups".`,
        );
    }
    return after ? EXIT.failed : EXIT.ok;
  });

const SUBCOMMANDS: Record<string, Command> = { backups, restore };

/** `torpedo data <backups|restore> ...` */
export async function dataCommand(args: string[], ctx: CommandContext): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h') return ctx.help();
  const command = SUBCOMMANDS[sub];
  if (!command) throw new UsageError('Unknown data command: use "data backups" or "data restore NAME".');
  return command(rest, ctx);
}
