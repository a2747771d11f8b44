/**
 * `torpedo privacy requests [--json]`, `torpedo privacy request add --kind K
 * --phone P --channel C [--received YYYY-MM-DD] [--note T]` and `torpedo
 * privacy request answer ID [--note T]`: the register of the customers'
 * requests under the LGPD (art. 18) and their due dates (art. 19 II: 15
 * days). Local data only, like `import`. The `privacy` command's other
 * subcommands (show, export, erase) live beside these in their own file.
 */
import { PRIVACY_REQUEST_CHANNELS, PRIVACY_REQUEST_KINDS } from '../../shared/contract/privacy-requests';
import type {
  PrivacyRequestChannel,
  PrivacyRequestKind,
  PrivacyRequestView,
} from '../../shared/dto/privacy-requests';
import { withSubcommands, type Command } from '../command';
import { dataDirOf, parseCommand } from '../common-options';
import { printJson } from '../output';
import { ok } from '../step';
import { EXIT, UsageError } from '../usage';

const OPTIONS = {
  kind: { type: 'string' },
  phone: { type: 'string' },
  channel: { type: 'string' },
  received: { type: 'string' },
  note: { type: 'string' },
} as const;
const parse = (args: string[]) => parseCommand(args, OPTIONS, { positionals: true });

const KIND_NAMES: Record<PrivacyRequestKind, string> = {
  access: 'access to their data',
  copy: 'a copy of their data',
  correction: 'a correction',
  deletion: 'deletion',
  consent_withdrawn: 'consent withdrawn',
};

function oneOf<T extends string>(option: string, text: string | undefined, allowed: readonly T[]): T {
  if (text === undefined) throw new UsageError(`Give --${option}: ${allowed.join(', ')}.`);
  const found = allowed.find((a) => a === text.trim().toLowerCase());
  if (!found) throw new UsageError(`--${option} is one of ${allowed.join(', ')}.`);
  return found;
}

/** "due in 2 days", "due today", "1 day overdue", or when it was answered. */
function standing(r: PrivacyRequestView): string {
  if (r.answeredAt !== null)
    return `answered ${r.answeredAt.slice(0, 10)}${r.answerNote ? ` (${r.answerNote})` : ''}`;
  const days = r.daysLeft ?? 0;
  if (days === 0) return `due today (${r.dueOn})`;
  if (days > 0) return `due in ${days} day(s) (${r.dueOn})`;
  return `${-days} day(s) overdue (due ${r.dueOn})`;
}

const line = (r: PrivacyRequestView) =>
  `#${r.id} ${KIND_NAMES[r.kind]} from ${r.phone ?? '(number erased)'}, received ${r.receivedOn} by ` +
  `${r.channel}: ${standing(r)}.${r.note ? ` Note: ${r.note}` : ''}`;

const list: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir: dataDirOf(values), json }, async (core) => {
    const requests = ok(await core.dispatch('privacyRequests:list', {}));
    if (json) printJson(ctx.output, requests);
    else if (requests.length === 0)
      ctx.output.out('No requests yet: torpedo privacy request add --kind K --phone P --channel C');
    else for (const r of requests) ctx.output.out(line(r));
    return EXIT.ok;
  });
};

const add: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  const kind = oneOf('kind', values.kind, PRIVACY_REQUEST_KINDS);
  const channel: PrivacyRequestChannel = oneOf('channel', values.channel, PRIVACY_REQUEST_CHANNELS);
  if (values.phone === undefined) throw new UsageError('Give --phone: the number of the person who asked.');
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir: dataDirOf(values), json }, async (core) => {
    const added = ok(
      await core.dispatch('privacyRequests:add', {
        kind,
        phone: values.phone!,
        channel,
        ...(values.received !== undefined ? { receivedOn: values.received } : {}),
        ...(values.note !== undefined ? { note: values.note } : {}),
      }),
    );
    if (json) printJson(ctx.output, added);
    else ctx.output.out(`Recorded: ${line(added)}`);
    return EXIT.ok;
  });
};

const answer: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length !== 1 || !/^\d+$/.test(positionals[0]!))
    throw new UsageError('Give the request’s number: torpedo privacy request answer ID.');
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir: dataDirOf(values), json }, async (core) => {
    const answered = ok(
      await core.dispatch('privacyRequests:answer', {
        id: Number(positionals[0]),
        ...(values.note !== undefined ? { answerNote: values.note } : {}),
      }),
    );
    if (json) printJson(ctx.output, answered);
    else ctx.output.out(line(answered));
    return EXIT.ok;
  });
};

/** The `privacy` command's subcommands for the register; run.ts merges them with the others. */
export const privacyRequestSubcommands: Record<string, Command> = {
  requests: list,
  request: withSubcommands('privacy request', { add, answer }),
};
