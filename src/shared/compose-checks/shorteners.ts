/**
 * Link shorteners other than the service's. Carriers' spam filters and
 * customers alike distrust a generic short address in an SMS (anyone can
 * make one, and it hides where it goes); the service's own short links,
 * which Torpedo makes when a campaign shortens its links, count the clicks
 * and name the shop's account. So a written address on one of these hosts
 * gets a warning: write the full address and let Torpedo shorten it.
 */
/** Public shorteners seen in Brazilian SMS (hosts, without `www.`). */
export const OTHER_SHORTENERS: readonly string[] = [
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  'cutt.ly',
  'encurtador.com.br',
  'is.gd',
  'v.gd',
  't.co',
  'goo.gl',
  'ow.ly',
  'rebrand.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
  'bl.ink',
  'buff.ly',
  'l1nq.com',
  'abre.ai',
];

const escaped = (host: string) => host.replace(/\./g, '\\.');
/**
 * A short address on one of the hosts: the host (after an optional scheme and
 * `www.`, not inside a longer name such as `mybit.ly`) and a path. Matched
 * on the text rather than through the link finder, which knows only common
 * top-level domains (`bl.ink` would escape it).
 */
const SHORT_ADDRESS = new RegExp(
  `(?:^|[^\\p{L}\\p{N}.-])(?:https?://)?(?:www\\.)?(${OTHER_SHORTENERS.map(escaped).join('|')})/\\S`,
  'giu',
);

/** The shortener hosts a template's addresses use, each once, in order. */
export function otherShortenersIn(template: string): string[] {
  const found = new Set<string>();
  for (const match of template.matchAll(SHORT_ADDRESS)) found.add(match[1]!.toLowerCase());
  return [...found];
}
