import type { ContactsChannel } from '../../shared/contract/contacts';
import type { ImportChannel } from '../../shared/contract/import';
import type { CoreModule, ModuleDeps } from '../core-module';
import { contactsHandlers } from './contacts-handlers';
import { importHandlers } from './import/import-handlers';
import { ImportService } from './import/import-service';
import { SearchCatchUp } from './search/search-catch-up';

export type { ContactsRepo } from './contacts-repo';
export { checkPhone, LANDLINE_MESSAGE } from './phone/contact-phone';
export { foldText } from './search/sort-key';

/**
 * Contacts with their import: contacts, lists and the opt-out list of the
 * signed-in profile, the import wizard (each import a worker thread, saved
 * as one transaction) and the undo of the last import. The contacts repo is
 * a shared part (campaigns read their audience from it, sync pushes it);
 * the search index's catch-up after a large import, and the imports, live here.
 */
export function createContactsModule(
  deps: Pick<ModuleDeps, 'contacts' | 'dbFile' | 'settings' | 'events' | 'host' | 'now' | 'profile'>,
): CoreModule<ContactsChannel | ImportChannel> {
  const { contacts, dbFile, profile } = deps;
  const searchCatchUp = new SearchCatchUp({ repo: contacts, dbFile });
  const imports = new ImportService({
    dbFile,
    afterCommit: (indexThere) => searchCatchUp.start(indexThere),
    settings: deps.settings,
    profile,
    events: deps.events,
    host: deps.host,
    now: deps.now,
  });
  return {
    handlers: {
      ...importHandlers(imports, contacts, profile),
      ...contactsHandlers(contacts, profile, searchCatchUp),
    },
    clearProfile: (profile) => {
      imports.forgetMappings(profile);
      contacts.clearProfile(profile);
    },
    close: async () => {
      // First: closing the imports ends a catch-up running in one of their threads; none may start after.
      const indexing = searchCatchUp.close();
      await imports.closeAll();
      await indexing;
    },
  };
}
