import type { ImportChannel } from '../../shared/contract/import';
import type { ContactsModule, IndexThread } from '../contacts/contacts-module';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import { importHandlers } from './import-handlers';
import { ImportService } from './import-service';
import { ImportWorkerClient } from './worker/worker-client';

/**
 * The contact import: the wizard's channels (each import a worker thread
 * holding its file, saved into the contacts as one transaction), the review
 * of what it would change, and the undo of the last one. It writes only
 * through the contacts domain (its repo, in the thread's own connection).
 */
export function createImportModule(
  deps: Pick<ModuleDeps, 'dbFile' | 'settings' | 'events' | 'host' | 'now' | 'profile'>,
  contacts: Pick<ContactsModule, 'repo' | 'searchCatchUp'>,
  /** The key the erased people's numbers are hashed with (the privacy domain's), for the plan to refuse them. */
  erasedKey?: (profile: string) => Promise<Uint8Array | null>,
): CoreModule<ImportChannel> {
  const imports = new ImportService({
    dbFile: deps.dbFile,
    afterCommit: (indexThere) => contacts.searchCatchUp.start(indexThere),
    settings: deps.settings,
    profile: deps.profile,
    events: deps.events,
    host: deps.host,
    now: deps.now,
    ...(erasedKey ? { erasedKey } : {}),
  });
  return {
    handlers: importHandlers(imports, contacts.repo, deps.profile),
    clearProfile: (profile) => imports.forgetMappings(profile),
    close: async () => {
      // First: closing the imports ends a catch-up running in one of their threads; none may start after.
      const indexing = contacts.searchCatchUp.close();
      await imports.closeAll();
      await indexing;
    },
  };
}

/** A thread for the contacts' search catch-up: an import worker, which indexes on its own connection. */
export const startIndexThread = (): IndexThread => new ImportWorkerClient(() => undefined);
