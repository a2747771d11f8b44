import type { ImportChannel } from '../../shared/contract/import';
import type { Handlers } from '../kernel/handlers';
import type { ContactsRepo } from '../contacts/contacts-module';
import type { ImportService } from './import-service';

/**
 * The contract's `import:*` channels: the wizard's on the import service
 * (each import a worker thread), the last import's on the repo, but its
 * undo in a thread too (it may delete a large import's contacts).
 * `profile()`: the profile local data is read for (ModuleDeps.profile).
 */
export function importHandlers(
  imports: ImportService,
  contacts: ContactsRepo,
  profile: () => string,
): Pick<Handlers, ImportChannel> {
  return {
    'import:open': (input) => imports.open(input),
    'import:reparse': (input) => imports.reparse(input),
    'import:plan': (input) => imports.plan(input),
    'import:commit': (input) => imports.commit(input),
    'import:optOut': (input) => imports.optOut(input),
    'import:block': (input) => imports.block(input),
    'import:cancel': (input) => imports.cancel(input),
    'import:errorFile': (input) => imports.errorFile(input),
    'import:saveErrorFile': (input) => imports.saveErrorFile(input),
    'import:changes': (input) => imports.changes(input),
    'import:last': async () => contacts.lastImport(profile()),
    'import:undo': (input) => imports.undo(input),
    'import:keepLast': async ({ importId }) => ({ kept: contacts.keepLastImport(profile(), importId) }),
  };
}
