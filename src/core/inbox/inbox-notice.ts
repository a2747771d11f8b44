/**
 * The desktop notification for new replies, in both app languages (the
 * host shows it outside the window's i18n: see core/notify.ts). A number is
 * never written whole: the contact's name, or its last four digits, which
 * tell two customers apart on a screen others may see without giving anyone
 * the number.
 */
import type { NotifyLanguage } from '../notify';

export interface NoticeReply {
  /** The contact's name; null when the number is not a contact (or has no name). */
  name: string | null;
  phone: string;
  text: string;
  optsOut: boolean;
}

/** What a notification shows of a reply's words: enough to know what it is about. */
const SNIPPET_MAX = 80;

/** `•••• 4321`: the number's last four digits. */
export const maskedNumber = (phone: string): string => `•••• ${phone.replace(/\D/g, '').slice(-4)}`;

const who = (r: NoticeReply) => r.name ?? maskedNumber(r.phone);

const snippet = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_MAX ? `${flat.slice(0, SNIPPET_MAX - 1)}…` : flat;
};

const TEXTS = {
  'pt-BR': {
    one: (r: NoticeReply) =>
      r.optsOut
        ? {
            title: `${who(r)} pediu para sair`,
            body: `Respondeu “${snippet(r.text)}”: o número não recebe mais nenhuma mensagem.`,
          }
        : { title: `Nova resposta de ${who(r)}`, body: snippet(r.text) },
    many: (count: number, names: string[], more: boolean, optedOut: number) => ({
      title: `${count} novas respostas`,
      body:
        `De ${names.join(', ')}${more ? ' e outros' : ''}.` +
        (optedOut > 0 ? ` ${optedOut === 1 ? '1 pediu' : `${optedOut} pediram`} para sair.` : '') +
        ' Veja em Respostas.',
    }),
  },
  en: {
    one: (r: NoticeReply) =>
      r.optsOut
        ? {
            title: `${who(r)} opted out`,
            body: `Replied “${snippet(r.text)}”: the number gets no more messages.`,
          }
        : { title: `New reply from ${who(r)}`, body: snippet(r.text) },
    many: (count: number, names: string[], more: boolean, optedOut: number) => ({
      title: `${count} new replies`,
      body:
        `From ${names.join(', ')}${more ? ' and others' : ''}.` +
        (optedOut > 0 ? ` ${optedOut} opted out.` : '') +
        ' See Replies.',
    }),
  },
} satisfies Record<NotifyLanguage, unknown>;

/** Names shown in a notification of many replies. */
const NAMES_SHOWN = 3;

/** One notification for the replies of one read (oldest first). */
export function replyNotice(language: NotifyLanguage, replies: readonly NoticeReply[]) {
  const texts = TEXTS[language];
  if (replies.length === 1) return texts.one(replies[0]!);
  const people = [...new Set(replies.map(who))];
  return texts.many(
    replies.length,
    people.slice(0, NAMES_SHOWN),
    people.length > NAMES_SHOWN,
    replies.filter((r) => r.optsOut).length,
  );
}
