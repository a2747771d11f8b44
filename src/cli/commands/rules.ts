/**
 * `torpedo rules show` and `torpedo rules set <rule> <value>`: the data
 * folder's sending rules, as Settings → Regras de envio shows them.
 *
 *   rules set window "mon-fri 09:00-18:00, sat 09:00-13:00" | on | off
 *   rules set holidays on|off      rules set sundays on|off
 *   rules set prefix "Loja Maria:" | off
 *   rules set cap 4/7d | off
 *   rules set how-to-stop on|off|unset   (" Para sair, responda SAIR." at the end of every message)
 *   rules set opt-out-confirmation on|off   (one SMS confirms an opt-out by reply; off by default)
 */
import type { RulesView, SendingRules } from '../../shared/dto/rules';
import {
  HOW_TO_STOP_CHOICES,
  HOW_TO_STOP_SUFFIX,
  type HowToStopChoice,
} from '../../shared/rules/how-to-stop';
import { formatCap, parseCap } from '../../shared/rules/sending-rules';
import { formatWeekHours, parseWeekHours } from '../../shared/rules/week-hours';
import { withSubcommands, type Command } from '../command';
import { dataDirOf, parseCommand } from '../common-options';
import { printJson } from '../output';
import { ok } from '../step';
import { EXIT, UsageError } from '../usage';

const parse = (args: string[]) => parseCommand(args, {}, { positionals: true });

const onOff = (rule: string, text: string): boolean => {
  if (text === 'on') return true;
  if (text === 'off') return false;
  throw new UsageError(`rules set ${rule} takes "on" or "off".`);
};

/** The rules in the words `rules set` takes, and whether messages end with "Como sair" now. */
function describe(view: RulesView): Record<string, string> {
  const { rules } = view;
  return {
    window: rules.window.on ? formatWeekHours(rules.window.hours) : 'off',
    sundays: rules.sundays ? 'on' : 'off',
    holidays: rules.holidays ? 'on' : 'off',
    prefix: rules.prefix === '' ? 'off' : rules.prefix,
    cap: formatCap(rules.cap),
    howToStop: rules.howToStop,
    howToStopNow: view.howToStop.on ? 'on' : 'off',
    optOutConfirmation: rules.optOutConfirmation ? 'on' : 'off',
  };
}

/** The "Como sair" line: the owner's choice, and what unset means on this computer now. */
function howToStopWords(view: RulesView): string {
  const choice = view.rules.howToStop;
  if (choice !== 'unset') return choice;
  return view.howToStop.serverConnected
    ? 'unset, so on (a Torpedo Server reads the replies)'
    : 'unset, so off until a Torpedo Server reads the replies';
}

/** The change `rules set RULE VALUE` asks for, checked as far as the words go (the core checks the rest). */
function changeOf(rule: string, value: string, current: SendingRules): Partial<SendingRules> {
  switch (rule) {
    case 'window': {
      if (value === 'on' || value === 'off') return { window: { ...current.window, on: value === 'on' } };
      const read = parseWeekHours(value);
      if (!read.ok) throw new UsageError(`rules set window: ${read.problem}`);
      return { window: { on: true, hours: read.hours } };
    }
    case 'sundays':
      return { sundays: onOff(rule, value) };
    case 'holidays':
      return { holidays: onOff(rule, value) };
    case 'prefix':
      return { prefix: value === 'off' ? '' : value };
    case 'how-to-stop':
      if (!(HOW_TO_STOP_CHOICES as readonly string[]).includes(value))
        throw new UsageError(
          'rules set how-to-stop takes on, off or unset (on once a server reads replies).',
        );
      return { howToStop: value as HowToStopChoice };
    case 'opt-out-confirmation':
      return { optOutConfirmation: onOff(rule, value) };
    case 'cap': {
      const cap = parseCap(value);
      if (cap === null)
        throw new UsageError('rules set cap takes N/Dd (at most N messages per D days), e.g. 4/7d, or off.');
      return { cap: cap === 'off' ? { ...current.cap, on: false } : { on: true, ...cap } };
    }
    default:
      throw new UsageError(
        'rules set takes window, sundays, holidays, prefix, cap, how-to-stop or opt-out-confirmation.',
      );
  }
}

function print(ctx: Parameters<Command>[1], view: RulesView, json: boolean): number {
  const words = describe(view);
  if (json) printJson(ctx.output, words);
  else {
    ctx.output.out(`Sending window (each recipient's own clock): ${words.window}`);
    ctx.output.out(`No messages on Sundays: ${words.sundays}`);
    ctx.output.out(`No messages on national holidays: ${words.holidays}`);
    ctx.output.out(`Business name before every message: ${words.prefix}`);
    ctx.output.out(`Frequency cap (messages per person per days): ${words.cap}`);
    ctx.output.out(`Say how to stop ("${HOW_TO_STOP_SUFFIX.trim()}" at the end): ${howToStopWords(view)}`);
    ctx.output.out(
      `Confirm an opt-out by reply with one SMS (costs one SMS each): ${words.optOutConfirmation}`,
    );
    // On without a server: the sentence promises what nobody keeps. Said every time, on stderr.
    if (view.howToStop.on && !view.howToStop.serverConnected)
      ctx.output.err(
        'Note: no Torpedo Server reads replies on this computer, so a customer\'s "SAIR" is never seen and ' +
          'the number keeps getting messages. Connect one (torpedo server connect URL --code CODE), or opt ' +
          'such numbers out yourself (torpedo contacts opt-out PHONE) if the replies reach you another way.',
      );
  }
  return EXIT.ok;
}

const show: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir: dataDirOf(values), json }, async (core) =>
    print(ctx, ok<RulesView>(await core.dispatch('rules:get', {})), json),
  );
};

const set: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length !== 2)
    throw new UsageError('Give a rule and its value: torpedo rules set cap 4/7d.');
  const [rule, value] = positionals as [string, string];
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir: dataDirOf(values), json }, async (core) => {
    const current = ok<RulesView>(await core.dispatch('rules:get', {}));
    const view = ok<RulesView>(await core.dispatch('rules:set', changeOf(rule, value.trim(), current.rules)));
    if (
      !json &&
      rule === 'sundays' &&
      !view.rules.sundays &&
      view.rules.window.on &&
      !view.rules.window.hours.sun
    )
      ctx.output.err('Note: the window has no hours on Sundays; add some, e.g. "... , sun 09:00-13:00".');
    return print(ctx, view, json);
  });
};

/** `torpedo rules <show|set> ...` */
export const rulesCommand = withSubcommands('rules', { show, set });
