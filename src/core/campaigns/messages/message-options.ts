/**
 * A campaign's options as they are frozen with it: the defaults a new draft,
 * an automation's hand-over and an older row missing a field all take, and
 * the reader of the frozen JSON.
 */
import { DEFAULT_TIME_ZONE, campaignOptions } from '../../../shared/contract/campaigns';
import type { CampaignOptions } from '../../../shared/dto/campaigns';

export const DEFAULT_OPTIONS: CampaignOptions = {
  smsTypeId: null,
  from: null,
  scheduleAt: null,
  timeZone: DEFAULT_TIME_ZONE,
  flash: false,
  linkTracking: 'none',
  callbackUrl: null,
  plainLetters: false,
};

/** Options older versions kept that no longer exist: a campaign's own quiet hours gave way to the sending rules. */
const RETIRED_OPTIONS = ['sendWindow'];

const partialOptions = campaignOptions.partial();

/** A frozen campaign's options; a field missing from an older row takes its default. Null: unreadable. */
export function readOptions(json: string): CampaignOptions | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    raw = Object.fromEntries(Object.entries(raw).filter(([key]) => !RETIRED_OPTIONS.includes(key)));
  }
  const parsed = partialOptions.safeParse(raw);
  if (!parsed.success) return null;
  const defined = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_OPTIONS, ...defined } as CampaignOptions;
}
