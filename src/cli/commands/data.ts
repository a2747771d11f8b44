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
import type { Core } from '../../core/kernel/create-core';
import { withSubcommands, type Command, type CommandContext } from '../command';
import { dataDirOf, parseCommand } from '../common-options';
import { printJson } from '../output';
import { ok } from '../step';
import { EXIT, UsageError } from '../usage';

/** Runs `work` on the folder's core, even a recovery core, with the `positionals` the subcommand takes. */
function withDataCore(
  args: string[],
  ctx: CommandContext,
  positionals: number,
  work: (core: Core, json: boolean, name?: string) => Promise<number>,
): Promise<number> {
  const { values, positionals: given } = parseCommand(args, {}, { positionals: true });
  if (values.help) return Promise.resolve(ctx.help());
  if (values.key !== undefined || values['base-url'] !== undefined) {
    throw new UsageError('data works on this computer\u2019s data only: it takes no --key or --base-url.');
  }
  if (given.length !== positionals) {
    throw new UsageError(
      positionals ? 'Give the backup: torpedo data restore NAME.' : 'Unexpected argument.',
    );
  }
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir: dataDirOf(values), json, allowRecovery: true }, (core) =>
    work(core, json, given[0]),
  );
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
  withDataCore(args, ctx, 1, async (core, json, name) => {
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

/** `torpedo data <backups|restore> ...` */
export const dataCommand = withSubcommands('data', { backups, restore });
