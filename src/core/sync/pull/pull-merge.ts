import { suppressedSql } from '../../rules/rules-module';
import type { ContactListItem } from '../../api/wire-schemas';
import type { Database } from '../../db/open-database';
import { cleanName } from '../../../shared/sort-key';
import { SyncLog, type UpsertRow } from '../../contacts/contacts-module';
import { recordSeen } from './pull-removals';
import { guard, type LinkedList, type SyncContext } from '../sync-context';

/** What the local contacts table accepts as a phone (its CHECK): E.164. */
const E164 = /^\+[1-9]\d{6,14}$/;

interface Local {
  id: string;
  phone: string;
  name: string;
  email: string | null;
  hidden: number;
  member: number;
}

/** The statements of a merge, prepared once per database. */
function statements(db: Database) {
  return {
    local: db.prepare<[string, string, string], Local>(
      `SELECT c.id, c.phone, c.name, c.email, c.deleted_at IS NOT NULL AS hidden,
         EXISTS (SELECT 1 FROM contact_lists cl WHERE cl.list_id = ? AND cl.contact_id = c.id) AS member
       FROM json_each(?) j JOIN contacts c ON c.phone = j.value AND c.profile = ?`,
    ),
    // Contacts with a local change not sent yet, logged or already queued.
    pending: db
      .prepare<[string, string, string, string], string>(
        `SELECT q.contact_id FROM sync_queue q WHERE q.profile = ? AND q.contact_id IN (SELECT value FROM json_each(?))
         UNION SELECT ch.entity_id FROM sync_changes ch WHERE ch.profile = ? AND ch.entity = 'contact'
           AND ch.entity_id IN (SELECT value FROM json_each(?))`,
      )
      .pluck(),
    // The service's contacts whose local contact was deleted here, the delete not sent yet.
    deleting: db
      .prepare<[string, string], string>(
        `SELECT sc.remote_id FROM sync_queue q JOIN sync_contacts sc
           ON sc.profile = q.profile AND sc.contact_id = q.contact_id
         WHERE q.profile = ? AND q.op = 'delete' AND sc.remote_id IN (SELECT value FROM json_each(?))`,
      )
      .pluck(),
    // Queued contacts whose service id was never stored (see remote-resolve.ts), by the number they were
    // queued with: purged ones (their delete not sent yet; `live` 0), and live ones renumbered here since
    // (the service may hold them under that number: created, then the app crashed; `live` 1).
    queuedUnder: db.prepare<[string, string], { phone: string; contact_id: string; live: number }>(
      `SELECT q.phone, q.contact_id, c.id IS NOT NULL AS live FROM sync_queue q
       LEFT JOIN contacts c ON c.id = q.contact_id
       WHERE q.profile = ? AND q.phone IN (SELECT value FROM json_each(?))
         AND (c.id IS NULL OR (c.profile = q.profile AND c.deleted_at IS NULL AND c.phone <> q.phone))
         AND NOT EXISTS (SELECT 1 FROM sync_contacts sc WHERE sc.profile = q.profile AND sc.contact_id = q.contact_id)`,
    ),
    // Numbers of people erased at their request (core/privacy): the service may still hold them; never again here.
    erased: db
      .prepare<{ profile: string; phones: string }, string>(
        `SELECT value FROM json_each(:phones) WHERE ${suppressedSql(':profile', 'value')}`,
      )
      .pluck(),
    changes: new SyncLog(db),
  };
}

const prepared = new WeakMap<Database, ReturnType<typeof statements>>();

/**
 * Merges one page of the service's members of `list` into the local list, in
 * one transaction with the page number reached (so a resumed pull starts
 * after it). Contacts are matched by phone; the service's name and e-mail
 * update the local contact (a blank keeps the local one), except:
 * - a contact with a local change not sent yet: the local change wins (the
 *   push that follows sends it), and it is not put back in a list it left;
 * - a contact deleted here (still undoable, or its delete not sent yet) is not brought back;
 * - a service contact under the old number of a contact renumbered here
 *   (its id lost in a crash) is that contact, not a new one: the push then
 *   moves it to the new number;
 * - opt-outs are never touched: an opted-out number stays opted out (the
 *   push then takes it off the service's synced lists: opt-out-removal.ts).
 * Every local contact met is recorded as seen, for the removals a complete
 * pull mirrors (pull-removals.ts).
 * The merge is not logged for sync (it came from the service). Returns how
 * many contacts were new or changed.
 */
export function mergePage(
  ctx: SyncContext,
  list: LinkedList,
  items: ContactListItem[],
  page: number,
): number {
  let s = prepared.get(ctx.db);
  if (!s) prepared.set(ctx.db, (s = statements(ctx.db)));
  const stmt = s;
  const { profile } = ctx;
  const valid = items.filter((item) => E164.test(item.phone));
  const phones = JSON.stringify(valid.map((item) => item.phone));

  return ctx.db
    .transaction(() => {
      guard(ctx);
      const local = new Map(stmt.local.all(list.listId, phones, profile).map((r) => [r.phone, r]));
      const ids = JSON.stringify([...local.values()].map((r) => r.id));
      const pending = new Set(stmt.pending.all(profile, ids, profile, ids));
      const deleting = new Set(stmt.deleting.all(profile, JSON.stringify(valid.map((item) => item.id))));
      const queuedUnder = stmt.queuedUnder.all(profile, phones);
      const deletingPhones = new Set(queuedUnder.filter((r) => r.live === 0).map((r) => r.phone));
      const renumbered = new Map(queuedUnder.filter((r) => r.live === 1).map((r) => [r.phone, r.contact_id]));

      const erased = new Set(stmt.erased.all({ profile, phones }));
      const rows: UpsertRow[] = [];
      for (const item of valid) {
        if (erased.has(item.phone)) continue;
        const mine = local.get(item.phone);
        if (deleting.has(item.id) || (mine && (mine.hidden === 1 || pending.has(mine.id)))) continue;
        if (!mine && (deletingPhones.has(item.phone) || renumbered.has(item.phone))) continue;
        // A contact the service holds without a name carries its phone as the name (see contact-push).
        const name = item.fullName === item.phone ? '' : cleanName(item.fullName);
        const email = item.email || null;
        // Already as the service has it: nothing to write (and nothing to count as received).
        const same =
          mine?.member === 1 &&
          (name === '' || name === mine.name) &&
          (email === null || email === mine.email);
        if (!same) rows.push({ name, phone: item.phone, email, fields: {} });
      }

      if (rows.length > 0) {
        const before = stmt.changes.lastSeq();
        ctx.repo.upsertMany(profile, rows, 'update', list.listId);
        const written = stmt.local.all(list.listId, JSON.stringify(rows.map((r) => r.phone)), profile);
        // The repo logged these for sync; they came from the service, so they are not sent back.
        stmt.changes.forgetSince(profile, before, JSON.stringify(written.map((r) => r.id)), 'upserts');
      }

      // Remember every member's id and lists on the service, pending ones included (the push needs them).
      const now = new Map(stmt.local.all(list.listId, phones, profile).map((r) => [r.phone, r]));
      const moved = valid.filter((item) => !now.has(item.phone) && renumbered.has(item.phone));
      recordSeen(
        ctx,
        list,
        [...[...now.values()].map((r) => r.id), ...moved.map((item) => renumbered.get(item.phone)!)],
        page,
      );
      const learn = (contactId: string, item: ContactListItem) =>
        ctx.remote.put(profile, contactId, { remoteId: item.id, remoteLists: item.lists.map((l) => l.id) });
      for (const item of valid) {
        const mine = now.get(item.phone);
        if (mine && mine.hidden === 0 && !deleting.has(item.id)) learn(mine.id, item);
      }
      for (const item of moved) learn(renumbered.get(item.phone)!, item);
      ctx.lists.setPullPage(profile, list.listId, page);
      return rows.length;
    })
    .immediate();
}
