import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import InboxView from '@renderer/views/inbox/InboxView.vue';
import { SEARCH_DEBOUNCE_MS } from '@renderer/composables/use-debounced';
import { installFakeBridge, signedInDemo } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';
import { bia, carlos, fakeInbox } from './inbox-samples';

enableAutoUnmount(afterEach);
afterEach(() => {
  vi.useRealTimers();
});

const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="inbox-row"]')];
const rowOf = (phone: string) => rows().find((r) => r.dataset.phone === phone)!;
const within = (row: HTMLElement, id: string) =>
  squash(row.querySelector(`[data-testid="${id}"]`)?.textContent);

async function openInbox(bridge = installFakeBridge(), path = '/inbox') {
  bridge.reply('session:get', signedInDemo);
  const mounted = await mountInApp(InboxView);
  await mounted.router.push(path);
  await flushPromises();
  return { bridge, ...mounted };
}

describe('Respostas without conversations (with a fake bridge)', () => {
  it('without a server, says replies cannot arrive and links to Configurações › Servidor', async () => {
    const bridge = installFakeBridge().reply('inbox:list', {
      conversations: [],
      unread: 0,
      serverConnected: false,
    });
    await openInbox(bridge);
    const empty = squash(byTestId('inbox-no-server').textContent);
    expect(empty).toContain('As respostas precisam de um Torpedo Server');
    expect(empty).toContain('não chegam a este computador');
    expect(byTestId('inbox-no-server-link').getAttribute('href')).toContain('/settings/server');
    expect(queryTestId('inbox-empty')).toBeNull();
  });

  it('with a server and nothing yet: "Nenhuma resposta ainda"', async () => {
    const bridge = installFakeBridge().reply('inbox:list', {
      conversations: [],
      unread: 0,
      serverConnected: true,
    });
    await openInbox(bridge);
    expect(squash(byTestId('inbox-empty').textContent)).toContain('Nenhuma resposta ainda');
    expect(queryTestId('inbox-no-server')).toBeNull();
  });
});

describe('Respostas, the list (with a fake bridge)', () => {
  it('shows each number with its name or number, last message, when on their clock, unread, opt-out and what it answers', async () => {
    const bridge = installFakeBridge();
    fakeInbox(bridge);
    await openInbox(bridge);
    expect(rows().map((r) => within(r, 'inbox-row-who'))).toEqual(['Bia Souza', '(92) 99123-0002']);

    const b = rowOf(bia.phone);
    expect(within(b, 'inbox-row-text')).toBe('Vale também para o pão de queijo?');
    expect(within(b, 'inbox-row-origin')).toBe('Responde a: Campanha “Páscoa 2025”');
    expect(within(b, 'inbox-row-unread')).toBe('2 não lidas');
    expect(squash(b.textContent)).toContain('14/03/2025, 10:05 no horário do cliente');
    expect(b.querySelector('[data-testid="inbox-row-opted-out"]')).toBeNull();

    const c = rowOf(carlos.phone);
    // Manaus is an hour behind Brasília: 12:00 UTC is 08:00 on Carlos's clock.
    expect(squash(c.textContent)).toContain('14/03/2025, 08:00 no horário do cliente');
    expect(within(c, 'inbox-row-opted-out')).toBe('descadastrado');
    expect(within(c, 'inbox-row-origin')).toBe('Responde a: Automação “Aniversariantes”');
    expect(c.querySelector('[data-testid="inbox-row-unread"]')).toBeNull();
  });

  it('searches once the typing pauses, and filters to the unread ones', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bridge = installFakeBridge();
    fakeInbox(bridge);
    await openInbox(bridge);
    const input = byTestId('inbox-search').querySelector('input')!;
    input.value = 'queijo';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    await flushPromises();
    expect(bridge.inputsOf('inbox:list').at(-1)).toEqual({ search: 'queijo', unreadOnly: false });
    expect(rows().map((r) => r.dataset.phone)).toEqual([bia.phone]);

    input.value = 'ninguém';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    await flushPromises();
    expect(squash(byTestId('inbox-no-match').textContent)).toBe('Nenhuma conversa com esses filtros.');

    input.value = '';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    await flushPromises();
    expect(rows()).toHaveLength(2);
    await click(byTestId('inbox-unread-only'));
    expect(bridge.inputsOf('inbox:list').at(-1)).toEqual({ unreadOnly: true });
    expect(rows().map((r) => r.dataset.phone)).toEqual([bia.phone]);
  });

  it('reads the list again when new replies arrive', async () => {
    const bridge = installFakeBridge();
    const conversations = fakeInbox(bridge);
    await openInbox(bridge);
    const before = bridge.inputsOf('inbox:list').length;
    conversations.get(carlos.phone)!.lastText = 'Quero sair mesmo';
    bridge.emit('inbox:changed', { phones: [carlos.phone], unread: 1 });
    await flushPromises();
    expect(bridge.inputsOf('inbox:list').length).toBe(before + 1);
    expect(within(rowOf(carlos.phone), 'inbox-row-text')).toBe('Quero sair mesmo');
  });
});

describe('Respostas, a conversation (with a fake bridge)', () => {
  it('opens from the list: both sides oldest first, each reply with what it answers', async () => {
    const bridge = installFakeBridge();
    fakeInbox(bridge);
    const { router } = await openInbox(bridge);
    expect(squash(byTestId('inbox-pick').textContent)).toBe('Escolha uma conversa para ler e responder.');
    await click(rowOf(bia.phone));
    expect(router.currentRoute.value.query.phone).toBe(bia.phone);
    expect(squash(byTestId('inbox-conversation-who').textContent)).toBe('Bia Souza');
    const messages = [...document.querySelectorAll<HTMLElement>('[data-testid="inbox-message"]')];
    expect(messages.map((m) => m.dataset.direction)).toEqual(['out', 'in', 'in']);
    expect(squash(messages[0]!.textContent)).toContain('Páscoa com 20% off na colomba!');
    expect(messages[0]!.querySelector('[data-testid="inbox-message-origin"]')).toBeNull();
    expect(squash(messages[2]!.querySelector('[data-testid="inbox-message-origin"]')!.textContent)).toBe(
      'Responde a: Campanha “Páscoa 2025”',
    );
    expect(queryTestId('inbox-message-opt-out')).toBeNull();
  });

  it('marks the reply that opted out, on the customer’s clock', async () => {
    const bridge = installFakeBridge();
    fakeInbox(bridge);
    await openInbox(bridge, `/inbox?phone=${encodeURIComponent(carlos.phone)}`);
    expect(squash(byTestId('inbox-message-opt-out').textContent)).toBe(
      'Pediu para sair — descadastrado em 14/03/2025, 08:00',
    );
    expect(squash(byTestId('inbox-opted-out-since').textContent)).toContain(
      'descadastrado desde 14/03/2025, 08:00',
    );
  });

  it('marks as resolved and reopens; the row and the badge follow', async () => {
    const bridge = installFakeBridge();
    fakeInbox(bridge);
    const { pinia } = await openInbox(bridge, `/inbox?phone=${encodeURIComponent(bia.phone)}`);
    const { useInboxStore } = await import('@renderer/stores/inbox/use-inbox-store');
    const inbox = useInboxStore(pinia);
    expect(inbox.unread).toBe(1);

    const toggle = byTestId('inbox-handled');
    expect(squash(toggle.textContent)).toBe('Marcar como resolvida');
    await click(toggle);
    expect(bridge.inputsOf('inbox:markHandled')).toEqual([{ phone: bia.phone, handled: true }]);
    expect(squash(toggle.textContent)).toBe('Reabrir');
    expect(rowOf(bia.phone).querySelector('[data-testid="inbox-row-unread"]')).toBeNull();
    expect(inbox.unread).toBe(0);
    expect(document.body.textContent).toContain('Conversa marcada como resolvida.');

    await click(toggle);
    expect(bridge.inputsOf('inbox:markHandled').at(-1)).toEqual({ phone: bia.phone, handled: false });
    expect(squash(toggle.textContent)).toBe('Marcar como resolvida');
    expect(within(rowOf(bia.phone), 'inbox-row-unread')).toBe('2 não lidas');
    expect(inbox.unread).toBe(1);
  });
});
