import { APP_ERROR_CODES } from '../../shared/app-error';
import { connectionOf, parseCommand } from '../common-options';
import { withSubcommands, type Command } from '../command';
import { brl, printError, printJson } from '../output';
import { followPurchase } from './purchase-progress';
import { EXIT, UsageError } from '../usage';

/** Outcomes after which the money is accounted for: exit 0. */
const DONE = new Set(['succeeded', 'processing', 'charged-after-timeout']);

const wholeNumber = (text: string | undefined, name: string): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text)) throw new UsageError(`${name} must be a whole number.`);
  return Number(text);
};

/** `torpedo credits buy (--quantity N | --plan ID) [--card ID] [--coupon CODE]` */
const buy: Command = async (args, ctx) => {
  const { values } = parseCommand(args, {
    quantity: { type: 'string' },
    plan: { type: 'string' },
    card: { type: 'string' },
    coupon: { type: 'string' },
  });
  if (values.help) return ctx.help();
  const quantity = wholeNumber(values.quantity, '--quantity');
  if ((quantity === undefined) === (values.plan === undefined)) {
    throw new UsageError('Give either --quantity N or --plan ID (exactly one).');
  }
  const connection = connectionOf(values, ctx.env);
  const input = {
    ...(quantity !== undefined ? { quantity } : { planId: values.plan }),
    ...(values.card !== undefined ? { cardId: values.card } : {}),
    ...(values.coupon !== undefined ? { coupon: values.coupon } : {}),
  };
  return ctx.withCore(connection, async (core) => {
    const progress = followPurchase(core, ctx.locale, (line) => ctx.output.err(line));
    // A purchase left unsettled (by the app, another terminal) is settled first: say so, not wait silently.
    const current = await core.dispatch('credits:attempt', {});
    if (current.ok) progress.waitFor(current.value);
    let result;
    try {
      result = await core.dispatch('credits:buy', input);
    } finally {
      progress.stop();
    }
    if (!result.ok) {
      printError(ctx.output, result.error, connection.json);
      return result.error.code === APP_ERROR_CODES.invalidInput ? EXIT.usage : EXIT.failed;
    }
    const o = result.value;
    const earlier = progress.earlier(o.attemptId);
    for (const e of earlier) ctx.output.err(e.sentence);
    if (connection.json) {
      printJson(ctx.output, {
        outcome: o.outcome,
        ...(o.invoiceUuid !== undefined ? { invoiceUuid: o.invoiceUuid } : {}),
        ...(o.total !== undefined ? { total: o.total } : {}),
        ...(o.quantity !== undefined ? { quantity: o.quantity } : {}),
        message: o.message,
        ...(o.error
          ? {
              code: o.error.code,
              ...(o.error.retryAfterSeconds !== undefined
                ? { retryAfterSeconds: o.error.retryAfterSeconds }
                : {}),
              ...(o.error.fields ? { fields: o.error.fields } : {}),
            }
          : {}),
        // What an earlier purchase, left unsettled by a lost answer, turned out to be.
        ...(earlier.length
          ? {
              earlierAttempts: earlier.map(({ view }) => ({
                attemptId: view.id,
                outcome: view.state,
                ...(view.invoiceUuid ? { invoiceUuid: view.invoiceUuid } : {}),
                startedAt: view.createdAt,
              })),
            }
          : {}),
      });
    } else {
      ctx.output.out(`${o.outcome}: ${o.message}`);
    }
    return DONE.has(o.outcome) ? EXIT.ok : EXIT.failed;
  });
};

/** `torpedo credits invoices [--page N] [--per-page N]` */
const invoices: Command = async (args, ctx) => {
  const { values } = parseCommand(args, { page: { type: 'string' }, 'per-page': { type: 'string' } });
  if (values.help) return ctx.help();
  const page = wholeNumber(values.page, '--page');
  const perPage = wholeNumber(values['per-page'], '--per-page');
  const connection = connectionOf(values, ctx.env);
  return ctx.withCore(connection, async (core) => {
    const result = await core.dispatch('credits:invoices', {
      ...(page !== undefined ? { page } : {}),
      ...(perPage !== undefined ? { perPage } : {}),
    });
    if (!result.ok) {
      printError(ctx.output, result.error, connection.json);
      return result.error.code === APP_ERROR_CODES.invalidInput ? EXIT.usage : EXIT.failed;
    }
    const view = result.value;
    if (connection.json) printJson(ctx.output, view);
    else {
      for (const inv of view.invoices) {
        const status = inv.status?.name ?? inv.status?.code ?? '-';
        ctx.output.out(
          `${inv.date.slice(0, 10)}  ${inv.displayId}  ${brl(inv.total)}  ${status}  ${inv.card?.name ?? ''}`,
        );
      }
      const stale = view.stale ? ' (offline: local copy)' : '';
      ctx.output.out(`Page ${view.page} of ${view.lastPage}, ${view.total} invoice(s)${stale}`);
    }
    return EXIT.ok;
  });
};

/** `torpedo credits <buy|invoices> ...` */
export const creditsCommand = withSubcommands('credits', { buy, invoices });
