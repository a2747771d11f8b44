import { connectionOf, parseCommand } from '../common-options';
import type { CommandContext } from '../command';
import { brl, printError, printJson } from '../output';
import { EXIT } from '../usage';

/** `torpedo balance [--json]` */
export async function balanceCommand(args: string[], ctx: CommandContext): Promise<number> {
  const { values } = parseCommand(args, {});
  if (values.help) return ctx.help();
  const connection = connectionOf(values, ctx.env);
  return ctx.withCore(connection, async (core) => {
    const result = await core.dispatch('account:balance', {});
    if (!result.ok) {
      printError(ctx.output, result.error, connection.json);
      return EXIT.failed;
    }
    const view = result.value;
    if (connection.json) printJson(ctx.output, view);
    else {
      const stale = view.stale ? ` (offline: last known on ${view.fetchedAt})` : '';
      // The company's name may be left out of the answer (the SDKs read it as "").
      const company = view.companyName ? `, ${view.companyName}` : '';
      ctx.output.out(`Balance: ${brl(view.balance)}${company}${stale}`);
    }
    return EXIT.ok;
  });
}
