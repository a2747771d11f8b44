import { APP_ERROR_CODES } from '../../shared/app-error';
import type { PrivacyChannel } from '../../shared/contract/privacy';
import type { CampaignProgressView } from '../../shared/dto/campaigns';
import { AppFailure } from '../app-failure';
import type { ContactsRepo } from '../contacts/contacts-module';
import type { PrivacyRequestsModule } from '../privacy-requests/privacy-requests-module';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import type { Handlers } from '../kernel/handlers';
import { createPersonEraser } from './erase/erase-person';
import { forgetOnDisk } from './erase/forget-on-disk';
import { createReapplyErasures } from './erase/reapply-erasures';
import { exportPerson } from './export/person-export';
import { createPersonReader } from './person/person-reader';
import { personPhone } from './person/person-phone';
import { createSuppressionFile } from './suppression/suppression-file';
import { createSuppressionKeys } from './suppression/suppression-key';
import { createSuppressionList, type SuppressionList } from './suppression/suppression-list';

export type { SuppressionList };
/** The keyed hash an erased number is kept as (the import's thread hashes its rows with it). */
export { hashPhone } from './suppression/suppression-list';

export interface PrivacyModule extends CoreModule<PrivacyChannel> {
  /** Resolves once the keys are loaded and any erase a restored backup undid is applied again. */
  opened: Promise<void>;
  /** The profile's key of the erased numbers' hashes (the import's thread hashes with it); null: nobody was erased there. */
  erasedKey(profile: string): Promise<Buffer | null>;
}

export interface PrivacyParts {
  contacts: ContactsRepo;
  /** The register of requests: an erase keeps the request, not its number. */
  requests: Pick<PrivacyRequestsModule, 'forgetPhone'>;
  /** A campaign's progress, announced when an erase withdrew its last messages. */
  progress(campaignId: string): CampaignProgressView | null;
}

/**
 * One person's rights (LGPD art. 18): their page, the copy of their data,
 * and their erase, after which only their number's keyed hash remains
 * (suppression/) and every audience, import and sync leaves them out.
 */
export function createPrivacyModule(
  deps: Pick<
    ModuleDeps,
    'db' | 'dbFile' | 'dataDir' | 'session' | 'host' | 'log' | 'now' | 'language' | 'profile' | 'events'
  >,
  parts: PrivacyParts,
): PrivacyModule {
  const keys = createSuppressionKeys(deps.dataDir, () => deps.session.keychain());
  const suppressions = createSuppressionList(deps.db, keys, createSuppressionFile(deps.dataDir));
  const reader = createPersonReader(deps.db, deps.dbFile);
  const eraser = createPersonEraser({
    db: deps.db,
    contacts: parts.contacts,
    requests: parts.requests,
    suppressions,
    log: deps.log,
    now: deps.now,
    onFinished: (ids) => {
      for (const id of ids) {
        const view = parts.progress(id);
        if (view) deps.events.emit('campaigns:progress', view);
      }
    },
  });
  const reapply = createReapplyErasures(deps.db, suppressions, eraser);

  // Never a reason not to start: a keychain that does not answer is logged, and each channel says so.
  const opened = (async () => {
    await suppressions.ready(null);
    const again = await reapply(deps.now());
    if (again > 0) deps.log.info('privacy.reapplied', { numbers: again });
    // An erase whose WAL could not be cut then (another process was reading) is cut now.
    if (suppressions.profiles().length > 0) forgetOnDisk(deps.db, deps.log);
  })().catch((error: unknown) => deps.log.error('privacy.openFailed', { error }));

  const keyed = async (profile: string) => {
    await opened;
    try {
      await suppressions.load(profile);
    } catch (error) {
      deps.log.error('privacy.keyMissing', { error });
      throw new AppFailure(
        APP_ERROR_CODES.privacyKeyMissing,
        'The keychain did not give the key of the erased numbers; nothing was erased.',
      );
    }
  };

  const show = async (typed: string) => {
    const phone = personPhone(typed);
    const profile = deps.profile();
    await keyed(profile);
    const person = reader.read(profile, phone, suppressions.isSuppressed(profile, phone));
    const consentRecords = parts.contacts.consentRecords(profile, phone);
    return { ...person, found: person.found || consentRecords.length > 0, consentRecords };
  };

  const handlers: Pick<Handlers, PrivacyChannel> = {
    'privacy:show': ({ phone }) => show(phone),
    'privacy:export': async ({ phone }) =>
      exportPerson(deps.host, await show(phone), deps.language(), deps.now()),
    'privacy:erase': async ({ phone, by }) => {
      const e164 = personPhone(phone);
      const profile = deps.profile();
      await keyed(profile);
      return eraser.erase(profile, e164, by);
    },
  };

  return {
    handlers,
    opened,
    erasedKey: async (profile) => {
      await opened;
      if (!suppressions.any(profile)) return null;
      await keyed(profile);
      return suppressions.keyOf(profile);
    },
  };
}
