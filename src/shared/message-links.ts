/**
 * The web addresses written in a message, as a tracked campaign shortens
 * them: found by linkify-it (markdown-it's link finder), so `loja.com.br/promo`
 * and `www.loja.com.br` count as much as `https://…`, and the comma or bracket
 * after an address is not taken as part of it. Used by the core (the freeze,
 * the estimate) and the composer alike, so both name the same links.
 */
import { LinkifyIt } from 'linkify-it';

const finder = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false })
  // Only the web: an ftp address or a mailto is not something a short link can stand for.
  .add('ftp:', null)
  .add('mailto:', null)
  .add('//', null);

export interface WrittenLink {
  /** Exactly as the text has it (what is replaced by the short address). */
  written: string;
  /** The address a short link opens: http(s), with `http://` added to a bare domain. */
  target: string;
}

/**
 * The distinct addresses of a template, in the order they first appear. An
 * address with a merge field in it (`https://loja.com/{{nome}}`) differs per
 * customer, so it is left as written: one short link stands for one address.
 */
export function writtenLinks(template: string): WrittenLink[] {
  const seen = new Map<string, WrittenLink>();
  for (const match of finder.match(template) ?? []) {
    const next = template.slice(match.lastIndex, match.lastIndex + 2);
    if (match.raw.includes('{{') || match.raw.includes('}}') || next === '{{') continue;
    if (!seen.has(match.raw)) seen.set(match.raw, { written: match.raw, target: match.url });
  }
  return [...seen.values()];
}

/**
 * `text` with each written address replaced by its short one. Longest first,
 * so that `loja.com.br/promo` is replaced whole before `loja.com.br` alone is.
 */
export function withShortLinks(text: string, links: readonly { written: string; short: string }[]): string {
  if (links.length === 0) return text;
  let out = text;
  for (const link of [...links].sort((a, b) => b.written.length - a.written.length)) {
    out = out.replaceAll(link.written, link.short);
  }
  return out;
}

/**
 * A stand-in for a short address of `length` characters, for counting a
 * message's parts before the links exist: plain letters, which cost what an
 * address's letters cost (GSM-7, one character each).
 */
export const shortLinkStandIn = (length: number): string => 'x'.repeat(length);

/**
 * `text` cut at each written address, the addresses apart (`link: true`): how
 * the composer shows a tracked campaign's message, with each address in the
 * short form it goes out in. Longest first, as `withShortLinks` replaces them.
 */
export function splitAtLinks(text: string, written: readonly string[]): { text: string; link: boolean }[] {
  if (written.length === 0 || text === '') return [{ text, link: false }];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(
    [...written]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|'),
    'g',
  );
  const pieces: { text: string; link: boolean }[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) pieces.push({ text: text.slice(at, match.index), link: false });
    pieces.push({ text: match[0], link: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), link: false });
  return pieces;
}
