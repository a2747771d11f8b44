/**
 * `torpedo automations create|list|pause|resume|log|forecast`: the
 * Automations page on the same data folder, local only (no sign-in): an
 * automation made here is handed over by the app or by `torpedo worker`
 * (which hands over what is due within 36 hours, then delivers). The
 * forecast holds the costs against the balance as last read.
 */
import type { Core } from '../../core/kernel/create-core';
import type {
  AutomationLogView,
  AutomationView,
  ForecastView,
  OccurrenceView,
} from '../../shared/dto/automations';
import { FORECAST_MAX_DAYS } from '../../shared/contract/automations';
import { foldText } from '../../shared/sort-key';
import { withSubcommands, type Command, type CommandContext } from '../command';
import { dataDirOf, parseCommand } from '../common-options';
import { brl, printJson } from '../output';
import { ok, StepFailed } from '../step';
import { EXIT, UsageError } from '../usage';
import { audienceOf, ruleOf, templateNamed } from './automation-options';

const CREATE_OPTIONS = {
  type: { type: 'string' },
  name: { type: 'string' },
  template: { type: 'string' },
  list: { type: 'string' },
  segment: { type: 'string' },
  at: { type: 'string' },
  'days-before': { type: 'string' },
  every: { type: 'string' },
  from: { type: 'string' },
  until: { type: 'string' },
} as const;

/** Local data only: an account option here would suggest a sign-in that does not happen. */
function local(values: { key?: string; 'base-url'?: string; 'data-dir'?: string }): string {
  if (values.key !== undefined || values['base-url'] !== undefined)
    throw new UsageError('automations work on this computer’s data only: they take no --key or --base-url.');
  return dataDirOf(values);
}

const day = (key: string) => `${key.slice(8, 10)}/${key.slice(5, 7)}/${key.slice(0, 4)}`;
const time = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(Date.parse(iso));
const money = (reais: number | null) => (reais === null ? 'cost unknown (prices not read yet)' : brl(reais));

function ruleText(a: AutomationView): string {
  const r = a.rule;
  if (r.kind === 'birthday')
    return `birthdays at ${r.at}${r.daysBefore ? `, ${r.daysBefore} day(s) before` : ''}`;
  const every =
    r.every.unit === 'day'
      ? 'every day'
      : r.every.unit === 'week'
        ? `every ${r.every.weekdays.join(',')}`
        : `every month on the ${r.every.day}`;
  return `${every} at ${r.at}, from ${day(r.from)}${r.until ? ` until ${day(r.until)}` : ''}`;
}

function automationLine(a: AutomationView): string {
  const audience =
    a.audience.kind === 'everyone' ? 'everyone' : `${a.audience.kind} "${a.audienceName ?? '(deleted)'}"`;
  const next = a.next
    ? `next ${day(a.next.date)} ${time(a.next.at)} to ${a.next.recipients}${a.next.handedOver ? ' (handed over)' : ''}`
    : 'nothing ahead';
  return `${a.name}  ${a.status}  ${ruleText(a)}  to ${audience}  template "${a.templateName ?? '(deleted)'}"  ${next}`;
}

function occurrenceLine(o: OccurrenceView): string {
  const skipped = Object.entries(o.skipped).map(([reason, n]) => `${n} ${reason}`);
  const delivery = o.delivery ? `  delivered ${o.delivery.delivered}, failed ${o.delivery.failed}` : '';
  const state = o.state.replace('_', ' ') + (o.reason ? ` (${o.reason})` : o.hold ? ` (${o.hold})` : '');
  return (
    `${day(o.date)} ${time(o.at)}  ${state}  ${o.recipients} recipient(s)` +
    (o.cost !== null && o.state !== 'waiting' ? `  ${brl(o.cost)}` : '') +
    delivery +
    (skipped.length ? `  skipped: ${skipped.join(', ')}` : '')
  );
}

/** The automation named (case and accents aside), as `automations list` shows names. */
async function named(core: Core, name: string): Promise<AutomationView> {
  const wanted = foldText(name.trim());
  const found = ok<AutomationView[]>(await core.dispatch('automations:list', {})).find(
    (a) => foldText(a.name) === wanted,
  );
  if (!found)
    throw new StepFailed({ code: 'not_found', message: `There is no automation called "${name.trim()}".` });
  return found;
}

const create: Command = async (args, ctx) => {
  const { values, positionals } = parseCommand(args, CREATE_OPTIONS, { positionals: true });
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  const dataDir = local(values);
  if (values.template === undefined) throw new UsageError('Give the template: --template NAME.');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const rule = ruleOf(values, today);
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const template = await templateNamed(core, values.template!);
    const audience = await audienceOf(core, values);
    const made = ok<AutomationView>(
      await core.dispatch('automations:create', {
        templateId: template.id,
        audience,
        rule,
        ...(values.name !== undefined ? { name: values.name } : {}),
      }),
    );
    if (json) printJson(ctx.output, made);
    else
      ctx.output.out(
        `Created: ${automationLine(made)}.\n"torpedo worker" (or the app) hands over what is due.`,
      );
    return EXIT.ok;
  });
};

/** A subcommand that takes an automation's name. */
function byName(
  work: (core: Core, a: AutomationView, ctx: CommandContext, json: boolean) => Promise<number>,
): Command {
  return async (args, ctx) => {
    const { values, positionals } = parseCommand(args, {}, { positionals: true });
    if (values.help) return ctx.help();
    if (positionals.length !== 1)
      throw new UsageError('Give the automation’s name, as "automations list" shows it.');
    const json = values.json ?? false;
    return ctx.withLocalCore({ dataDir: local(values), json }, async (core) =>
      work(core, await named(core, positionals[0]!), ctx, json),
    );
  };
}

const list: Command = async (args, ctx) => {
  const { values, positionals } = parseCommand(args, {}, { positionals: true });
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir: local(values), json }, async (core) => {
    const all = ok<AutomationView[]>(await core.dispatch('automations:list', {}));
    if (json) printJson(ctx.output, all);
    else ctx.output.out(all.length ? all.map(automationLine).join('\n') : 'No automations yet.');
    return EXIT.ok;
  });
};

const status = (channel: 'automations:pause' | 'automations:resume', said: string) =>
  byName(async (core, a, ctx, json) => {
    const changed = ok<AutomationView>(await core.dispatch(channel, { id: a.id }));
    if (json) printJson(ctx.output, changed);
    else ctx.output.out(`${changed.name}: ${said}.`);
    return EXIT.ok;
  });

const log = byName(async (core, a, ctx, json) => {
  const view = ok<AutomationLogView>(await core.dispatch('automations:log', { id: a.id, limit: 500 }));
  if (json) {
    printJson(ctx.output, view);
    return EXIT.ok;
  }
  ctx.output.out(automationLine(view.automation));
  if (view.upcoming.length)
    ctx.output.out(`Coming:\n${view.upcoming.map((o) => `  ${occurrenceLine(o)}`).join('\n')}`);
  ctx.output.out(
    view.occurrences.length
      ? `Handed over and past (newest first):\n${view.occurrences.map((o) => `  ${occurrenceLine(o)}`).join('\n')}`
      : 'Nothing handed over yet.',
  );
  return EXIT.ok;
});

const forecast: Command = async (args, ctx) => {
  const { values, positionals } = parseCommand(args, { days: { type: 'string' } }, { positionals: true });
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  const days = values.days === undefined ? 30 : Number(values.days);
  if (!/^\d{1,3}$/.test(values.days ?? '30') || days < 1 || days > FORECAST_MAX_DAYS)
    throw new UsageError(`--days takes a number of days from 1 to ${FORECAST_MAX_DAYS}.`);
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir: local(values), json }, async (core) => {
    const f = ok<ForecastView>(await core.dispatch('automations:forecast', { days }));
    if (json) {
      printJson(ctx.output, {
        messages: f.messages,
        segments: f.segments,
        cost: f.cost,
        days: f.perDay.map((d) => ({ date: d.date, messages: d.messages, cost: d.cost })),
        birthdays: f.birthdays,
        balance: f.balance,
        coveredUntil: f.coveredUntil,
        shortOn: f.shortOn,
        paid: f.paid,
      });
      return EXIT.ok;
    }
    const covers =
      f.balance === null || f.cost === null
        ? 'the balance was never read here: open the app (or run "torpedo balance") first.'
        : f.shortOn === null
          ? `your balance (${brl(f.balance)}) covers all ${days} days.`
          : f.coveredUntil === null
            ? `your balance (${brl(f.balance)}) does not cover ${day(f.shortOn)}.`
            : `your balance (${brl(f.balance)}) covers until ${day(f.coveredUntil)}.`;
    ctx.output.out(
      `Next ${days} days: ${f.birthdays} birthday(s), ${f.messages} message(s), ${f.segments} SMS, ${money(f.cost)}${f.cost === null ? '' : ' to pay'}; ${covers}`,
    );
    for (const d of f.perDay.filter((d) => d.messages > 0))
      ctx.output.out(`  ${day(d.date)}  ${d.messages} message(s)  ${d.segments} SMS  ${money(d.cost)}`);
    return EXIT.ok;
  });
};

/** `torpedo automations <create|list|pause|resume|log|forecast> ...` */
export const automationsCommand = withSubcommands('automations', {
  create,
  list,
  pause: status('automations:pause', 'paused (nothing more is handed over until "automations resume")'),
  resume: status('automations:resume', 'active again (what was due while paused is not sent)'),
  log,
  forecast,
});
