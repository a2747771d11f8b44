import type { InvoiceItem } from '../../api/wire-schemas';
import type { Database } from '../../db/open-database';
import { toCents, toReais } from '../../money';

interface Row {
  uuid: string;
  display_id: string;
  total_cents: number;
  date: string;
  expiry: string;
  status_code: string | null;
  status_name: string | null;
  status_icon: string | null;
  status_color: string | null;
  card_code: string | null;
  card_name: string | null;
}

const toItem = (r: Row): InvoiceItem => ({
  uuid: r.uuid,
  displayId: r.display_id,
  total: toReais(r.total_cents),
  date: r.date,
  expiry: r.expiry,
  status:
    r.status_code === null
      ? null
      : { code: r.status_code, name: r.status_name ?? '', icon: r.status_icon, color: r.status_color },
  card: r.card_code === null ? null : { code: r.card_code, name: r.card_name ?? '' },
});

export type InvoiceCache = ReturnType<typeof createInvoiceCache>;

/**
 * The local copy of the invoice history (migration 0004): every invoice the
 * app has read, per profile, for offline pages and the CSV export. Invoices
 * are public records of the account (no card number beyond the last four).
 */
export function createInvoiceCache(db: Database, now: () => Date) {
  const upsert = db.prepare(
    `INSERT INTO invoices (profile, uuid, display_id, total_cents, date, expiry, status_code, status_name,
                           status_icon, status_color, card_code, card_name, fetched_at)
     VALUES (@profile, @uuid, @displayId, @totalCents, @date, @expiry, @statusCode, @statusName,
             @statusIcon, @statusColor, @cardCode, @cardName, @fetchedAt)
     ON CONFLICT (profile, uuid) DO UPDATE SET
       display_id = excluded.display_id, total_cents = excluded.total_cents, date = excluded.date,
       expiry = excluded.expiry, status_code = excluded.status_code, status_name = excluded.status_name,
       status_icon = excluded.status_icon, status_color = excluded.status_color,
       card_code = excluded.card_code, card_name = excluded.card_name, fetched_at = excluded.fetched_at`,
  );
  const page = db.prepare<[string, number, number], Row>(
    'SELECT * FROM invoices WHERE profile = ? ORDER BY date DESC, uuid LIMIT ? OFFSET ?',
  );
  const all = db.prepare<[string], Row>('SELECT * FROM invoices WHERE profile = ? ORDER BY date DESC, uuid');
  const stats = db.prepare<[string], { count: number; fetched_at: string | null }>(
    'SELECT count(*) AS count, max(fetched_at) AS fetched_at FROM invoices WHERE profile = ?',
  );
  const clear = db.prepare<[string]>('DELETE FROM invoices WHERE profile = ?');

  const putMany = db.transaction((profile: string, items: readonly InvoiceItem[]) => {
    const fetchedAt = now().toISOString();
    for (const inv of items) {
      upsert.run({
        profile,
        uuid: inv.uuid,
        displayId: inv.displayId,
        totalCents: toCents(inv.total),
        date: inv.date,
        expiry: inv.expiry,
        statusCode: inv.status?.code ?? null,
        statusName: inv.status?.name ?? null,
        statusIcon: inv.status?.icon ?? null,
        statusColor: inv.status?.color ?? null,
        cardCode: inv.card?.code ?? null,
        cardName: inv.card?.name ?? null,
        fetchedAt,
      });
    }
  });

  return {
    put: (profile: string, items: readonly InvoiceItem[]): void => putMany(profile, items),
    page: (profile: string, pageNo: number, perPage: number): InvoiceItem[] =>
      page.all(profile, perPage, (pageNo - 1) * perPage).map(toItem),
    all: (profile: string): InvoiceItem[] => all.all(profile).map(toItem),
    /** How many are kept and when the newest of them was read (null: none kept). */
    stats: (profile: string): { count: number; fetchedAt: string | null } => {
      const row = stats.get(profile)!;
      return { count: row.count, fetchedAt: row.fetched_at };
    },
    clearProfile: (profile: string): number => clear.run(profile).changes,
  };
}
