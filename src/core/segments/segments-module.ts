import type { SegmentsChannel } from '../../shared/contract/segments';
import type { SavedSegmentView } from '../../shared/dto/segments';
import type { SegmentDefinition } from '../../shared/segments/segment-model';
import type { ContactsModule } from '../contacts/contacts-module';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import { createSegmentCatalog } from './segment-catalog';
import { checkDefinition, labelled, readDefinition } from './segment-check';
import { createSegmentContacts } from './segment-contacts';
import { createSegmentQuery, type CompiledSegment } from './segment-query';
import { createSegmentRepo, type SegmentRecord } from './segment-repo';
import { NOBODY } from './sql/condition-sets';

export type { CompiledSegment };

/** What the campaigns read of the segments: an audience's segments as SQL, worked out now. */
export interface SegmentAudience {
  /**
   * The contacts of the profile's segments `ids` (each once; a segment gone
   * is none), as a SELECT of contacts' seqs with its parameters (named with
   * prefix `g`, and `:profile`); null when `ids` is empty.
   */
  compile(profile: string, ids: readonly string[]): CompiledSegment | null;
  /** Resolves once every contact's typed values are in place (a large import's catch-up). */
  ready(): Promise<void>;
  /** A segment's id by its name, for the CLI's `--segment NAME`. */
  idByName(profile: string, name: string): string | undefined;
  /** A segment's name; null when it is not the profile's (or was deleted). */
  nameOf(profile: string, id: string): string | null;
}

/** One segment's members, now, for who asks about a single contact (the automations' triggers). */
export interface SegmentMembership {
  /** Who is in the segment at the moment of asking, as a condition on the contact's seq (`c.seq`); null when it is gone. */
  condition(profile: string, id: string): CompiledSegment | null;
  /** The segment's name; null when it is not the profile's (or was deleted). */
  name(profile: string, id: string): string | null;
}

export interface SegmentsModule extends CoreModule<SegmentsChannel> {
  audience: SegmentAudience;
  membership: SegmentMembership;
}

/**
 * Segments: saved conditions on the contacts' fields (segment-repo.ts),
 * checked against the fields there are (segment-check.ts), worked out in
 * SQL over the contacts' indexes (sql/) when counted, exported, added to a
 * list, or sent to (the campaigns compile them into their audience).
 */
export function createSegmentsModule(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'profile' | 'language' | 'host'>,
  contacts: Pick<ContactsModule, 'repo' | 'searchCatchUp'>,
): SegmentsModule {
  const repo = createSegmentRepo(deps.db);
  const catalog = createSegmentCatalog(deps.db, contacts.repo);
  const query = createSegmentQuery(deps.db, catalog, deps.now);
  const out = createSegmentContacts({
    db: deps.db,
    contacts: contacts.repo,
    host: deps.host,
    language: deps.language,
  });
  // Counting waits for a large import's typed values, as search waits for its index.
  const ready = () => contacts.searchCatchUp.ready();
  const at = () => deps.now().toISOString();
  const nameOf = (profile: string, id: string) => repo.all(profile).find((r) => r.id === id)?.name ?? null;

  const view = (profile: string, record: SegmentRecord): SavedSegmentView => ({
    ...record,
    conditions: labelled(catalog, profile, record.conditions),
  });
  const definitionOf = (record: SegmentDefinition): SegmentDefinition => ({
    match: record.match,
    conditions: record.conditions,
  });

  return {
    handlers: {
      'segments:list': async () => {
        const profile = deps.profile();
        return repo.all(profile).map((r) => view(profile, r));
      },
      'segments:create': async ({ name, match, conditions }) => {
        const profile = deps.profile();
        const definition = checkDefinition(catalog, profile, { match, conditions });
        return view(profile, repo.find(profile, repo.insert(profile, name, definition, at())));
      },
      'segments:update': async ({ id, name, match, conditions }) => {
        const profile = deps.profile();
        const current = repo.find(profile, id);
        const definition =
          match === undefined && conditions === undefined
            ? undefined
            : checkDefinition(catalog, profile, {
                match: match ?? current.match,
                conditions: conditions ?? current.conditions,
              });
        repo.update(profile, id, { ...(name !== undefined ? { name } : {}), ...definition }, at());
        return view(profile, repo.find(profile, id));
      },
      'segments:delete': async ({ id }) => {
        repo.remove(deps.profile(), id);
        return { deleted: true };
      },
      'segments:count': async (input) => {
        const profile = deps.profile();
        const definition =
          'id' in input
            ? definitionOf(repo.find(profile, input.id))
            : checkDefinition(catalog, profile, input);
        await ready();
        return query.count(profile, definition);
      },
      'segments:fields': async () => catalog.fields(deps.profile(), deps.language()),
      'segments:read': async ({ where, match }) =>
        readDefinition(catalog, deps.profile(), where, match, deps.now()),
      'segments:export': async ({ id }) => {
        const profile = deps.profile();
        const record = repo.find(profile, id);
        await ready();
        return out.exportCsv(profile, query.compile(profile, [definitionOf(record)]), record.name);
      },
      'segments:addToList': async ({ id, listName }) => {
        const profile = deps.profile();
        const record = repo.find(profile, id);
        await ready();
        return out.addToList(profile, query.compile(profile, [definitionOf(record)]), listName);
      },
    },
    audience: {
      compile(profile, ids) {
        if (ids.length === 0) return null;
        const records = repo.all(profile).filter((r) => ids.includes(r.id));
        // Every segment gone: nobody, in the same shape.
        if (records.length === 0) return { sql: NOBODY, params: {} };
        return query.compile(profile, records.map(definitionOf), 'g');
      },
      ready,
      idByName: (profile, name) => repo.findByName(profile, name)?.id,
      nameOf,
    },
    membership: {
      condition: (profile, id) => {
        const record = repo.all(profile).find((r) => r.id === id);
        if (!record) return null;
        const compiled = query.compile(profile, [definitionOf(record)], 'g');
        return { sql: `c.seq IN (${compiled.sql})`, params: compiled.params };
      },
      name: nameOf,
    },
    clearProfile: (profile) => repo.clearProfile(profile),
  };
}
