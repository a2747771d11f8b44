/**
 * The composer's checks for `torpedo campaign create` (issue 37): the saved
 * draft's text against the sending rules' frame, counted with the core's
 * estimate (the most parts a message takes, who lacks each field), so the
 * terminal warns of exactly what the window would.
 */
import type { AppLanguage } from '../../shared/app-language';
import { composeCheckInWords } from '../../shared/compose-checks/compose-check-words';
import { checkMessage, type ComposeCheck } from '../../shared/compose-checks/compose-checks';
import type { CampaignEstimateView } from '../../shared/dto/campaigns';
import type { RulesView } from '../../shared/dto/rules';
import { frameOf } from '../../shared/rules/message-frame';
import type { Core } from '../../core/kernel/create-core';
import { ok } from '../step';

const WARNING: Readonly<Record<AppLanguage, string>> = { en: 'Warning', 'pt-BR': 'Aviso' };

export interface MessageChecks {
  list: ComposeCheck[];
  /** Each check as a line for stderr, in the terminal's language. */
  words(language: AppLanguage): string[];
}

export async function messageChecks(
  core: Core,
  template: string,
  estimate: CampaignEstimateView,
): Promise<MessageChecks> {
  const view = ok<RulesView>(await core.dispatch('rules:get', {}));
  const list = checkMessage({
    template,
    frame: frameOf(view.rules, view.howToStop.serverConnected),
    parts: estimate.recipients > 0 ? estimate.maxSegments : null,
    lacking: estimate.recipients > 0 ? estimate.fallbacks : null,
  });
  return {
    list,
    words: (language) => list.map((check) => `${WARNING[language]}: ${composeCheckInWords(check, language)}`),
  };
}
