import type {
  NumberOutcome,
  SendDetailView,
  SendNumbersPageView,
  SendsPageView,
} from '../../shared/dto/history';
import type { NumberStatusFilter, SendDetail, SendNumberItem } from '../api/wire-schemas';
import { outcomeOfWord } from './number-outcome';
import { isUnreachable, type BoundAccount } from '../account/account-module';
import { createSendPeople } from './send-people';
import { countsOf, sendListItemView, type FetchedNumber, type SendRepo, type SendRow } from './send-repo';
import type { Database } from '../db/open-database';

/** `/v1/sms/list` pages by 20 and takes no `perPage`; offline pages follow the same size. */
export const SENDS_PER_PAGE = 20;
/**
 * A service that leaves `phones` out of `/show` (or cuts it short, as one
 * might for a large send) is read through `/numbers` instead, 20 a page: at
 * most this many pages, above the 5000 messages a send can hold.
 */
const MAX_NUMBER_PAGES = 500;
/** Sends read at once when several are refreshed (a campaign's batches). */
const READ_CONCURRENCY = 4;

export interface RefreshOutcome {
  /** Sends whose stored status changed. */
  changed: string[];
  /** Sends that could not be read because the service did not answer. */
  unread: string[];
}

/**
 * The service's sends, read through to SQLite: every read that reaches the
 * service is kept, and when it cannot be reached the kept copy comes back
 * marked stale. A send the service says is done is final, so it is served
 * from the copy without asking again.
 */
export class SendHistory {
  private readonly people;
  /** Sends whose last read fell back to the kept copy (per profile and id). */
  private readonly lastReadFailed = new Set<string>();

  constructor(
    db: Database,
    private readonly repo: SendRepo,
    private readonly now: () => Date,
  ) {
    this.people = createSendPeople(db);
  }

  async list(bound: BoundAccount, page: number): Promise<SendsPageView> {
    try {
      const { data, meta } = await bound.call((c) => c.listSends(page));
      const at = this.now().toISOString();
      this.repo.saveListed(bound.profile, data, at);
      const ids = data.map((s) => s.id);
      await this.readTestResults(bound, this.repo.getMany(bound.profile, ids));
      const rows = this.repo.getMany(bound.profile, ids);
      return {
        sends: rows.map(sendListItemView),
        page: meta.currentPage,
        perPage: meta.perPage,
        total: meta.total,
        lastPage: Math.max(1, meta.lastPage),
        fetchedAt: at,
        stale: false,
      };
    } catch (error) {
      const total = this.repo.count(bound.profile);
      if (!isUnreachable(error) || total === 0) throw error;
      const rows = this.repo.newest(bound.profile, (page - 1) * SENDS_PER_PAGE, SENDS_PER_PAGE);
      return {
        sends: rows.map(sendListItemView),
        page,
        perPage: SENDS_PER_PAGE,
        total,
        lastPage: Math.max(1, Math.ceil(total / SENDS_PER_PAGE)),
        fetchedAt: oldestRead(rows) ?? this.now().toISOString(),
        stale: true,
      };
    }
  }

  async detail(bound: BoundAccount, id: string, refresh = false): Promise<SendDetailView> {
    const kept = this.repo.get(bound.profile, id);
    if (kept?.done === 1 && !refresh) return this.detailView(bound.profile, kept);
    try {
      await this.read(bound, id);
    } catch (error) {
      if (!isUnreachable(error) || !kept || kept.detail_at === null) throw error;
      this.lastReadFailed.add(`${bound.profile}:${id}`);
      return this.detailView(bound.profile, kept);
    }
    return this.detailView(bound.profile, this.repo.get(bound.profile, id)!);
  }

  async numbers(
    bound: BoundAccount,
    input: { id: string; status?: NumberOutcome; page: number; perPage: number },
  ): Promise<SendNumbersPageView> {
    let send = this.repo.get(bound.profile, input.id);
    if (!send || send.detail_at === null) {
      await this.detail(bound, input.id);
      send = this.repo.get(bound.profile, input.id)!;
    }
    const status = input.status ?? null;
    const { rows, total } = this.repo.numbers(send, status, (input.page - 1) * input.perPage, input.perPage);
    return {
      sendId: input.id,
      rows: this.people(bound.profile, send, rows),
      page: input.page,
      perPage: input.perPage,
      total,
      lastPage: Math.max(1, Math.ceil(total / input.perPage)),
      status,
      fetchedAt: send.detail_at!,
      stale: this.lastReadFailed.has(`${bound.profile}:${input.id}`),
    };
  }

  /**
   * Reads these sends again (a few at once). Stops asking once the service
   * does not answer: the rest are reported unread, their kept copy stands.
   * Any other failure (a revoked key) is thrown.
   */
  async refresh(bound: BoundAccount, ids: readonly string[]): Promise<RefreshOutcome> {
    const changed: string[] = [];
    const unread: string[] = [];
    let unreachable = false;
    const queue = [...ids];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        if (unreachable) {
          unread.push(id);
          continue;
        }
        try {
          if (await this.read(bound, id)) changed.push(id);
        } catch (error) {
          if (!isUnreachable(error)) throw error;
          unreachable = true;
          this.lastReadFailed.add(`${bound.profile}:${id}`);
          unread.push(id);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, ids.length) }, worker));
    return { changed, unread };
  }

  /**
   * The composer's test messages on a page, read until they have a result, so
   * the list says how the test went without it being opened. Best effort: a
   * test that cannot be read now (offline, rate limited) keeps "open to see".
   */
  private async readTestResults(bound: BoundAccount, rows: readonly SendRow[]): Promise<void> {
    const pending = rows.filter((r) => r.test_campaign_name !== null && r.done !== 1).map((r) => r.id);
    if (pending.length === 0) return;
    await this.refresh(bound, pending).catch(() => undefined);
  }

  /** Reads one send and its numbers from the service and keeps them; true when it changed. */
  private async read(bound: BoundAccount, id: string): Promise<boolean> {
    const detail = await bound.call((c) => c.getSend(id));
    const numbers =
      detail.phones.length > 0 && detail.phones.length >= detail.quantity
        ? detail.phones.map((p) => fetched(p, p.cost))
        : (await this.readNumberPages(bound, detail.id)).map((n) => fetched(n, null));
    await this.placeByFilter(bound, detail, numbers);
    const changed = this.repo.saveDetail(bound.profile, detail, numbers, this.now().toISOString());
    this.lastReadFailed.delete(`${bound.profile}:${id}`);
    return changed;
  }

  private async readNumberPages(
    bound: BoundAccount,
    sendId: string,
    status?: NumberStatusFilter,
  ): Promise<SendNumberItem[]> {
    const all: SendNumberItem[] = [];
    for (let page = 1; page <= MAX_NUMBER_PAGES; page++) {
      const { data, meta } = await bound.call((c) =>
        c.listSendNumbers(sendId, status ? { status, page } : { page }),
      );
      all.push(...data);
      if (data.length === 0 || meta.nextPageUrl === null || page >= meta.lastPage) break;
    }
    return all;
  }

  /**
   * Each number is first placed by its word (number-outcome.ts). Where the
   * words do not add up to the service's summary (a word Torpedo does not
   * know, in a language it did not expect), the service's own status filter
   * places them instead: `/numbers?status=delivered` (or `failed`) names
   * exactly which numbers it counts there. Best effort: when that cannot be
   * read now, the counts shown are still the summary's. Done once, when the
   * service says the send is done (a done send is not read again unless asked):
   * the filter pages 20 numbers at a time, too many reads to repeat every
   * round of a 5000-message send still on its way.
   */
  private async placeByFilter(bound: BoundAccount, detail: SendDetail, numbers: FetchedNumber[]) {
    const summary = detail.summary;
    if (summary === null || !summary.done || numbers.length === 0) return;
    for (const outcome of ['delivered', 'failed'] as const) {
      const byWord = numbers.filter((n) => n.outcome === outcome).length;
      if (byWord === summary[outcome]) continue;
      const listed = await this.readNumberPages(bound, detail.id, outcome).catch(() => null);
      if (listed === null) continue;
      const ids = new Set(listed.map((n) => n.id).filter(Boolean));
      const phones = new Set(listed.map((n) => n.phone).filter(Boolean));
      for (const n of numbers) {
        const named = n.id ? ids.has(n.id) : phones.has(n.phone);
        if (named) n.outcome = outcome;
        else if (n.outcome === outcome) n.outcome = 'in_progress';
      }
    }
  }

  private detailView(profile: string, row: SendRow): SendDetailView {
    return {
      ...sendListItemView(row),
      counts: countsOf(row)!,
      segments: row.segments ?? 0,
      cost: row.cost,
      failedCharge: this.repo.failedCharge(row),
      fetchedAt: row.detail_at!,
      stale: this.lastReadFailed.has(`${profile}:${row.id}`),
    };
  }
}

const fetched = (
  n: { id: string; phone: string; status: string; code: string | null },
  cost: number | null,
): FetchedNumber => ({
  id: n.id,
  phone: n.phone,
  status: n.status,
  code: n.code,
  outcome: outcomeOfWord(n.status),
  cost,
});

function oldestRead(rows: readonly SendRow[]): string | null {
  // When each row was last read from the service: listed, or opened, whichever was later.
  const times = rows
    .map((r) =>
      [r.listed_at, r.detail_at]
        .filter((t): t is string => t !== null)
        .sort()
        .at(-1),
    )
    .filter((t): t is string => t !== undefined);
  return times.length ? times.sort()[0]! : null;
}
