import { addDays } from 'date-fns/addDays';
import { APP_ERROR_CODES } from '../../shared/app-error';
import {
  PRIVACY_REQUEST_WARN_DAYS,
  type PrivacyRequestsChannel,
} from '../../shared/contract/privacy-requests';
import { AppFailure } from '../app-failure';
import { checkPhone } from '../contacts/contacts-module';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import type { Handlers } from '../kernel/handlers';
import { createPrivacyRequestsRepo, type PrivacyRequestsRepo } from './privacy-requests-repo';
import { dueOn, shopToday } from './request-deadline';

export interface PrivacyRequestsModule extends CoreModule<PrivacyRequestsChannel> {
  /**
   * An erased person's number leaves the register (its requests stay, without it). The erase
   * (privacy:erase) calls it in its own transaction. Returns how many requests held it.
   */
  forgetPhone(profile: string, phone: string): number;
}

/** A field the owner typed that cannot be taken, said on the field (the form shows it there). */
const fieldFailure = (field: string, message: string, reason: string) =>
  new AppFailure(APP_ERROR_CODES.invalidInput, message, { fields: [{ field, message }], reason });

const notFound = () => new AppFailure(APP_ERROR_CODES.notFound, 'This request is not in the register.');

/**
 * The register of a customer's requests (LGPD art. 18) and their due dates
 * (art. 19 II: 15 days), local data only, so it answers offline; the
 * overview reads the ones due soon through `privacyRequests:due`.
 */
export function createPrivacyRequestsModule(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'profile'>,
): PrivacyRequestsModule {
  const repo: PrivacyRequestsRepo = createPrivacyRequestsRepo(deps.db);

  const handlers: Pick<Handlers, PrivacyRequestsChannel> = {
    'privacyRequests:list': async () => repo.list(deps.profile(), deps.now()),
    'privacyRequests:add': async (input) => {
      const profile = deps.profile();
      const now = deps.now();
      const phone = checkPhone(input.phone);
      if (!phone.ok) throw fieldFailure('phone', phone.message, `phone_${phone.reason}`);
      const today = shopToday(now);
      const receivedOn = input.receivedOn ?? today;
      if (receivedOn > today)
        throw fieldFailure('receivedOn', 'A request cannot be received after today', 'received_future');
      const id = repo.add(
        profile,
        {
          phone: phone.e164,
          kind: input.kind,
          channel: input.channel,
          note: input.note,
          receivedOn,
          dueOn: dueOn(receivedOn),
        },
        now.toISOString(),
      );
      return repo.get(profile, id, now)!;
    },
    'privacyRequests:answer': async ({ id, answerNote }) => {
      const profile = deps.profile();
      const now = deps.now();
      if (!repo.answer(profile, id, answerNote, now.toISOString())) throw notFound();
      return repo.get(profile, id, now)!;
    },
    'privacyRequests:due': async () => {
      const now = deps.now();
      const lastDay = addDays(new Date(`${shopToday(now)}T12:00:00Z`), PRIVACY_REQUEST_WARN_DAYS)
        .toISOString()
        .slice(0, 10);
      return {
        withinDays: PRIVACY_REQUEST_WARN_DAYS,
        requests: repo.dueBy(deps.profile(), lastDay, now),
      };
    },
  };

  return {
    handlers,
    forgetPhone: (profile, phone) => repo.forgetPhone(profile, phone),
    clearProfile: (profile) => repo.clearProfile(profile),
  };
}
