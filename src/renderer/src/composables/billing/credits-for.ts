import type { RouteLocationRaw } from 'vue-router';

/**
 * The credits page opened for a campaign that lacks `need` reais: the page
 * preselects what covers the gap and names the campaign (CreditsView,
 * BuyingForNote). Without a known gap, just the credits page.
 */
export function creditsFor(
  campaignId: string | undefined,
  need: number | null | undefined,
): RouteLocationRaw {
  if (!campaignId || !need || !(need > 0)) return '/credits';
  return { path: '/credits', query: { for: campaignId, need: need.toFixed(2) } };
}
