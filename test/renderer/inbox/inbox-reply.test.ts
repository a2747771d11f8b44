import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboxReplyEstimate } from '@shared/dto/inbox';
import InboxView from '@renderer/views/inbox/InboxView.vue';
import InboxNavLink from '@renderer/components/app/InboxNavLink.vue';
import { SEARCH_DEBOUNCE_MS } from '@renderer/composables/use-debounced';
import { type FakeBridge, installFakeBridge, ok, signedInDemo } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';
import { bia, fakeInbox } from './inbox-samples';

enableAutoUnmount(afterEach);
afterEach(() => {
  vi.useRealTimers();
});

const estimateOf = (over: Partial<InboxReplyEstimate> = {}): InboxReplyEstimate => ({
  text: 'Padaria Pão Quente: Vale sim, Bia!',
  segments: 1,
  cost: 0.09,
  refused: null,
  ...over,
});

async function openBia(bridge: FakeBridge, locale: 'pt-BR' | 'en' = 'pt-BR') {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  bridge.reply('session:get', signedInDemo);
  fakeInbox(bridge);
  const mounted = await mountInApp(InboxView, { locale });
  await mounted.router.push(`/inbox?phone=${encodeURIComponent(bia.phone)}`);
  await flushPromises();
  return mounted;
}

async function write(text: string): Promise<void> {
  const area = byTestId('inbox-reply-input').querySelector('textarea')!;
  area.value = text;
  area.dispatchEvent(new Event('input', { bubbles: true }));
  await flushPromises();
  await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
  await flushPromises();
}

const estimateLine = () => squash(byTestId('inbox-reply-estimate').textContent);
const sendButton = () => byTestId('inbox-reply-send') as HTMLButtonElement;

describe('Respostas, the reply box (with a fake bridge)', () => {
  it('shows what the reply costs and how it leaves once the typing pauses, and sends after a confirmation with the cost', async () => {
    const bridge = installFakeBridge()
      .handle('inbox:replyEstimate', (input) =>
        ok(estimateOf({ text: `Padaria Pão Quente: ${input.message}` })),
      )
      .reply('inbox:reply', { sendId: 'send-1', phone: '+5511987650001', segments: 1, cost: 0.09 });
    await openBia(bridge);
    expect(sendButton().disabled).toBe(true);

    await write('Vale sim, Bia!');
    expect(bridge.inputsOf('inbox:replyEstimate')).toEqual([{ phone: bia.phone, message: 'Vale sim, Bia!' }]);
    expect(estimateLine()).toContain('Sai como 1 SMS, por R$ 0,09.');
    expect(estimateLine()).toContain('Como sai: Padaria Pão Quente: Vale sim, Bia!');
    expect(sendButton().disabled).toBe(false);

    await click(sendButton());
    expect(squash(byTestId('inbox-reply-confirm-body').textContent)).toBe(
      'Vai 1 SMS para Bia Souza, por R$ 0,09, descontado do seu saldo.',
    );
    expect(squash(byTestId('inbox-reply-confirm').textContent)).toBe('Enviar por R$ 0,09');
    expect(bridge.inputsOf('inbox:reply')).toEqual([]);
    await click(byTestId('inbox-reply-confirm'));
    expect(bridge.inputsOf('inbox:reply')).toEqual([{ phone: bia.phone, message: 'Vale sim, Bia!' }]);
    expect(document.body.textContent).toContain('Resposta enviada.');
    expect(byTestId('inbox-reply-input').querySelector('textarea')!.value).toBe('');
    // The conversation is read again, so the reply shows in it.
    expect(bridge.inputsOf('inbox:conversation').length).toBeGreaterThan(1);
  });

  it('says why a reply cannot go: an opted-out or blocked number, or outside the hours until when', async () => {
    const bridge = installFakeBridge().reply(
      'inbox:replyEstimate',
      estimateOf({ refused: { code: 'number_blocked', until: null } }),
    );
    await openBia(bridge);
    await write('Oi');
    expect(squash(byTestId('inbox-reply-refused').textContent)).toBe(
      'Não dá para responder: este número pediu para sair ou está numa lista de bloqueio, e o Torpedo não manda nada para ele.',
    );
    expect(sendButton().disabled).toBe(true);

    bridge.reply(
      'inbox:replyEstimate',
      estimateOf({ refused: { code: 'outside_sending_hours', until: '2025-03-15T11:00:00.000Z' } }),
    );
    await write('Oi de novo');
    // 11:00 UTC is 08:00 on Bia's clock (São Paulo).
    expect(squash(byTestId('inbox-reply-refused').textContent)).toBe(
      'Agora está fora do horário de envio (Configurações › Regras de envio): a resposta pode sair a partir de 15/03/2025, 08:00, no horário do cliente.',
    );
    expect(sendButton().disabled).toBe(true);
  });

  it('a refused send is explained and the text stays', async () => {
    const bridge = installFakeBridge()
      .reply('inbox:replyEstimate', estimateOf())
      .fail('inbox:reply', 'outside_sending_hours', { params: { until: '2025-03-15T11:00:00.000Z' } });
    await openBia(bridge);
    await write('Vale sim');
    await click(sendButton());
    await click(byTestId('inbox-reply-confirm'));
    expect(document.body.textContent).toContain('Agora está fora do horário de envio');
    expect(byTestId('inbox-reply-input').querySelector('textarea')!.value).toBe('Vale sim');
  });

  it('reads in English, with plural segments', async () => {
    const bridge = installFakeBridge().reply('inbox:replyEstimate', estimateOf({ segments: 2, cost: 0.18 }));
    await openBia(bridge, 'en');
    await write('A long answer');
    expect(estimateLine()).toContain('Goes as 2 SMS, for R$ 0.18.');
    await click(sendButton());
    expect(squash(byTestId('inbox-reply-confirm-body').textContent)).toBe(
      '2 SMS go to Bia Souza, for R$ 0.18, taken from your balance.',
    );
  });
});

describe('The navigation’s Respostas link (with a fake bridge)', () => {
  it('shows the unread count, and follows new replies and the server’s status', async () => {
    let unread = 2;
    const bridge = installFakeBridge().handle('inbox:list', () =>
      ok({ conversations: [], unread, serverConnected: true }),
    );
    bridge.reply('session:get', signedInDemo);
    const { router } = await mountInApp(InboxNavLink);
    // The router's first navigation settles (a page it loads late would outlive the test).
    await router.push('/overview');
    await flushPromises();
    expect(squash(byTestId('nav-inbox-unread').querySelector('[aria-hidden]')?.textContent)).toBe('2');
    expect(squash(byTestId('nav-inbox-unread').querySelector('.visually-hidden')?.textContent)).toBe(
      '(2 conversas não lidas)',
    );

    unread = 3;
    bridge.emit('inbox:changed', { phones: ['+5511987650001'], unread: 3 });
    await flushPromises();
    expect(squash(byTestId('nav-inbox-unread').textContent)).toBe('3 (3 conversas não lidas)');

    unread = 0;
    bridge.emit('server:status', {
      connected: false,
      url: null,
      deviceName: null,
      hookUrl: null,
      previousWebhookUrl: null,
      webhookPointsHere: null,
      sync: { at: null, error: null },
      unread: 0,
    });
    await flushPromises();
    expect(queryTestId('nav-inbox-unread')).toBeNull();
    expect(squash(byTestId('nav-inbox').textContent)).toBe('Respostas');
    // The link's name, as a screen reader builds it, keeps the words apart.
    unread = 1;
    bridge.emit('inbox:changed', { phones: [], unread: 1 });
    await flushPromises();
    expect(byTestId('nav-inbox').textContent).toMatch(/Respostas\s*1 \(1 conversa não lida\)/);
  });
});
