/**
 * The SMS provider's web panel, where cards are added and confirmed (3-D
 * Secure) and coupons come from. ASSUMED: SMSGo publishes no deep link to its
 * card settings, so this is the site's front page; change it here once known.
 */
export const PROVIDER_PANEL_URL = 'https://smsgo.com.br';
