/**
 * Reading the server's events and applying them. Each page is applied in ONE
 * SQLite transaction together with its cursor, then acknowledged: a page
 * whose ack was lost comes back and is applied again, which changes nothing
 * (replies are kept once by event id, a delivery report moves a message at
 * most once, a click is kept once by event id: inbox-intake.ts,
 * history/pushed-statuses.ts, links/pushed-clicks.ts). Events the app does not
 * know, or that are not well formed, are skipped (and acknowledged).
 *
 * Concurrent reads join the one under way.
 */
import type { ServerSyncError, ServerSyncResult } from '../../shared/dto/server';
import { webhookEvent, WEBHOOK_EVENTS, type WebhookEvent } from '../../shared/webhook/events';
import type { FeedEvent } from '../../shared/server-contract/v1';
import type { Database } from '../db/open-database';
import type { PushedStatus, PushedStatusesApplied } from '../history/history-module';
import type { IncomingReply, InboxIntake, IntakeResult } from '../inbox/inbox-module';
import type { PushedClick, PushedClicksOutcome } from '../links/links-module';
import type { ConnectionRepo } from './connection-repo';
import type { DeviceTokens } from './device-token';
import { createServerClient, type ServerClient } from './server-client';
import { syncErrorOf } from './server-failures';

/** Pages read per sync at most: the rest wait for the next one, a few seconds later. */
export const MAX_PAGES_PER_SYNC = 20;

export interface SyncDeps {
  db: Database;
  connections: ConnectionRepo;
  tokens: DeviceTokens;
  intake: InboxIntake;
  statuses: { applyPushed(profile: string, statuses: readonly PushedStatus[]): PushedStatusesApplied };
  clicks: { applyPushed(profile: string, clicks: readonly PushedClick[]): PushedClicksOutcome };
  now: () => Date;
  /** Told after each committed page, so open pages refresh (the events the report listens to). */
  onApplied(profile: string, page: AppliedPage): void;
  clientOf?: (url: string) => ServerClient;
}

export interface AppliedPage {
  replies: IntakeResult;
  statuses: PushedStatusesApplied;
  clicks: PushedClicksOutcome;
}

/** What a read brought in, and why it stopped early (the client's failure, or 'unauthorized': no token). */
export interface SyncOutcome {
  result: ServerSyncResult;
  failure: unknown;
}

export const NOTHING_SYNCED: ServerSyncResult = { received: 0, optedOut: 0, statuses: 0, clicks: 0 };

/** The page's events the app knows, each in its writer's shape. */
function sortOut(events: readonly FeedEvent[]) {
  const replies: IncomingReply[] = [];
  const statuses: PushedStatus[] = [];
  const clicks: PushedClick[] = [];
  for (const feed of events) {
    const parsed = webhookEvent.safeParse(feed.body);
    if (!parsed.success) continue;
    const e: WebhookEvent = parsed.data;
    if (e.event === WEBHOOK_EVENTS.reply) {
      replies.push({
        eventId: e.id,
        phone: `+${e.data.fromPhone.replace(/^\+/, '')}`,
        text: e.data.message,
        receivedAt: e.data.receivedAt,
      });
    } else if (e.event === WEBHOOK_EVENTS.status) {
      statuses.push({
        sendId: e.data.sendId,
        phone: `+${e.data.phone}`,
        status: e.data.status,
        code: typeof e.data.code === 'string' ? e.data.code : null,
        messageId: typeof e.data.messageId === 'string' ? e.data.messageId : null,
      });
    } else {
      clicks.push({
        eventId: e.id,
        linkId: e.data.linkId,
        clickedAt: e.data.clickedAt,
        phone: typeof e.data.phone === 'string' ? e.data.phone : null,
      });
    }
  }
  return { replies, statuses, clicks };
}

export function createServerSync(deps: SyncDeps) {
  const clientOf = deps.clientOf ?? ((url: string) => createServerClient(url));
  const running = new Map<string, Promise<SyncOutcome>>();

  const applyPage = deps.db.transaction((profile: string, events: readonly FeedEvent[], cursor: string) => {
    const sorted = sortOut(events);
    const page: AppliedPage = {
      replies: deps.intake.receive(profile, sorted.replies),
      statuses: deps.statuses.applyPushed(profile, sorted.statuses),
      clicks: deps.clicks.applyPushed(profile, sorted.clicks),
    };
    deps.connections.saveCursor(profile, cursor);
    return page;
  });

  async function readAll(profile: string): Promise<SyncOutcome> {
    const connection = deps.connections.get(profile);
    if (!connection) return { result: NOTHING_SYNCED, failure: null };
    const total = { ...NOTHING_SYNCED };
    const fail = (error: ServerSyncError) => {
      // The connection may have been dropped meanwhile (a disconnect during the read).
      if (deps.connections.get(profile)) deps.connections.recordSync(profile, null, error);
    };
    const token = await deps.tokens.get(profile);
    if (!token) {
      fail('unauthorized');
      return { result: total, failure: 'unauthorized' };
    }
    const client = clientOf(connection.url);
    try {
      for (let n = 0; n < MAX_PAGES_PER_SYNC; n++) {
        const { events, cursor } = await client.events(token);
        if (cursor === null || events.length === 0) break;
        if (!deps.connections.get(profile)) break;
        const page = applyPage(profile, events, cursor);
        total.received += page.replies.received;
        total.optedOut += page.replies.optedOut;
        total.statuses += page.statuses.applied;
        total.clicks += page.clicks.added;
        deps.onApplied(profile, page);
        await client.ack(token, cursor);
      }
    } catch (error) {
      const reason = syncErrorOf(error);
      if (reason === null) throw error;
      fail(reason);
      return { result: total, failure: error };
    }
    if (deps.connections.get(profile)) deps.connections.recordSync(profile, deps.now().toISOString(), null);
    return { result: total, failure: null };
  }

  return {
    /** Reads what arrived since the last page applied; joins a read under way for the same profile. */
    sync(profile: string): Promise<SyncOutcome> {
      const under = running.get(profile);
      if (under) return under;
      const read = readAll(profile).finally(() => running.delete(profile));
      running.set(profile, read);
      return read;
    },
  };
}
