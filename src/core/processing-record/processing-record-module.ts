import { privacyContactInput, type ProcessingRecordChannel } from '../../shared/contract/processing-record';
import type { PrivacyContactView } from '../../shared/dto/processing-record';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';

/** One key for the data folder: the shop and its person in charge are the same whichever profile signs in. */
const KEY = 'privacy.contact';

/**
 * The record of processing (LGPD art. 37): the facts of this computer that
 * Configurações › Privacidade puts in plain words (the renderer holds the
 * words, in both languages), and the customers' contact channel the owner
 * fills. `serverConnected` comes from the server module, made after this one.
 */
export function createProcessingRecordModule(
  deps: Pick<ModuleDeps, 'dataDir' | 'settings' | 'session' | 'host'>,
  serverConnected: (profile: string) => boolean,
): CoreModule<ProcessingRecordChannel> {
  /** A stored value that no longer parses (edited by hand, an older shape) reads as not filled. */
  const contact = (): PrivacyContactView | null => {
    const parsed = privacyContactInput.safeParse(deps.settings.get<unknown>(KEY));
    return parsed.success ? parsed.data : null;
  };
  const view = () => {
    const profile = deps.session.profile;
    return {
      dataFolder: deps.dataDir,
      serverConnected: profile !== null && serverConnected(profile),
      contact: contact(),
    };
  };
  return {
    handlers: {
      'processingRecord:get': async () => view(),
      'processingRecord:copyNotice': async ({ text }) => {
        deps.host.writeClipboard(text);
        return { copied: true };
      },
      'processingRecord:setContact': async (input) => {
        deps.settings.set(KEY, input);
        return view();
      },
    },
  };
}
