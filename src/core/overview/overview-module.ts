import type { OverviewChannel } from '../../shared/contract/overview';
import type { HoldView } from '../../shared/dto/campaigns';
import type { OverviewCampaign, OverviewDay, OverviewView, OverviewWaiting } from '../../shared/dto/overview';
import { isDelivering } from '../../shared/campaign-delivering';
import type { CampaignsModule } from '../campaigns/campaigns-module';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import { createOverviewQueries, type RecentRow } from './overview-queries';

/** Campaigns the overview lists. */
export const RECENT_CAMPAIGNS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
const BRASILIA_OFFSET_MS = 3 * 60 * 60 * 1000;

const rate = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** A kept hold as the view carries it; a row that cannot be read says nothing rather than failing the page. */
function holdOf(json: string | null): HoldView | null {
  if (!json) return null;
  try {
    const hold = JSON.parse(json) as HoldView;
    return typeof hold.code === 'string' && typeof hold.message === 'string' ? hold : null;
  } catch {
    return null;
  }
}

const reais = (cents: number | null) => (cents === null ? null : cents / 100);

/** What the overview reads of the campaigns' own functions: where a campaign's messages stand. */
export type OverviewCampaigns = Pick<CampaignsModule, 'progress'>;

function recentView(r: RecentRow, campaigns: OverviewCampaigns): OverviewCampaign {
  const messages = r.messages ?? 0;
  // Its progress as the campaigns list reads it, so the overview says what the list says: accepted
  // messages the service holds for their own time make the campaign "Agendada", not "Enviada".
  const progress = campaigns.progress(r.id);
  return {
    id: r.id,
    name: r.name,
    status: r.status as OverviewCampaign['status'],
    queuedAt: r.queued_at,
    sentAt: r.sent_at,
    delivering: isDelivering(progress),
    scheduled: progress?.scheduled ?? null,
    messages,
    delivered: r.delivered,
    failed: r.failed,
    deliveredRate: r.read > 0 ? rate(r.delivered, messages) : null,
    failedRate: r.read > 0 ? rate(r.failed, messages) : null,
    clicks: r.tracking !== null && r.tracking !== 'none' ? r.clicks : null,
    spent: reais(r.spent_cents),
    willCost: reais(r.pending_cents),
  };
}

/** The 30 days up to today (Brasília), oldest first, each with what happened on it. */
function lastDays(now: Date, messages: Map<string, number>, clicks: Map<string, number>): OverviewDay[] {
  const today = new Date(now.getTime() - BRASILIA_OFFSET_MS);
  return Array.from({ length: 30 }, (_, i) => {
    const day = new Date(today.getTime() - (29 - i) * DAY_MS).toISOString().slice(0, 10);
    return { day, messages: messages.get(day) ?? 0, clicks: clicks.get(day) ?? 0 };
  });
}

/** 00:00 of the first day of this month in Brasília, as an instant. */
function monthStart(now: Date): string {
  const local = new Date(now.getTime() - BRASILIA_OFFSET_MS);
  return new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) + BRASILIA_OFFSET_MS,
  ).toISOString();
}

/**
 * The overview: how the last campaigns did, the last 30 days, what waits
 * and why, contacts, and the first steps of a new user, from the kept copy
 * only (overview-queries.ts), so the home screen opens at once and offline.
 */
export function createOverviewModule(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'profile'>,
  campaigns: OverviewCampaigns,
): CoreModule<OverviewChannel> {
  const q = createOverviewQueries(deps.db);

  function read(profile: string): OverviewView {
    const now = deps.now();
    // The first of the 30 days, from 00:00 Brasília.
    const days = lastDays(now, new Map(), new Map());
    const since = new Date(Date.parse(`${days[0]!.day}T00:00:00.000Z`) + BRASILIA_OFFSET_MS).toISOString();
    const period = q.period.get(profile, since)!;
    const clicksByDay = new Map(q.clicksByDay.all(profile, since).map((d) => [d.day, d.n]));
    const clicks = [...clicksByDay.values()].reduce((n, c) => n + c, 0);
    const contacts = q.contacts.get(profile)!;
    const first = q.firstRun.get(profile, profile, profile, profile, profile)!;
    const waiting: OverviewWaiting[] = q.waiting.all(profile, now.toISOString()).map((w) => ({
      id: w.id,
      name: w.name,
      scheduleAt: w.status === 'held' ? null : w.schedule_at,
      timeZone: w.time_zone ?? 'America/Sao_Paulo',
      hold: w.status === 'held' ? holdOf(w.hold) : null,
    }));
    return {
      recent: q.recent.all(profile, RECENT_CAMPAIGNS).map((r) => recentView(r, campaigns)),
      last30Days: {
        messages: period.messages,
        // Spend counts the test messages: the figure beside it says how many, so the two agree.
        testMessages: q.testMessages.get(profile, since)!,
        spend: (q.spendCents.get({ profile, since }) ?? 0) / 100,
        delivered: period.delivered,
        failed: period.failed,
        deliveryRate: rate(period.delivered, period.delivered + period.failed),
        clicks,
        clickRate: rate(clicks, period.tracked_delivered),
        days: lastDays(
          now,
          new Map(q.messagesByDay.all(profile, since).map((d) => [d.day, d.n])),
          clicksByDay,
        ),
      },
      waiting,
      contacts,
      optOutsThisMonth: q.optOutsSince.get(profile, monthStart(now))!,
      firstRun: {
        imported: contacts > 0,
        composed: first.composed === 1,
        tested: first.tested === 1,
        sent: first.sent === 1,
        draftId: first.draft,
      },
      readAt: now.toISOString(),
    };
  }

  return { handlers: { 'overview:get': async () => read(deps.profile()) } };
}
