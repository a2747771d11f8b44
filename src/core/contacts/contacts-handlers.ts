import type { z } from 'zod';
import type { OptOutsAddResult } from '../../shared/dto';
import type { ContactsChannel, matchingIdsInput } from '../../shared/contract/contacts';
import type { Handlers } from '../kernel/handlers';
import { notFound } from './contact-errors';
import { checkPhone } from './phone/contact-phone';
import { readsIndex } from './search/contact-search';
import type { ContactsRepo } from './contacts-repo';
import type { SearchCatchUp } from './search/search-catch-up';

type MatchingIds = z.infer<typeof matchingIdsInput>;

/** A stored number to remove from the opt-out list: normalised like any other, else taken as E.164 if it is. */
const storedPhone = (raw: string): string | null => {
  const check = checkPhone(raw);
  if (check.ok) return check.e164;
  const trimmed = raw.trim();
  return /^\+[1-9]\d{6,14}$/.test(trimmed) ? trimmed : null;
};

/**
 * The contract's contacts, lists and opt-out channels, on the repo, always
 * for the signed-in profile (`profile()` fails with not_signed_in otherwise).
 * Searches, filters and list counts read the search index: they wait for
 * its catch-up after a large import (`searchIndex.ready()`).
 */
export function contactsHandlers(
  repo: ContactsRepo,
  profile: () => string,
  searchIndex: Pick<SearchCatchUp, 'ready'>,
): Pick<Handlers, ContactsChannel> {
  /** A bulk action's contacts: the ids given, or every match of the search but those left out. */
  async function chosen(selection: { ids: string[] } | Omit<MatchingIds, 'limit'>): Promise<string[]> {
    if ('ids' in selection) return selection.ids;
    if (readsIndex(selection.matching)) await searchIndex.ready();
    const except = new Set(selection.except);
    const ids = repo.matchingIds({ ...selection.matching, profile: profile() });
    return except.size === 0 ? ids : ids.filter((id) => !except.has(id));
  }

  return {
    'contacts:search': async (input) => {
      // Browsing needs no index: the Contacts page shows a fresh import at once.
      if (readsIndex(input)) await searchIndex.ready();
      const { rows, total } = repo.search({ ...input, profile: profile() });
      return { rows, total, offset: input.offset, limit: input.limit };
    },
    'contacts:get': async ({ id }) => {
      const contact = repo.get(profile(), id);
      if (!contact) throw notFound('contact');
      return contact;
    },
    'contacts:consentRecords': async ({ id }) => {
      const contact = repo.get(profile(), id);
      if (!contact) throw notFound('contact');
      return repo.consentRecords(profile(), contact.phone);
    },
    'contacts:create': async (input) => repo.create(profile(), input),
    'contacts:update': async ({ id, ...patch }) => repo.update(profile(), id, patch),
    'contacts:delete': async (input) => repo.delete(profile(), await chosen(input)),
    'contacts:matchingIds': async (input) => {
      const ids = await chosen(input);
      return { ids: ids.slice(0, input.limit), total: ids.length };
    },
    'contacts:undoDelete': async ({ undoToken }) => ({ restored: repo.undoDelete(profile(), undoToken) }),
    'contacts:addToList': async ({ listId, ...which }) => ({
      added: repo.addToList(profile(), listId, await chosen(which)),
    }),
    'contacts:removeFromList': async ({ listId, ids }) => ({
      removed: repo.removeFromList(profile(), listId, ids),
    }),
    'contacts:optOut': async ({ note, ...which }) =>
      repo.optOut(profile(), { contactIds: await chosen(which) }, 'contact', note),

    'lists:list': async () => {
      await searchIndex.ready();
      return repo.lists(profile());
    },
    'lists:create': async ({ name }) => repo.createList(profile(), name),
    'lists:rename': async ({ id, name }) => {
      await searchIndex.ready();
      return repo.renameList(profile(), id, name);
    },
    'lists:delete': async ({ id }) => {
      repo.deleteList(profile(), id);
      return { deleted: true };
    },

    'optOuts:list': async (input) => {
      const { rows, total } = repo.listOptOuts(profile(), input);
      return { rows, total, offset: input.offset, limit: input.limit };
    },
    'optOuts:add': async ({ phones, note }) => {
      const current = profile();
      const valid: string[] = [];
      const invalid: OptOutsAddResult['invalid'] = [];
      phones.forEach((input, index) => {
        const check = checkPhone(input);
        if (check.ok) valid.push(check.e164);
        else invalid.push({ index, input, reason: check.reason, message: check.message });
      });
      const counts = valid.length
        ? repo.optOut(current, { phones: valid }, 'manual', note)
        : { added: 0, already: 0 };
      return { ...counts, invalid };
    },
    'optOuts:remove': async ({ phones }) => {
      const current = profile();
      const stored = phones.map(storedPhone).filter((p): p is string => p !== null);
      return { removed: stored.length ? repo.removeOptOut(current, stored) : 0 };
    },
  };
}
