/**
 * `torpedo server connect|status|disconnect`: Configurações › Servidor on the
 * same core and data folder. Connecting and disconnecting change the
 * account's webhook, so they sign in as the other online commands do (--key,
 * TORPEDO_KEY, or the app's keychain entry); the status is this computer's
 * own record and needs no sign-in.
 */
import type { ServerStatusView } from '../../shared/dto/server';
import type { SessionInfo } from '../../shared/dto';
import type { Core } from '../../core/kernel/create-core';
import { withSubcommands, type Command, type CommandContext } from '../command';
import { connectionOf, dataDirOf, parseCommand } from '../common-options';
import type { Output } from '../output';
import { printJson } from '../output';
import { ok } from '../step';
import { EXIT, UsageError } from '../usage';

const OPTIONS = { code: { type: 'string' }, name: { type: 'string' } } as const;

/** What the CLI prints of the connection (the status DTO as it is: nothing in it is secret). */
function printStatus(output: Output, status: ServerStatusView, json: boolean): void {
  if (json) return printJson(output, status);
  if (!status.connected) {
    output.out('Not connected to a Torpedo Server.');
    return;
  }
  output.out(`Connected to ${status.url} as "${status.deviceName}".`);
  output.out(
    `The account's webhook goes to ${status.hookUrl}${status.webhookPointsHere === false ? ' (no longer: it was changed since)' : ''}.`,
  );
  output.out(`On disconnect it goes back to ${status.previousWebhookUrl ?? 'none'}.`);
  const { at, error } = status.sync;
  if (error === 'unreachable')
    output.out('Last read: the server did not answer. Check that it is running and its address.');
  else if (error === 'unauthorized')
    output.out('Last read: the server no longer knows this computer. Connect again with a new code.');
  else if (error === 'bad_answer')
    output.out(
      'Last read: the server answered in an unexpected way. Try again; update Torpedo if it keeps happening.',
    );
  else output.out(at ? `Last read: ${at}.` : 'Not read yet.');
}

/** With --key there is no keychain (the app's sign-in is left alone): the token lives as long as the command. */
async function warnIfTokenNotKept(core: Core, output: Output): Promise<void> {
  const session = ok<SessionInfo>(await core.dispatch('session:get', {}));
  if (session.keyStorage === 'memory') {
    output.err(
      'Without the app\u2019s keychain (--key), this computer\u2019s server token is not kept after this command: ' +
        'reading the server\u2019s events needs a new code later. Connect from the app, or without --key, to keep it.',
    );
  }
}

const connect: Command = (args, ctx) => {
  const { values, positionals } = parseCommand(args, OPTIONS, { positionals: true });
  if (values.help) return Promise.resolve(ctx.help());
  if (positionals.length !== 1)
    throw new UsageError('Give the server\u2019s address: server connect URL --code NNNN-NNNN');
  if (values.code === undefined)
    throw new UsageError('Give the pairing code the server printed: --code NNNN-NNNN');
  const connection = connectionOf(values, ctx.env);
  return ctx.withCore(connection, async (core) => {
    const status = ok<ServerStatusView>(
      await core.dispatch('server:connect', {
        url: positionals[0]!,
        code: values.code!,
        ...(values.name !== undefined ? { deviceName: values.name } : {}),
      }),
    );
    await warnIfTokenNotKept(core, ctx.output);
    printStatus(ctx.output, status, connection.json);
    return EXIT.ok;
  });
};

const status: Command = (args, ctx: CommandContext) => {
  const { values, positionals } = parseCommand(args, {}, { positionals: true });
  if (values.help) return Promise.resolve(ctx.help());
  if (positionals.length > 0) throw new UsageError('server status takes no argument.');
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir: dataDirOf(values), json }, async (core) => {
    printStatus(ctx.output, ok<ServerStatusView>(await core.dispatch('server:status', {})), json);
    return EXIT.ok;
  });
};

const disconnect: Command = (args, ctx) => {
  const { values, positionals } = parseCommand(args, {}, { positionals: true });
  if (values.help) return Promise.resolve(ctx.help());
  if (positionals.length > 0) throw new UsageError('server disconnect takes no argument.');
  const connection = connectionOf(values, ctx.env);
  return ctx.withCore(connection, async (core) => {
    const after = ok<ServerStatusView>(await core.dispatch('server:disconnect', {}));
    if (connection.json) printJson(ctx.output, after);
    else ctx.output.out('Disconnected: the account\u2019s webhook is back as it was before connecting.');
    return EXIT.ok;
  });
};

/** `torpedo server <connect|status|disconnect> ...` */
export const serverCommand = withSubcommands('server', { connect, status, disconnect });
