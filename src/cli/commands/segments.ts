/**
 * `torpedo segments create|list|count|delete`: the app's Segmentos page on
 * the same data folder, local only (no sign-in, no network). Conditions are
 * typed as text (`cidade = Recife`) and read by the core
 * (`segments:read`): a field no contact has, or an operator that does not
 * fit its type, is `invalid_input` naming it, exit 2.
 */
import type { Core } from '../../core/kernel/create-core';
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { SavedSegmentView, SegmentCountView, SegmentFieldView } from '../../shared/dto/segments';
import { writeCondition } from '../../shared/segments/condition-text';
import type { SegmentDefinition, SegmentMatch } from '../../shared/segments/segment-model';
import { withSubcommands, type Command } from '../command';
import { dataDirOf, parseCommand } from '../common-options';
import { printJson } from '../output';
import { ok, StepFailed } from '../step';
import { EXIT, UsageError } from '../usage';

const OPTIONS = {
  name: { type: 'string' },
  where: { type: 'string', multiple: true },
  match: { type: 'string' },
} as const;

const parse = (args: string[]) => parseCommand(args, OPTIONS, { positionals: true });
type Values = ReturnType<typeof parse>['values'];

function localDataDir(values: Values): string {
  if (values.key !== undefined || values['base-url'] !== undefined) {
    throw new UsageError(
      'segments work on this computer\u2019s data only: they take no --key or --base-url.',
    );
  }
  return dataDirOf(values);
}

function matchOf(text: string | undefined): SegmentMatch {
  if (text === undefined) return 'all';
  if (text !== 'all' && text !== 'any') throw new UsageError('--match is "all" or "any".');
  return text;
}

/** The saved segment of that name (case and accents aside), or the step fails saying so. */
export async function segmentNamed(core: Core, name: string): Promise<string> {
  const wanted = fold(name);
  const found = ok<SavedSegmentView[]>(await core.dispatch('segments:list', {})).find(
    (s) => fold(s.name) === wanted,
  );
  if (!found) {
    throw new StepFailed({
      code: APP_ERROR_CODES.notFound,
      message: `There is no segment called "${name.trim()}".`,
    });
  }
  return found.id;
}

const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** The conditions given with --where, read by the core (its failure names the field and the operator). */
async function definitionOf(core: Core, values: Values): Promise<SegmentDefinition> {
  const where = values.where ?? [];
  return ok<SegmentDefinition>(await core.dispatch('segments:read', { where, match: matchOf(values.match) }));
}

/** A segment's conditions as they would be typed again. */
async function whereOf(core: Core, segment: SavedSegmentView): Promise<string[]> {
  const fields = ok<SegmentFieldView[]>(await core.dispatch('segments:fields', {}));
  const names = new Map(fields.map((f) => [f.field, f.name]));
  return segment.conditions.map((c) => writeCondition(c, names.get(c.field) ?? c.field, c.label));
}

const create: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length > 0)
    throw new UsageError('Unexpected argument: give conditions with --where "COND".');
  const dataDir = localDataDir(values);
  if (values.name === undefined || values.name.trim() === '')
    throw new UsageError('Name the segment: --name NAME.');
  if (!values.where?.length) throw new UsageError('Give at least one condition: --where "cidade = Recife".');
  matchOf(values.match);
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const definition = await definitionOf(core, values);
    const saved = ok<SavedSegmentView>(
      await core.dispatch('segments:create', { name: values.name!, ...definition }),
    );
    const count = ok<SegmentCountView>(await core.dispatch('segments:count', { id: saved.id }));
    if (json)
      printJson(ctx.output, {
        name: saved.name,
        match: saved.match,
        where: await whereOf(core, saved),
        ...countLine(count),
      });
    else ctx.output.out(`Segment "${saved.name}" saved: ${sentence(count)}`);
    return EXIT.ok;
  });
};

const list: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  const dataDir = localDataDir(values);
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const segments = ok<SavedSegmentView[]>(await core.dispatch('segments:list', {}));
    const lines = await Promise.all(
      segments.map(async (s) => ({ name: s.name, match: s.match, where: await whereOf(core, s) })),
    );
    if (json) printJson(ctx.output, lines);
    else {
      for (const line of lines) {
        const joiner = line.match === 'all' ? ' and ' : ' or ';
        ctx.output.out(`${line.name}: ${line.where.join(joiner)}`);
      }
      ctx.output.out(`${lines.length} segment(s)`);
    }
    return EXIT.ok;
  });
};

const count: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  const byName = positionals.join(' ').trim();
  if ((byName === '') === !values.where?.length) {
    throw new UsageError(
      'Count a saved segment by its name, or conditions given with --where (one of them).',
    );
  }
  matchOf(values.match);
  const dataDir = localDataDir(values);
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const input = byName !== '' ? { id: await segmentNamed(core, byName) } : await definitionOf(core, values);
    const counted = ok<SegmentCountView>(await core.dispatch('segments:count', input));
    if (json) printJson(ctx.output, countLine(counted));
    else ctx.output.out(sentence(counted));
    return EXIT.ok;
  });
};

const remove: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  const name = positionals.join(' ').trim();
  if (name === '') throw new UsageError('Name the segment to delete: torpedo segments delete NAME.');
  const dataDir = localDataDir(values);
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    ok(await core.dispatch('segments:delete', { id: await segmentNamed(core, name) }));
    if (json) printJson(ctx.output, { deleted: true });
    else ctx.output.out(`Segment "${name}" deleted.`);
    return EXIT.ok;
  });
};

const countLine = (c: SegmentCountView) => ({
  count: c.contacts,
  recipients: c.recipients,
  optedOut: c.optedOut,
  landlines: c.landlines,
});

const sentence = (c: SegmentCountView) =>
  `${c.contacts} contact(s), ${c.recipients} would receive` +
  (c.optedOut > 0 ? `; ${c.optedOut} opted out, never sent to` : '') +
  (c.landlines > 0 ? `; ${c.landlines} fixed line(s), no SMS reaches them` : '') +
  '.';

/** `torpedo segments <create|list|count|delete> ...` */
export const segmentsCommand = withSubcommands('segments', { create, list, count, delete: remove });
