/**
 * Erasing one person at their request (LGPD art. 18, VI), in ONE
 * transaction: each domain's part (person-forgetters.ts), the number's keyed
 * hash kept in `privacy_suppressions`, and the erase's record in
 * `privacy_erasures` (when, who, how many rows of each kind; never the
 * number). Then the hash is mirrored beside the database and the WAL is cut
 * (forget-on-disk.ts), so no byte of the database files holds the number or
 * the name any more.
 */
import { randomUUID } from 'node:crypto';
import type { PersonEraseResult } from '../../../shared/dto/privacy';
import type { ContactsRepo } from '../../contacts/contacts-module';
import type { Database } from '../../db/open-database';
import type { Log } from '../../log/log';
import { hashPhone, type SuppressionList } from '../suppression/suppression-list';
import { forgetOnDisk } from './forget-on-disk';
import { createPersonForgetters } from './person-forgetters';
import type { PrivacyRequestsModule } from '../../privacy-requests/privacy-requests-module';

export type ErasedBy = 'owner' | 'cli' | 'reapplied';

export interface PersonEraserDeps {
  db: Database;
  contacts: ContactsRepo;
  requests: Pick<PrivacyRequestsModule, 'forgetPhone'>;
  suppressions: SuppressionList;
  log: Pick<Log, 'info' | 'warn'>;
  now: () => Date;
  /** Campaigns an erase finished (their last messages withdrawn): their pages change. */
  onFinished: (campaignIds: string[]) => void;
}

export function createPersonEraser(deps: PersonEraserDeps) {
  const { db } = deps;
  const forget = createPersonForgetters(db, deps.contacts, deps.requests);
  const record = db.prepare<[string, string, string, string, string]>(
    'INSERT INTO privacy_erasures (id, profile, at, by, erased) VALUES (?, ?, ?, ?, ?)',
  );

  const eraseInOne = db.transaction(
    (profile: string, phone: string, hash: string, by: ErasedBy, at: string) => {
      // An anonymous stand-in where a row stays for a total (a sent message's cost): never the number.
      const token = `apagado-${randomUUID().slice(0, 8)}`;
      const outcome = forget(profile, phone, token, at);
      deps.suppressions.add(profile, hash, at);
      record.run(randomUUID(), profile, at, by, JSON.stringify(outcome.erased));
      return outcome;
    },
  );

  /** Erases the E.164 number `phone` in the profile. */
  async function erase(profile: string, phone: string, by: ErasedBy): Promise<PersonEraseResult> {
    const key = await deps.suppressions.load(profile);
    return eraseHashed(profile, phone, hashPhone(key, phone), by);
  }

  function eraseHashed(profile: string, phone: string, hash: string, by: ErasedBy): PersonEraseResult {
    const at = deps.now().toISOString();
    const { erased, finished } = eraseInOne.immediate(profile, phone, hash, by, at);
    deps.suppressions.mirror(profile);
    forgetOnDisk(db, deps.log);
    deps.log.info('privacy.erased', { by, ...erased });
    if (finished.length > 0) deps.onFinished(finished);
    const found = Object.values(erased).some((n) => n > 0);
    return { found, erased, at };
  }

  return { erase, eraseHashed };
}

export type PersonEraser = ReturnType<typeof createPersonEraser>;
