/**
 * `torpedo campaign create|send|status`: the desktop app's composer on the
 * same data folder, local only (no sign-in, no network): a campaign is
 * drafted and frozen into the outbox here, and `torpedo worker` (or the app)
 * delivers it. Prices come from the SMS-type catalogue the app last read;
 * when it never did, the cost is unknown (null) until the app reads it.
 */
import { listName } from './block-list-option';
import { isDelivering, scheduledShown, shownCampaignStatus } from '../../shared/campaign-delivering';
import type { CampaignEstimateView, CampaignProgressView, CampaignView } from '../../shared/dto/campaigns';
import type { ListView } from '../../shared/dto';
import { CAMPAIGN_BATCH_SIZE as BATCH_SIZE } from '../../shared/contract/campaigns';
import { listNameKey } from '../../shared/sort-key';
import { withSubcommands, type Command } from '../command';
import { dataDirOf, parseCommand } from '../common-options';
import { brl, printJson } from '../output';
import { EXIT, UsageError } from '../usage';
import { ok, StepFailed } from '../step';
import { importIntoNewList } from './campaign-file-list';
import { segmentNamed } from './segments';
import { templateNamed } from './template-option';
import { scheduleOf } from '../schedule-option';
import { messageChecks } from './campaign-checks';

const OPTIONS = {
  name: { type: 'string' },
  message: { type: 'string' },
  template: { type: 'string' },
  list: { type: 'string' },
  segment: { type: 'string' },
  file: { type: 'string' },
  'sms-type': { type: 'string' },
  schedule: { type: 'string' },
  'track-links': { type: 'boolean' },
} as const;

const parse = (args: string[]) => parseCommand(args, OPTIONS, { positionals: true });

type Values = ReturnType<typeof parse>['values'];

/** Local data only: an account option here would suggest a sign-in that does not happen. */
function localDataDir(values: Values): string {
  if (values.key !== undefined || values['base-url'] !== undefined) {
    throw new UsageError(
      'campaign works on this computer\u2019s data only: it takes no --key or --base-url.',
    );
  }
  return dataDirOf(values);
}

function smsTypeOf(text: string | undefined): number | null {
  if (text === undefined) return null;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1)
    throw new UsageError('--sms-type takes a type id, e.g. 2.');
  return Number(text);
}

const money = (reais: number | null) => (reais === null ? 'unknown (prices not read yet)' : brl(reais));

const create: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  const dataDir = localDataDir(values);
  if ((values.message === undefined) === (values.template === undefined)) {
    throw new UsageError('Give the text: --message TEXT or --template NAME (one of them).');
  }
  // A draft with no text could never be sent: say so now, not at "campaign send".
  if (values.message?.trim() === '') throw new UsageError('--message is empty: give the text to send.');
  if ([values.list, values.segment, values.file].filter((v) => v !== undefined).length !== 1) {
    throw new UsageError('Give the recipients: --list NAME, --segment NAME or --file PATH (one of them).');
  }
  const smsTypeId = smsTypeOf(values['sms-type']);
  const schedule = scheduleOf(values.schedule, ctx.locale);
  const json = values.json ?? false;

  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    // Found before anything is made: an unknown name leaves no draft or imported list behind.
    const chosen =
      values.template === undefined ? null : await templateNamed(core, values.template, '--template');
    let listId: string | null = null;
    let segmentId: string | null = null;
    let imported = '';
    if (values.segment !== undefined) {
      segmentId = await segmentNamed(core, values.segment);
    } else if (values.list !== undefined) {
      const wanted = listNameKey(values.list);
      const list = ok<ListView[]>(await core.dispatch('lists:list', {})).find(
        (l) => listNameKey(l.name) === wanted,
      );
      if (!list)
        throw new StepFailed({
          code: 'not_found',
          message: `There is no list called "${values.list.trim()}".`,
        });
      listId = list.id;
    } else {
      const result = await importIntoNewList(core, values.file!, values.name ?? 'Campanha');
      listId = result.list.id;
      imported =
        `The list "${result.list.name}" has the file's ${result.members} contact(s): ${result.imported} new, ` +
        `${result.members - result.imported} already in your contacts` +
        (result.invalid > 0
          ? `; ${result.invalid} row(s) refused (run "torpedo import" for the reasons).`
          : '.');
    }

    const draft = ok<CampaignView>(
      await core.dispatch('campaigns:create', values.name !== undefined ? { name: values.name } : {}),
    );
    const saved = await core.dispatch('campaigns:saveDraft', {
      id: draft.id,
      template: chosen?.text ?? values.message,
      audience: {
        listIds: listId === null ? [] : [listId],
        contactIds: [],
        segmentIds: segmentId === null ? [] : [segmentId],
      },
      options: {
        // The template's sender and SMS type, unless the command line gives its own.
        smsTypeId: smsTypeId ?? chosen?.smsTypeId ?? null,
        ...(chosen?.from ? { from: chosen.from } : {}),
        scheduleAt: schedule ? (schedule.onEachClock ?? schedule.at) : null,
        linkTracking: values['track-links'] ? 'track' : 'none',
      },
    });
    if (!saved.ok) {
      // No half-made draft left behind for a command line that was wrong.
      await core.dispatch('campaigns:delete', { id: draft.id });
      throw new StepFailed(saved.error);
    }
    const estimate = ok<CampaignEstimateView>(await core.dispatch('campaigns:estimate', { id: draft.id }));
    const checks = await messageChecks(core, chosen?.text ?? values.message!, estimate);
    const summary = {
      id: draft.id,
      recipients: estimate.recipients,
      batches: Math.ceil(estimate.recipients / BATCH_SIZE),
      segments: estimate.segments,
      cost: estimate.cost,
      shortLinks: estimate.shortLinks,
      schedule,
      excluded: estimate.rules.excluded,
      moved: estimate.rules.moved,
      // The composer's own count (campaigns:estimate), per field as typed: who gets the fallback.
      fallbacks: estimate.fallbacks.map(({ field, key, fallback, count }) => ({
        field,
        key,
        fallback,
        count,
      })),
      // What the composer warns of before sending (shared/compose-checks): said on stderr too.
      checks: checks.list,
    };
    if (imported) ctx.output.err(imported);
    for (const line of checks.words(ctx.output.language)) ctx.output.err(line);
    if (json) printJson(ctx.output, summary);
    else {
      ctx.output.out(
        `Draft "${draft.name}" (${draft.id}): ${summary.recipients} recipient(s) in ${summary.batches} batch(es), ` +
          `${summary.segments} SMS part(s), it will cost ${money(summary.cost)}.`,
      );
      if (estimate.shortLinks) {
        const { links, length, basis } = estimate.shortLinks;
        ctx.output.out(
          `Counted with ${links} short link(s) of ${length} characters` +
            (basis === 'guess' ? ' (a guess: no short link of this account is known yet).' : '.'),
        );
      }
      const { excluded, moved } = estimate.rules;
      if (excluded.blocked + excluded.cap > 0) {
        ctx.output.out(
          `Left out by the sending rules: ${excluded.blocked} on a block list, ` +
            `${excluded.cap} over the frequency cap.`,
        );
      }
      if (moved.window + moved.holiday + moved.sunday > 0) {
        ctx.output.out(
          `Sent later by the sending rules (each recipient's own clock): ${moved.window} outside the ` +
            `sending hours, ${moved.sunday} on a Sunday, ${moved.holiday} on a holiday` +
            (estimate.lastAt ? `; the last at ${estimate.lastAt}.` : '.'),
        );
      }
      for (const f of estimate.fallbacks) {
        ctx.output.out(
          `${f.count} recipient(s) have no ${f.key}: ` +
            (f.fallback ? `they get "${f.fallback}" (${f.field}).` : `${f.field} is left out for them.`),
        );
      }
      if (estimate.tooLong > 0) {
        ctx.output.out(
          `${estimate.tooLong} message(s) are over 1600 characters: shorten the text before sending.`,
        );
      }
      if (schedule) {
        ctx.output.out(
          schedule.onEachClock
            ? `Scheduled for ${schedule.local} on each recipient's own clock (${schedule.at} in Brasília).`
            : `Scheduled for ${schedule.local} Brasília time (${schedule.at}).`,
        );
      }
      ctx.output.out(`Send it with: torpedo campaign send ${draft.id}`);
    }
    return EXIT.ok;
  });
};

const send: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length !== 1) throw new UsageError('Give the campaign: torpedo campaign send ID.');
  const dataDir = localDataDir(values);
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const sent = ok<CampaignView>(await core.dispatch('campaigns:send', { id: positionals[0]! }));
    const totals = sent.totals!;
    const batches = sent.progress?.batches.total ?? Math.ceil(totals.messages / BATCH_SIZE);
    if (json) {
      printJson(ctx.output, {
        id: sent.id,
        status: sent.status,
        recipients: totals.recipients,
        batches,
        segments: totals.segments,
        cost: totals.cost,
      });
    } else {
      ctx.output.out(
        `Campaign "${sent.name}" queued: ${totals.messages} message(s) in ${batches} batch(es), ` +
          `${totals.segments} SMS part(s); it will cost ${money(totals.cost)}, charged as it goes out. ` +
          '"torpedo worker" (or the app) delivers it.',
      );
    }
    return EXIT.ok;
  });
};

const status: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length !== 1) throw new UsageError('Give the campaign: torpedo campaign status ID.');
  const dataDir = localDataDir(values);
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const progress = ok<CampaignProgressView>(
      await core.dispatch('campaigns:progress', { id: positionals[0]! }),
    );
    // The one rule of the app's screens: a campaign whose messages all wait for their time is "scheduled".
    const shown = shownCampaignStatus(progress.status, isDelivering(progress), progress.scheduled);
    const waiting = scheduledShown(progress.status, isDelivering(progress), progress.scheduled);
    if (json) {
      printJson(ctx.output, {
        id: progress.campaignId,
        status: progress.status,
        shown,
        batches: progress.batches,
        messages: progress.messages,
        hold: progress.hold,
        scheduled: progress.scheduled,
        removed: progress.removed,
      });
    } else {
      const b = progress.batches;
      const states = (['queued', 'sending', 'accepted', 'held', 'failed', 'cancelled'] as const)
        .filter((s) => b[s] > 0)
        .map((s) => `${b[s]} ${s}`);
      const when = waiting
        ? waiting.firstAt === waiting.lastAt
          ? ` ${waiting.messages} message(s) go out at ${waiting.firstAt}.`
          : ` ${waiting.messages} message(s) go out from ${waiting.firstAt} to ${waiting.lastAt}.`
        : '';
      const r = progress.removed;
      const removed = r
        ? ` Taken out before they went: ${r.optedOut} opted out, ` +
          r.blocked.map((b) => `${b.count} blocked by ${listName(b.list)}, `).join('') +
          `${r.cap} over the cap.`
        : '';
      ctx.output.out(
        `${shown}: ${progress.messages.accepted} of ${progress.messages.total} message(s) accepted; ` +
          `batches: ${states.length ? states.join(', ') : 'none'}.` +
          when +
          removed +
          (progress.hold ? ` Waiting: ${progress.hold.message}` : ''),
      );
    }
    return EXIT.ok;
  });
};

/** `torpedo campaign <create|send|status> ...` */
export const campaignCommand = withSubcommands('campaign', { create, send, status });
