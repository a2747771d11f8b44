/**
 * The send log: one row per message a campaign or an automation sends to a
 * number, at the instant it goes out, for the frequency cap ("at most N
 * messages per person in D days", across campaigns and automations).
 * Keyed (profile, phone, at, origin), so the cap's question, how many
 * messages did this number get since T, is one index range; rows older
 * than the longest cap are trimmed as new ones come in.
 *
 * Test sends are not logged: they go to the owner's own number.
 */
import { CAP_DAYS_MAX } from '../../shared/rules/sending-rules';
import type { Database } from '../db/open-database';

const DAY_MS = 86_400_000;
/** Rows per INSERT through json_each. */
const CHUNK = 5000;

/** Who sent a message: a campaign (`c` and its ref) or an automation (`a` and its id). */
export type SendOrigin = `c${string}` | `a${string}`;

export interface SendLogWriter {
  /** A message to `phone` going out at `at` (ms). */
  add(phone: string, at: number): void;
  /** Writes what is pending. */
  finish(): void;
}

export function createSendLog(db: Database) {
  const s = {
    add: db.prepare<[string, string, string]>(
      `INSERT OR IGNORE INTO send_log (profile, phone, at, origin)
       SELECT ?, j.value ->> 0, j.value ->> 1, ? FROM json_each(?) j`,
    ),
    forget: db.prepare<[string, string, string]>(
      `DELETE FROM send_log WHERE profile = ? AND origin = ? AND phone IN (SELECT value FROM json_each(?))`,
    ),
    count: db
      .prepare<[string, string, number], number>(
        'SELECT count(*) FROM send_log WHERE profile = ? AND phone = ? AND at > ?',
      )
      .pluck(),
    trim: db.prepare<[number]>('DELETE FROM send_log WHERE at < ?'),
    clear: db.prepare<[string]>('DELETE FROM send_log WHERE profile = ?'),
  };

  return {
    /**
     * Logs messages as they are decided, in chunks; the caller holds the
     * transaction (a campaign's freeze), so the log and the outbox agree.
     */
    writer(profile: string, origin: SendOrigin, now: Date): SendLogWriter {
      s.trim.run(now.getTime() - (CAP_DAYS_MAX + 1) * DAY_MS);
      let pending: [string, number][] = [];
      const flush = () => {
        if (pending.length === 0) return;
        s.add.run(profile, origin, JSON.stringify(pending));
        pending = [];
      };
      return {
        add(phone, at) {
          pending.push([phone, at]);
          if (pending.length === CHUNK) flush();
        },
        finish: flush,
      };
    },

    /** Messages that will not go out after all (a cancelled or refused batch): they no longer count. */
    forget(profile: string, origin: SendOrigin, phones: readonly string[]): void {
      for (let i = 0; i < phones.length; i += CHUNK) {
        s.forget.run(profile, origin, JSON.stringify(phones.slice(i, i + CHUNK)));
      }
    },

    /** Messages logged for a number after `since` (scheduled ones included). */
    countSince: (profile: string, phone: string, since: number): number =>
      s.count.get(profile, phone, since)!,

    clear: (profile: string) => void s.clear.run(profile),
  };
}

export type SendLog = ReturnType<typeof createSendLog>;
