/**
 * Names the composer gives campaigns, in the user's language (the core does
 * not know the UI's, so the caller passes ModuleDeps.language()).
 */
import { DEFAULT_TIME_ZONE } from '../../shared/contract/campaigns';
import { formatDateTime } from '../../shared/display-format';

const MAX_NAME = 100;

const WORDS = {
  'pt-BR': { campaign: 'Campanha', copy: 'cópia' },
  en: { campaign: 'Campaign', copy: 'copy' },
} as const;

/** "Campanha 12/05/2025 14:30": when it was created, in Brazil's time unless told otherwise. */
export function defaultCampaignName(
  language: 'pt-BR' | 'en',
  at: Date,
  timeZone = DEFAULT_TIME_ZONE,
): string {
  return `${WORDS[language].campaign} ${formatDateTime(at, language, timeZone)}`;
}

/** "Black Friday (cópia)", the original cut so the whole name stays within the limit. */
export function copyName(language: 'pt-BR' | 'en', name: string): string {
  const suffix = ` (${WORDS[language].copy})`;
  return `${name.slice(0, MAX_NAME - suffix.length).trimEnd()}${suffix}`;
}
