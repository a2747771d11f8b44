/**
 * A segment's contacts, taken out of Torpedo: a CSV the owner saves (to
 * open in a spreadsheet, or import elsewhere), or a list they join. Both
 * work out the segment now, as a campaign sent now would.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SegmentExportView, SegmentToListView } from '../../shared/dto/segments';
import { BUILTIN_KEYS } from '../../shared/template';
import type { ContactsRepo } from '../contacts/contacts-module';
import type { Database } from '../db/open-database';
import { toCsv } from '../export/csv';
import { saveWithHost } from '../files/save-with-host';
import type { Host } from '../kernel/host';
import type { CompiledSegment } from './segment-query';

/** Contacts read and written per slice (yielding between slices: 100,000 never freeze the app). */
const SLICE = 5_000;

type Row = { sortKey: string; id: string; name: string; phone: string; email: string | null; fields: string };

export function createSegmentContacts(deps: {
  db: Database;
  contacts: ContactsRepo;
  host: Host;
  language: () => 'pt-BR' | 'en';
}) {
  /** The segment's contacts in name order (as the contacts page lists them), a slice at a time. */
  async function* slices(segment: CompiledSegment): AsyncGenerator<Row[]> {
    const read = deps.db.prepare<Record<string, unknown>, Row>(
      `SELECT c.sort_key AS sortKey, c.id, c.name, c.phone, c.email, c.fields FROM contacts c
        WHERE (c.sort_key, c.phone) > (:key, :phone) AND c.seq IN (${segment.sql})
        ORDER BY c.sort_key, c.phone LIMIT ${SLICE}`,
    );
    for (let after = { key: '', phone: '' }; ;) {
      const rows = read.all({ ...segment.params, ...after });
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < SLICE) return;
      const last = rows.at(-1)!;
      after = { key: last.sortKey, phone: last.phone };
      await nextTurn();
    }
  }

  return {
    /** name, phone, e-mail and the profile's own columns, one row per contact; `;` and a BOM in Portuguese. */
    async exportCsv(
      profile: string,
      segment: CompiledSegment,
      segmentName: string,
    ): Promise<SegmentExportView> {
      const language = deps.language();
      const keys = deps.contacts.fieldTypes(profile).map((f) => f.key);
      const names = BUILTIN_KEYS[language];
      const delimiter = language === 'pt-BR' ? ';' : ',';
      const parts = [toCsv([[names.name, names.phone, names.email, ...keys]], { delimiter, bom: true })];
      let count = 0;
      for await (const rows of slices(segment)) {
        parts.push(
          toCsv(
            rows.map((r) => {
              const fields = JSON.parse(r.fields) as Record<string, string>;
              return [r.name, r.phone, r.email, ...keys.map((k) => fields[k] ?? '')];
            }),
            { delimiter, keepPhoneNumbers: true },
          ),
        );
        count += rows.length;
      }
      const fileName = `${segmentName.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'segmento'}.csv`;
      const saved = await saveWithHost(() => deps.host.saveTextFile(fileName, parts.join(''), 'csv'));
      return { ...saved, count };
    },

    /** The segment's contacts join the list of that name (created if there is none). */
    async addToList(profile: string, segment: CompiledSegment, listName: string): Promise<SegmentToListView> {
      const ids: string[] = [];
      for await (const rows of slices(segment)) for (const r of rows) ids.push(r.id);
      const list =
        deps.contacts.findListByName(profile, listName) ?? deps.contacts.createList(profile, listName);
      const added = ids.length === 0 ? 0 : deps.contacts.addToList(profile, list.id, ids);
      return { list: { id: list.id, name: list.name }, added, contacts: ids.length };
    },
  };
}
