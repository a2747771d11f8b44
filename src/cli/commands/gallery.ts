/**
 * `torpedo gallery list|use` and `torpedo calendar`: the Modelos › Galeria
 * page and the overview's calendar on the same data folder, local only (no
 * sign-in, no network), through the contract like the window. A message's
 * audience is printed as the conditions `segments create --where` takes,
 * dated today; the texts and names come in the app's language.
 */
import type {
  CalendarEntryView,
  GalleryAudienceView,
  GalleryMessageView,
  GalleryUseView,
} from '../../shared/dto/gallery';
import { BUSINESS_TYPES, isBusinessType } from '../../shared/gallery/business-types';
import type { AppLanguage } from '../../shared/app-language';
import { writeCondition } from '../../shared/segments/condition-text';
import { BUILTIN_NAMES, isBuiltin } from '../../shared/segments/segment-model';
import { withSubcommands, type Command } from '../command';
import { localDataDirOf, parseCommand } from '../common-options';
import { printJson } from '../output';
import { ok } from '../step';
import { EXIT, UsageError } from '../usage';

const OPTIONS = {
  business: { type: 'string' },
  'as-template': { type: 'string' },
  year: { type: 'string' },
} as const;

const parse = (args: string[]) => parseCommand(args, OPTIONS, { positionals: true });

/** A message's audience as `--where` conditions; null for birthdays (the birthday automation's). */
function segmentOf(audience: GalleryAudienceView, language: AppLanguage) {
  if (audience.definition === null) return null;
  const named = (field: string) => (isBuiltin(field) ? BUILTIN_NAMES[language][field] : field);
  return {
    name: audience.name,
    match: audience.definition.match,
    where: audience.definition.conditions.map((c) => writeCondition(c, named(c.field))),
    missingColumns: audience.missingColumns,
  };
}

function businessOf(text: string | undefined) {
  if (text === undefined) return undefined;
  const wanted = text.trim().toLowerCase();
  if (!isBusinessType(wanted)) throw new UsageError(`--business is one of: ${BUSINESS_TYPES.join(', ')}.`);
  return wanted;
}

const list: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  const dataDir = localDataDirOf(values, 'gallery');
  const business = businessOf(values.business);
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const messages = ok<GalleryMessageView[]>(
      await core.dispatch('gallery:list', business ? { business } : {}),
    );
    const language = ctx.output.language;
    const rows = messages.map((m) => ({
      id: m.id,
      business: m.business,
      purpose: m.purpose,
      text: m.text,
      segment: segmentOf(m.audience, language),
      hour: m.hour,
    }));
    if (json) {
      printJson(ctx.output, rows);
      return EXIT.ok;
    }
    for (const [i, m] of messages.entries()) {
      const segment = rows[i]!.segment;
      const who = segment
        ? `${m.audience.name} (${segment.where.join(segment.match === 'all' ? ' and ' : ' or ')})`
        : m.audience.name;
      const missing = m.audience.missingColumns.length
        ? ` - your contacts lack: ${m.audience.missingColumns.join(', ')}`
        : '';
      ctx.output.out(`${m.id}  ${m.hour}  ${who}${missing}\n  ${m.text}`);
    }
    return EXIT.ok;
  });
};

/** What a use made, in one sentence. */
function madeLine(made: GalleryUseView): string {
  if (made.as === 'template') return `Saved the template "${made.template.name}": ${made.template.text}`;
  const [date, time] = made.scheduleAt.split('T');
  const when = `scheduled for ${date} ${time} on each recipient's own clock`;
  const a = made.audience;
  const to =
    a.kind === 'segment'
      ? `to the segment "${a.segmentName}"${a.reused ? ' (saved before)' : ' (new)'}`
      : a.kind === 'birthday'
        ? 'without an audience: birthday greetings go out with a birthday automation'
        : `without an audience: your contacts lack the column${a.columns.length > 1 ? 's' : ''} ${a.columns.join(', ')} (import a sheet with ${a.columns.length > 1 ? 'them' : 'it'}, or pick a list)`;
  return `Made the draft campaign "${made.campaign.name}" (${made.campaign.id}) ${to}, ${when}. Send it with: torpedo campaign send ${made.campaign.id}`;
}

const use: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length !== 1) throw new UsageError('Give the message: torpedo gallery use ID.');
  const dataDir = localDataDirOf(values, 'gallery');
  const json = values.json ?? false;
  const templateName = values['as-template'];
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const made = ok<GalleryUseView>(
      await core.dispatch(
        'gallery:use',
        templateName !== undefined
          ? { id: positionals[0]!, as: 'template', name: templateName }
          : { id: positionals[0]!, as: 'draft' },
      ),
    );
    if (json)
      printJson(
        ctx.output,
        made.as === 'template'
          ? { as: made.as, id: made.template.id, name: made.template.name, text: made.template.text }
          : {
              as: made.as,
              id: made.campaign.id,
              name: made.campaign.name,
              text: made.campaign.template,
              audience: made.audience,
              scheduleAt: made.scheduleAt,
            },
      );
    else ctx.output.out(madeLine(made));
    return EXIT.ok;
  });
};

/** `torpedo gallery <list|use> ...` */
export const galleryCommand = withSubcommands('gallery', { list, use });

/** `torpedo calendar [--year N]` */
export const calendarCommand: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  const dataDir = localDataDirOf(values, 'calendar');
  const json = values.json ?? false;
  let year: number | undefined;
  if (values.year !== undefined) {
    year = Number(values.year);
    if (!/^\d{4}$/.test(values.year.trim())) throw new UsageError('--year is a year, e.g. --year 2027.');
  }
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const days = ok<CalendarEntryView[]>(await core.dispatch('calendar:list', year ? { year } : {}));
    if (json) {
      printJson(
        ctx.output,
        days.map((d) => ({ date: d.date, name: d.name, kind: d.kind })),
      );
      return EXIT.ok;
    }
    for (const d of days) {
      const extra =
        d.kind === 'retail'
          ? `  (message: ${d.galleryId ?? 'none'}; reminder on ${d.remindAt})`
          : '  (no sends on this day)';
      ctx.output.out(`${d.date}  ${d.kind.padEnd(7)}  ${d.name}${extra}`);
    }
    return EXIT.ok;
  });
};
