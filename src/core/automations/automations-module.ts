/**
 * Automations: birthday and recurring sends, handed to the service ahead of
 * time through the campaigns' outbox (handover/), their log (log/) and
 * their cost ahead (forecast/). The occurrence engine is occurrences/.
 *
 * While the app runs (and in `torpedo worker`), a round hands over what is
 * due every few minutes, at start and right after a change; the channels
 * work in any core, the CLI's local ones included (`automations:run` hands
 * over on demand).
 */
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { AutomationsChannel } from '../../shared/contract/automations';
import type { AutomationLogView, OccurrenceView } from '../../shared/dto/automations';
import { AppFailure } from '../app-failure';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import type { Handlers } from '../kernel/handlers';
import { statementCache } from './audience/audience-sql';
import { createAutomationRepo, type Automation } from './automation-repo';
import { defaultName } from './automation-names';
import { createAutomationViews } from './automation-views';
import { forecast } from './forecast/forecast';
import { createBalanceWatch } from './forecast/balance-watch';
import { readAudience, currentText, type WorkContext } from './handover/occurrence-audience';
import { createOccurrenceStore } from './handover/occurrence-store';
import { runRound } from './handover/hand-over-round';
import { createAutomationLog } from './log/automation-log';
import { upcomingOccurrences } from './log/upcoming';
import { parseDateKey } from './occurrences/local-date';
import type { AutomationPorts } from './ports';
import { testSendAutomation } from './test-send';

export type { AutomationPorts, BalanceSource, SegmentSource, TemplateSource } from './ports';
/** Erasing one person (core/privacy): this domain's part. */
export { createAutomationsForget } from './forget-person';

export type AutomationsDeps = Pick<
  ModuleDeps,
  | 'db'
  | 'session'
  | 'account'
  | 'settings'
  | 'events'
  | 'host'
  | 'log'
  | 'now'
  | 'language'
  | 'profile'
  | 'localOnly'
>;

export const AUTOMATION_TIMINGS = {
  /** How often the app hands over what became due (well inside the 36-hour horizon). */
  roundEveryMs: 5 * 60_000,
  /** After a change (created, edited, resumed), the round runs this soon. */
  afterChangeMs: 200,
};

export function createAutomationsModule(
  deps: AutomationsDeps,
  ports: AutomationPorts,
  timings: Partial<typeof AUTOMATION_TIMINGS> = {},
): CoreModule<AutomationsChannel> {
  const every = { ...AUTOMATION_TIMINGS, ...timings };
  const repo = createAutomationRepo(deps.db);
  const store = createOccurrenceStore(deps.db);
  const birthdayOf = deps.db
    .prepare<[string, string], number | null>(
      'SELECT birth_md FROM contacts WHERE id = ? AND profile = ? AND deleted_at IS NULL',
    )
    .pluck();
  const ctx: WorkContext = {
    db: deps.db,
    repo,
    store,
    ports,
    statement: statementCache(deps.db),
    smsTypes: (profile) => deps.account.smsTypes.cached(profile),
    contactBirthday: (profile, contactId) => birthdayOf.get(contactId, profile),
  };
  const view = createAutomationViews(ctx, deps.now);
  const log = createAutomationLog(deps.db, ports.outbox);
  const balanceWatch = createBalanceWatch(deps, (profile) =>
    forecast(ctx, {
      profile,
      automations: repo.active(profile),
      automationId: null,
      days: 7,
      now: deps.now(),
    }),
  );

  const find = (id: string): Automation => repo.find(deps.profile(), id);
  const at = () => deps.now().toISOString();

  /**
   * A round for a profile: what is due is handed over, then the next days are
   * held against the balance (the low-balance alert, before the day).
   */
  async function round(profile: string) {
    const result = runRound(ctx, profile, deps.now(), deps.log);
    if (result.changed.size > 0)
      deps.events.emit('automations:changed', { automationIds: [...result.changed] });
    try {
      await balanceWatch.check(profile);
    } catch (error) {
      deps.log.warn('automations.balanceWatchFailed', { error });
    }
    return result;
  }

  // The background rounds (start/stop): one at a time, soon after a change, and every few minutes.
  let started = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let unsubscribe: (() => void) | null = null;
  const background = async () => {
    const profile = deps.session.profile;
    if (profile === null) return;
    try {
      await round(profile);
    } catch (error) {
      deps.log.error('automations.backgroundFailed', { error });
    }
  };
  const schedule = (ms: number) => {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      running ??= background().finally(() => {
        running = null;
        schedule(every.roundEveryMs);
      });
    }, ms);
    timer.unref?.();
  };
  const changed = () => schedule(every.afterChangeMs);

  function checkAudience(profile: string, audience: Automation['audience']) {
    if (audience.kind === 'everyone') return;
    const ok =
      audience.kind === 'list'
        ? deps.db
            .prepare('SELECT 1 FROM lists WHERE id = ? AND profile = ?')
            .get(audience.listId, profile) !== undefined
        : ports.segments.name(profile, audience.segmentId) !== null;
    if (!ok) {
      const field = audience.kind === 'list' ? 'audience.listId' : 'audience.segmentId';
      throw new AppFailure(
        APP_ERROR_CODES.notFound,
        `This ${audience.kind} does not exist (it may have been deleted).`,
        {
          fields: [{ field, message: `No such ${audience.kind}` }],
        },
      );
    }
  }

  function template(profile: string, id: string) {
    const found = ports.templates.find(profile, id);
    if (!found) {
      throw new AppFailure(
        APP_ERROR_CODES.notFound,
        'This template does not exist (it may have been deleted).',
        {
          fields: [{ field: 'templateId', message: 'No such template' }],
        },
      );
    }
    return found;
  }

  const handlers: Pick<Handlers, AutomationsChannel> = {
    'automations:list': async () => repo.all(deps.profile()).map(view),
    'automations:get': async ({ id }) => view(find(id)),

    'automations:create': async (input) => {
      const profile = deps.profile();
      const t = template(profile, input.templateId);
      checkAudience(profile, input.audience);
      const name =
        input.name ?? defaultName(input.rule.kind, deps.language(), (n) => repo.nameUsed(profile, n));
      const id = repo.insert(
        profile,
        {
          name,
          kind: input.rule.kind,
          status: input.paused ? 'paused' : 'active',
          templateId: t.id,
          templateName: t.name,
          text: t.text,
          audience: input.audience,
          rule: input.rule,
        },
        at(),
      );
      changed();
      return view(repo.find(profile, id));
    },

    'automations:update': async ({ id, templateId, ...patch }) => {
      const profile = deps.profile();
      const t = templateId === undefined ? null : template(profile, templateId);
      if (patch.audience) checkAudience(profile, patch.audience);
      repo.update(
        profile,
        id,
        { ...patch, ...(t ? { templateId: t.id, templateName: t.name, text: t.text } : {}) },
        at(),
      );
      changed();
      return view(repo.find(profile, id));
    },

    'automations:pause': async ({ id }) => {
      const profile = deps.profile();
      if (repo.setStatus(profile, id, 'paused', at()))
        deps.events.emit('automations:changed', { automationIds: [id] });
      return view(repo.find(profile, id));
    },
    'automations:resume': async ({ id }) => {
      const profile = deps.profile();
      if (repo.setStatus(profile, id, 'active', at())) changed();
      return view(repo.find(profile, id));
    },
    'automations:delete': async ({ id }) => {
      repo.remove(deps.profile(), id, at());
      deps.events.emit('automations:changed', { automationIds: [id] });
      return { deleted: true };
    },

    'automations:log': async ({ id, limit }): Promise<AutomationLogView> => {
      const a = find(id);
      const past = log.occurrences(a.id, limit);
      return {
        automation: view(a),
        upcoming: upcomingOccurrences(ctx, log, a, deps.now()),
        occurrences: past.rows,
        more: past.more,
      };
    },

    'automations:recipients': async ({ id, date, offset, limit }) => {
      const a = find(id);
      const stored = store.occurrence(a.id, date);
      if (stored) {
        const state: OccurrenceView['state'] = log.view(stored).state;
        return log.recipients(a.id, date, offset, limit, state);
      }
      // Not worked out yet: who it would go to as of now.
      return liveRecipients(a, date, offset, limit);
    },

    'automations:forecast': async ({ id, days }) => {
      const profile = deps.profile();
      const automations = id === undefined ? repo.active(profile) : [repo.find(profile, id)];
      return forecast(ctx, { profile, automations, automationId: id ?? null, days, now: deps.now() });
    },

    'automations:testSend': async ({ id, phone }) => testSendAutomation(deps, ctx, find(id), phone),

    'automations:run': async () => {
      const { handedOver, messages, skipped } = await round(deps.profile());
      return { handedOver, messages, skipped };
    },
  };

  /** An occurrence not worked out yet: its audience as of now, in name order. */
  function liveRecipients(a: Automation, date: string, offset: number, limit: number) {
    const day = upcomingOccurrences(ctx, log, a, deps.now(), 400).find((o) => o.date === date);
    if (!day) return { date, rows: [], total: 0, offset, limit };
    const builder = ports.outbox.builder(a.profile, currentText(ctx, a).text);
    const occurrence = { date: parseDateKey(date)!, key: date, at: new Date(day.at) };
    const candidates = readAudience(ctx, a, occurrence, builder).candidates ?? [];
    const rows = candidates.map((c) => ({
      contactId: c.contactId,
      name: c.name,
      phone: c.phone,
      state: c.optedOut || c.greeted ? ('skipped' as const) : ('waiting' as const),
      reason: c.optedOut ? ('opted_out' as const) : c.greeted ? ('already_greeted' as const) : null,
    }));
    return { date, rows: rows.slice(offset, offset + limit), total: rows.length, offset, limit };
  }

  return {
    handlers,
    start() {
      if (started || deps.localOnly) return;
      started = true;
      unsubscribe = deps.events.on((event) => {
        if (event === 'session:changed') changed();
      });
      schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      unsubscribe?.();
      unsubscribe = null;
      await running;
    },
    clearProfile: (profile) => repo.clearProfile(profile),
  };
}
