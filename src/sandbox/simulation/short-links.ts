/**
 * Short links as the service lives them (ASSUMED, see core/api/wire.ts and
 * the README): made through the API or, for a send with `link_tracking`
 * "shorten" or "track", in place of each address in its messages; and
 * clicked by a share of the recipients of the messages delivered with one
 * of the account's short links in them, on the simulated clock.
 *
 * Who clicks, and when, is fixed when the send is accepted, from the seed,
 * the send and the message's place (never the key, like the messages' fates),
 * so a test sees the same clicks every run and a snapshot reloaded later
 * plans the same ones again (their ids are derived, so none is counted twice).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { writtenLinks } from '../../shared/message-links';
import type { Account } from '../state/account';
import type { SendRecord, ShortLinkRecord } from '../state/model';
import type { SandboxState } from '../state/state';
import { hash32, seededUuid } from './rng';
import { TimeQueue } from './time-queue';

export const CLICKS = {
  /** Share of deliveries with a short link whose recipient clicks it, in thousandths. */
  perMille: 300,
  /** A click comes 30 s to 2 h (simulated) after the message was delivered. */
  minDelayMs: 30_000,
  spreadMs: 2 * 60 * 60 * 1000 - 30_000,
} as const;

const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Seven characters, as the sandbox's short addresses always have. */
export const CODE_LENGTH = 7;

export interface PlannedClick {
  at: number;
  key: string;
  linkId: string;
  clickId: string;
  phone: string;
}

export class ClickQueue extends TimeQueue<PlannedClick> {}

export function makeShortLink(
  state: SandboxState,
  account: Account,
  input: { url: string; title: string | null; createdAt: number },
): ShortLinkRecord {
  let code: string;
  do {
    code = [...randomBytes(CODE_LENGTH)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  } while (state.hasShortCode(code));
  const link: ShortLinkRecord = { id: randomUUID(), code, ...input, active: true, clicks: [] };
  account.shortLinks.set(link.id, link);
  state.registerShortCode(code, account.key, link.id);
  return link;
}

/** The codes of the short addresses (`<prefix><code>`) in a text, each once. */
export function shortCodesIn(text: string, prefix: string): string[] {
  const codes = new Set<string>();
  for (let at = text.indexOf(prefix); at >= 0; at = text.indexOf(prefix, at + 1)) {
    const code = text.slice(at + prefix.length, at + prefix.length + CODE_LENGTH);
    if (code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c))) codes.add(code);
  }
  return [...codes];
}

/**
 * `link_tracking` "shorten" or "track": every address in the messages that
 * is not already one of the account's short addresses becomes one short
 * link (one per distinct address in the send), put in its place.
 */
export function shortenForTracking<M extends { message: string }>(
  messages: readonly M[],
  make: (url: string) => ShortLinkRecord,
  shortUrl: (link: ShortLinkRecord) => string,
  prefix: string,
): M[] {
  const made = new Map<string, string>();
  return messages.map((m) => {
    let text = m.message;
    const links = writtenLinks(text)
      .filter((l) => !l.written.startsWith(prefix))
      .sort((a, b) => b.written.length - a.written.length);
    for (const l of links) {
      let short = made.get(l.target);
      if (!short) made.set(l.target, (short = shortUrl(make(l.target))));
      text = text.replaceAll(l.written, short);
    }
    return text === m.message ? m : { ...m, message: text };
  });
}

/** The clicks a send's delivered messages will get, from their short addresses of this account. */
export function planClicks(
  seed: number,
  account: Account,
  send: SendRecord,
  prefix: string,
  resolve: (code: string) => string | undefined,
): PlannedClick[] {
  const planned: PlannedClick[] = [];
  send.messages.forEach((m, index) => {
    if (m.outcome !== 'delivered') return;
    for (const code of shortCodesIn(m.message, prefix)) {
      const linkId = resolve(code);
      if (!linkId) continue;
      const h = hash32(`${seed}|click|${send.id}|${index}|${code}`);
      if (h % 1000 >= CLICKS.perMille) continue;
      planned.push({
        at: m.finalAt + CLICKS.minDelayMs + ((h >>> 10) % CLICKS.spreadMs),
        key: account.key,
        linkId,
        clickId: seededUuid('click', send.id, index, code),
        phone: m.phone,
      });
    }
  });
  return planned;
}
