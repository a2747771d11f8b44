import type {
  PrivacyRequestChannel,
  PrivacyRequestKind,
  PrivacyRequestView,
} from '../../shared/dto/privacy-requests';
import type { Database } from '../db/open-database';
import { daysLeft } from './request-deadline';

interface RequestRow {
  id: number;
  phone: string | null;
  kind: PrivacyRequestKind;
  channel: PrivacyRequestChannel;
  note: string | null;
  received_on: string;
  due_on: string;
  answered_at: string | null;
  answer_note: string | null;
}

export interface NewPrivacyRequest {
  phone: string;
  kind: PrivacyRequestKind;
  channel: PrivacyRequestChannel;
  note: string | null;
  receivedOn: string;
  dueOn: string;
}

export interface PrivacyRequestsRepo {
  add(profile: string, request: NewPrivacyRequest, at: string): number;
  get(profile: string, id: number, now: Date): PrivacyRequestView | undefined;
  /** Open ones first by due date, then the answered ones, newest answer first. */
  list(profile: string, now: Date): PrivacyRequestView[];
  /** Open ones due on `lastDay` or before (overdue included), most urgent first. */
  dueBy(profile: string, lastDay: string, now: Date): PrivacyRequestView[];
  /** Marks it answered; one answered already keeps its first answer. False: no such request. */
  answer(profile: string, id: number, note: string | null, at: string): boolean;
  /**
   * The person was erased (privacy:erase): their number leaves every request, which stays, so the
   * register still shows that a deletion was asked and answered, without who asked. Returns how many.
   */
  forgetPhone(profile: string, phone: string): number;
  clearProfile(profile: string): void;
}

const COLUMNS = 'id, phone, kind, channel, note, received_on, due_on, answered_at, answer_note';

/** The register of privacy requests (migration 0036's `privacy_requests`), the one writer of its table. */
export function createPrivacyRequestsRepo(db: Database): PrivacyRequestsRepo {
  const s = {
    add: db
      .prepare<[string, string, string, string, string | null, string, string, string], number>(
        `INSERT INTO privacy_requests (profile, phone, kind, channel, note, received_on, due_on, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      )
      .pluck(),
    get: db.prepare<[string, number], RequestRow>(
      `SELECT ${COLUMNS} FROM privacy_requests WHERE profile = ? AND id = ?`,
    ),
    list: db.prepare<[string], RequestRow>(
      `SELECT ${COLUMNS} FROM privacy_requests WHERE profile = ?
        ORDER BY answered_at IS NOT NULL, CASE WHEN answered_at IS NULL THEN due_on END, answered_at DESC, id`,
    ),
    dueBy: db.prepare<[string, string], RequestRow>(
      `SELECT ${COLUMNS} FROM privacy_requests
        WHERE profile = ? AND answered_at IS NULL AND due_on <= ? ORDER BY due_on, id`,
    ),
    answer: db.prepare<[string, string | null, string, number]>(
      `UPDATE privacy_requests SET answered_at = coalesce(answered_at, ?),
              answer_note = CASE WHEN answered_at IS NULL THEN ? ELSE answer_note END
        WHERE profile = ? AND id = ?`,
    ),
    forget: db.prepare<[string, string]>(
      'UPDATE privacy_requests SET phone = NULL WHERE profile = ? AND phone = ?',
    ),
    clear: db.prepare<[string]>('DELETE FROM privacy_requests WHERE profile = ?'),
  };

  const toView = (r: RequestRow, now: Date): PrivacyRequestView => ({
    id: r.id,
    phone: r.phone,
    kind: r.kind,
    channel: r.channel,
    note: r.note,
    receivedOn: r.received_on,
    dueOn: r.due_on,
    answeredAt: r.answered_at,
    answerNote: r.answer_note,
    daysLeft: r.answered_at === null ? daysLeft(r.due_on, now) : null,
  });

  return {
    add: (profile, r, at) =>
      s.add.get(profile, r.phone, r.kind, r.channel, r.note, r.receivedOn, r.dueOn, at)!,
    get: (profile, id, now) => {
      const row = s.get.get(profile, id);
      return row && toView(row, now);
    },
    list: (profile, now) => s.list.all(profile).map((r) => toView(r, now)),
    dueBy: (profile, lastDay, now) => s.dueBy.all(profile, lastDay).map((r) => toView(r, now)),
    answer: (profile, id, note, at) => s.answer.run(at, note, profile, id).changes > 0,
    forgetPhone: (profile, phone) => s.forget.run(profile, phone).changes,
    clearProfile: (profile) => s.clear.run(profile),
  };
}
