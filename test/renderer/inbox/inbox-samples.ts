import type { ConversationSummary, ConversationView, InboxListView } from '@shared/dto/inbox';
import type { FakeBridge } from '../support/fake-bridge';
import { ok } from '../support/fake-bridge';

/** Bia answered the Easter campaign with a question; Carlos (not a contact, Manaus) said SAIR. */
export const bia: ConversationSummary = {
  phone: '+5511987650001',
  name: 'Bia Souza',
  lastText: 'Vale também para o pão de queijo?',
  lastDirection: 'in',
  lastAt: '2025-03-14T13:05:00.000Z',
  lastReply: { text: 'Vale também para o pão de queijo?', at: '2025-03-14T13:05:00.000Z' },
  timeZone: 'America/Sao_Paulo',
  unread: 2,
  handled: false,
  optedOut: false,
  origin: { kind: 'campaign', id: 'camp-1', name: 'Páscoa 2025' },
};

export const carlos: ConversationSummary = {
  phone: '+5592991230002',
  name: null,
  lastText: 'Sair',
  lastDirection: 'in',
  lastAt: '2025-03-14T12:00:00.000Z',
  lastReply: { text: 'Sair', at: '2025-03-14T12:00:00.000Z' },
  timeZone: 'America/Manaus',
  unread: 0,
  handled: true,
  optedOut: true,
  origin: { kind: 'automation', id: 'auto-1', name: 'Aniversariantes' },
};

export const biaConversation: ConversationView = {
  ...bia,
  messages: [
    {
      id: 'out-1',
      direction: 'out',
      text: 'Padaria Pão Quente: Páscoa com 20% off na colomba!',
      at: '2025-03-14T12:30:00.000Z',
      origin: { kind: 'campaign', id: 'camp-1', name: 'Páscoa 2025' },
      optOut: false,
      segments: null,
    },
    {
      id: 'in-1',
      direction: 'in',
      text: 'Oi!',
      at: '2025-03-14T13:04:00.000Z',
      origin: { kind: 'campaign', id: 'camp-1', name: 'Páscoa 2025' },
      optOut: false,
      segments: null,
    },
    {
      id: 'in-2',
      direction: 'in',
      text: 'Vale também para o pão de queijo?',
      at: '2025-03-14T13:05:00.000Z',
      origin: { kind: 'campaign', id: 'camp-1', name: 'Páscoa 2025' },
      optOut: false,
      segments: null,
    },
  ],
  optOut: null,
};

export const carlosConversation: ConversationView = {
  ...carlos,
  messages: [
    {
      id: 'out-9',
      direction: 'out',
      text: 'Padaria Pão Quente: feliz aniversário!',
      at: '2025-03-14T11:00:00.000Z',
      origin: { kind: 'automation', id: 'auto-1', name: 'Aniversariantes' },
      optOut: false,
      segments: null,
    },
    {
      id: 'in-9',
      direction: 'in',
      text: 'Sair',
      at: '2025-03-14T12:00:00.000Z',
      origin: { kind: 'automation', id: 'auto-1', name: 'Aniversariantes' },
      optOut: true,
      segments: null,
    },
  ],
  optOut: { at: '2025-03-14T12:00:00.000Z', source: 'reply', text: 'Sair' },
};

/**
 * A small inbox behind the fake bridge: the list filters as the contract
 * says (name, number or a message's text; only unread), conversations open
 * and are marked handled. A stand-in for the core's handlers, still being written.
 */
export function fakeInbox(bridge: FakeBridge, { serverConnected = true } = {}) {
  const conversations = new Map(
    [biaConversation, carlosConversation].map((c) => [c.phone, structuredClone(c)]),
  );
  const summaries = () =>
    [...conversations.values()].map(({ messages: _m, optOut: _o, ...summary }) => summary);
  bridge
    .handle('inbox:list', (input) => {
      const search = (input.search ?? '').toLowerCase();
      const rows = summaries().filter(
        (c) =>
          (!input.unreadOnly || c.unread > 0) &&
          (!search ||
            (c.name ?? '').toLowerCase().includes(search) ||
            c.phone.includes(search) ||
            conversations.get(c.phone)!.messages.some((m) => m.text.toLowerCase().includes(search))),
      );
      const view: InboxListView = {
        conversations: rows,
        unread: summaries().filter((c) => c.unread > 0).length,
        serverConnected,
      };
      return ok(view);
    })
    .handle('inbox:conversation', (input) => ok(conversations.get(input.phone)!))
    .handle('inbox:markHandled', (input) => {
      const c = conversations.get(input.phone)!;
      c.handled = input.handled;
      c.unread = input.handled ? 0 : c.messages.filter((m) => m.direction === 'in').length;
      return ok(c);
    });
  return conversations;
}
