import type { ConsentEvidence, ConsentRecordView, OptOutSource } from '../../shared/dto/contacts';
import type { Database } from '../db/open-database';

interface ConsentRecordRow {
  id: number;
  basis: ConsentRecordView['basis'];
  words: string | null;
  channel: ConsentRecordView['channel'];
  collected_by: string | null;
  source: string | null;
  given_at: string | null;
  recorded_at: string;
  withdrawn_at: string | null;
  withdrawn_source: OptOutSource | null;
}

const toView = (r: ConsentRecordRow): ConsentRecordView => ({
  id: r.id,
  basis: r.basis,
  words: r.words,
  channel: r.channel,
  collectedBy: r.collected_by,
  source: r.source,
  givenAt: r.given_at,
  recordedAt: r.recorded_at,
  withdrawnAt: r.withdrawn_at,
  withdrawnSource: r.withdrawn_source,
});

/** What a column holds at most (migration 0036's checks): longer text is cut, never refused mid-import. */
const cut = (text: string | null, max: number): string | null => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed.slice(0, max);
};

/**
 * The evidence behind each number's consent label (migration 0036): kept by
 * number, like the opt-out list, so it outlives the contact and a re-import.
 * Written inside the repo's transactions only (contacts-repo.ts).
 */
export class ConsentRecords {
  private readonly s;

  constructor(db: Database) {
    this.s = {
      add: db.prepare<
        [
          string,
          string,
          string,
          string | null,
          string | null,
          string | null,
          string | null,
          string | null,
          string,
        ]
      >(
        `INSERT INTO consent_records (profile, phone, basis, words, channel, collected_by, source, given_at, recorded_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      // An opted-out number's records stay, marked: the evidence that consent was given, and when it ended.
      withdraw: db.prepare<[string, OptOutSource, string, string]>(
        `UPDATE consent_records SET withdrawn_at = ?, withdrawn_source = ?
          WHERE profile = ? AND withdrawn_at IS NULL AND phone IN (SELECT value FROM json_each(?))`,
      ),
      erase: db.prepare<[string, string]>(
        'DELETE FROM consent_records WHERE profile = ? AND phone IN (SELECT value FROM json_each(?))',
      ),
      ofPhone: db.prepare<[string, string], ConsentRecordRow>(
        `SELECT id, basis, words, channel, collected_by, source, given_at, recorded_at, withdrawn_at, withdrawn_source
           FROM consent_records WHERE profile = ? AND phone = ? ORDER BY recorded_at DESC, id DESC`,
      ),
    };
  }

  add(profile: string, records: readonly { phone: string; evidence: ConsentEvidence }[], at: string): number {
    for (const { phone, evidence: e } of records) {
      this.s.add.run(
        profile,
        phone,
        e.basis,
        cut(e.words, 2000),
        e.channel,
        cut(e.collectedBy, 200),
        cut(e.source, 200),
        cut(e.givenAt, 40),
        at,
      );
    }
    return records.length;
  }

  withdraw(profile: string, phones: readonly string[], source: OptOutSource, at: string): number {
    return this.s.withdraw.run(at, source, profile, JSON.stringify(phones)).changes;
  }

  /** An erased person's evidence goes with them (the erase records that it happened, without the number). */
  erase(profile: string, phones: readonly string[]): number {
    return this.s.erase.run(profile, JSON.stringify(phones)).changes;
  }

  /** Newest first. */
  ofPhone(profile: string, phone: string): ConsentRecordView[] {
    return this.s.ofPhone.all(profile, phone).map(toView);
  }
}
