/**
 * Each domain's part of erasing one person (LGPD art. 18, VI), gathered:
 * every table that holds a number or a name is written by its owner only
 * (core/db/tables.ts), so each owner brings its own `forget`, and the erase
 * calls them all in one transaction. What each keeps and why is written in
 * its file (`<domain>/forget-person.ts`).
 */
import type { ErasedCounts } from '../../../shared/dto/privacy';
import type { Database } from '../../db/open-database';
import { createAutomationsForget } from '../../automations/automations-module';
import { createCampaignsForget, ERASED_TEXT } from '../../campaigns/campaigns-module';
import type { ContactsRepo } from '../../contacts/contacts-module';
import { createHistoryForget } from '../../history/history-module';
import { createInboxForget } from '../../inbox/inbox-module';
import { createLinksForget } from '../../links/links-module';
import type { PrivacyRequestsModule } from '../../privacy-requests/privacy-requests-module';
import { createRulesForget } from '../../rules/rules-module';
import { createSyncForget } from '../../sync/sync-module';

export interface ForgetOutcome {
  erased: ErasedCounts;
  /** Campaigns the withdrawal of their last messages finished. */
  finished: string[];
}

export function createPersonForgetters(
  db: Database,
  contacts: ContactsRepo,
  requests: Pick<PrivacyRequestsModule, 'forgetPhone'>,
) {
  const campaigns = createCampaignsForget(db);
  const history = createHistoryForget(db);
  const links = createLinksForget(db);
  const rules = createRulesForget(db);
  const inbox = createInboxForget(db, ERASED_TEXT);
  const automations = createAutomationsForget(db);
  const sync = createSyncForget(db);

  /** Call inside one transaction. `token`: the erase's anonymous stand-in for the number, where a row stays. */
  return (profile: string, phone: string, token: string, at: string): ForgetOutcome => {
    const { finished, ...sent } = campaigns(profile, phone, token, at);
    const erased: ErasedCounts = {
      ...contacts.forgetPerson(profile, phone),
      ...sent,
      ...history(profile, phone, token),
      ...links(profile, phone),
      ...rules(profile, phone),
      ...inbox(profile, phone, token),
      ...automations(profile, phone),
      ...sync(profile, phone),
      // The register keeps that a deletion was asked and answered (the business must show it), not the number.
      privacyRequests: requests.forgetPhone(profile, phone),
    };
    return { erased, finished };
  };
}
