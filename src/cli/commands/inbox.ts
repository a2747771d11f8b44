/**
 * `torpedo inbox list|reply|sync`: the Respostas page from a terminal.
 *
 *   inbox list [--unread] [--json]     the conversations, newest first (this computer's data)
 *   inbox reply PHONE --message TEXT   one SMS to a customer who wrote (signed in, as "balance")
 *   inbox sync [--json]                read what Torpedo Server received now (signed in)
 *
 * PHONE is read by the app's phone reader (Brazilian unless it starts with +).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../core/kernel/create-core';
import type { ConversationSummary, InboxListView, InboxReplyResult } from '../../shared/dto/inbox';
import type { ServerSyncResult } from '../../shared/dto/server';
import { withSubcommands, type Command } from '../command';
import { connectionOf, dataDirOf, parseCommand } from '../common-options';
import { brl, printJson } from '../output';
import { ok } from '../step';
import { EXIT, UsageError } from '../usage';

/** The most conversations `inbox:list` gives in one answer. */
const LIST_MAX = 500;

/** What `inbox list --json` prints per conversation. */
export interface InboxLine {
  phone: string;
  name: string | null;
  /** Their last reply's words. */
  message: string;
  receivedAt: string;
  /** The campaign or automation the last reply answers; null for none (or a reply from the inbox). */
  campaign: string | null;
  optedOut: boolean;
}

const lineOf = (c: ConversationSummary): InboxLine => ({
  phone: c.phone,
  name: c.name,
  message: c.lastReply.text,
  receivedAt: c.lastReply.at,
  campaign: c.origin?.name ?? null,
  optedOut: c.optedOut,
});

const textLine = (c: ConversationSummary) =>
  [
    c.unread > 0 ? '*' : ' ',
    c.lastReply.at,
    c.name ?? c.phone,
    c.name ? c.phone : '',
    c.optedOut ? '(opted out)' : '',
    c.origin?.name ? `[${c.origin.name}]` : '',
    JSON.stringify(c.lastReply.text),
  ]
    .filter(Boolean)
    .join('  ');

const list: Command = async (args, ctx) => {
  const { values } = parseCommand(args, { unread: { type: 'boolean' } });
  if (values.help) return ctx.help();
  if (values.key !== undefined || values['base-url'] !== undefined) {
    throw new UsageError(
      'inbox list reads this computer\u2019s data only: it takes no --key or --base-url ("inbox sync" reads the server).',
    );
  }
  const json = values.json ?? false;
  const dataDir = dataDirOf(values);
  const print = (conversations: ConversationSummary[]) => {
    if (json) printJson(ctx.output, conversations.map(lineOf));
    else {
      for (const c of conversations) ctx.output.out(textLine(c));
      ctx.output.out(`${conversations.length} conversation(s)`);
    }
    return EXIT.ok;
  };
  // A folder the app never used has no replies; do not create one just to say so.
  if (!existsSync(join(dataDir, DATABASE_FILE))) return print([]);
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const view = ok<InboxListView>(
      await core.dispatch('inbox:list', { unreadOnly: values.unread ?? false, limit: LIST_MAX }),
    );
    return print(view.conversations);
  });
};

const reply: Command = async (args, ctx) => {
  const { values, positionals } = parseCommand(args, { message: { type: 'string' } }, { positionals: true });
  if (values.help) return ctx.help();
  const [phone] = positionals;
  if (positionals.length !== 1 || phone === undefined || phone.trim() === '')
    throw new UsageError('inbox reply takes one phone number: the customer who wrote.');
  if (values.message === undefined || values.message.trim() === '')
    throw new UsageError('Give the reply: --message "TEXT".');
  const message = values.message;
  const connection = connectionOf(values, ctx.env);
  return ctx.withCore(connection, async (core) => {
    const sent = ok<InboxReplyResult>(await core.dispatch('inbox:reply', { phone, message }));
    if (connection.json) printJson(ctx.output, sent);
    else {
      const cost = sent.cost === null ? '' : `, ${brl(sent.cost)}`;
      ctx.output.out(`Sent to ${sent.phone} (${sent.segments} SMS${cost}; send ${sent.sendId}).`);
    }
    return EXIT.ok;
  });
};

const sync: Command = async (args, ctx) => {
  const { values } = parseCommand(args, {});
  if (values.help) return ctx.help();
  const connection = connectionOf(values, ctx.env);
  return ctx.withCore(connection, async (core) => {
    const read = ok<ServerSyncResult>(await core.dispatch('server:sync', {}));
    if (connection.json) printJson(ctx.output, { received: read.received, optedOut: read.optedOut });
    else ctx.output.out(`${read.received} new reply(ies), ${read.optedOut} opted out by replying.`);
    return EXIT.ok;
  });
};

/** `torpedo inbox <list|reply|sync> ...` */
export const inboxCommand = withSubcommands('inbox', { list, reply, sync });
