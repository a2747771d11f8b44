import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { PrivacyRequestView } from '@shared/dto';
import PrivacyRequestsView from '@renderer/views/contacts/PrivacyRequestsView.vue';
import { fail, installFakeBridge, ok } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const request = (id: number, over: Partial<PrivacyRequestView> = {}): PrivacyRequestView => ({
  id,
  phone: '+5581987650001',
  kind: 'deletion',
  channel: 'whatsapp',
  note: null,
  receivedOn: '2026-12-01',
  dueOn: '2026-12-16',
  answeredAt: null,
  answerNote: null,
  daysLeft: 2,
  ...over,
});

const rowTexts = () =>
  [...document.querySelectorAll('[data-testid="request-row"]')].map((r) => squash(r.textContent));

async function type(testId: string, value: string): Promise<void> {
  const input = byTestId(testId).querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea')!;
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}

describe('PrivacyRequestsView (with a fake bridge)', () => {
  it('lists the requests as the register orders them, with their due dates the Brazilian way', async () => {
    installFakeBridge().reply('privacyRequests:list', [
      request(2, {
        kind: 'copy',
        channel: 'balcao',
        receivedOn: '2026-11-28',
        dueOn: '2026-12-13',
        daysLeft: -1,
      }),
      request(1, { note: 'Pediu para apagar tudo' }),
      request(3, { kind: 'access', phone: null, daysLeft: 1, dueOn: '2026-12-15' }),
      request(4, {
        kind: 'correction',
        answeredAt: '2026-12-10T13:00:00.000Z',
        answerNote: 'Corrigi o e-mail',
        daysLeft: null,
      }),
    ]);
    await mountInApp(PrivacyRequestsView);

    expect(document.body.textContent).toContain('a LGPD dá 15 dias para uma resposta completa');
    const rows = rowTexts();
    expect(rows[0]).toContain('(81) 98765-0001');
    expect(rows[0]).toContain('Cópia dos dados');
    expect(rows[0]).toContain('Balcão');
    expect(rows[0]).toContain('28/11/2026');
    expect(rows[0]).toContain('atrasado há 1 dia');
    expect(rows[1]).toContain('Apagar os dados');
    expect(rows[1]).toContain('Pediu para apagar tudo');
    expect(rows[1]).toContain('16/12/2026');
    expect(rows[1]).toContain('vence em 2 dias');
    // An erased person's request stays, without the number.
    expect(rows[2]).toContain('Número apagado');
    expect(rows[2]).toContain('vence amanhã');
    expect(rows[3]).toContain('Respondido em 10/12/2026');
    expect(rows[3]).toContain('Corrigi o e-mail');
    // Only the open ones can be marked answered.
    expect(document.querySelectorAll('[data-testid="request-answer"]')).toHaveLength(3);
  });

  it('notes a request, says the number’s problem under its field, and marks one answered with how', async () => {
    let list: PrivacyRequestView[] = [];
    const bridge = installFakeBridge()
      .handle('privacyRequests:list', () => ok(list))
      .handle('privacyRequests:add', (input) => {
        if (input.phone === '123')
          return fail('invalid_input', 'too short', {
            fields: [{ field: 'phone', message: 'too short' }],
            reason: 'phone_too_short',
          });
        list = [request(7)];
        return ok(list[0]!);
      })
      .handle('privacyRequests:answer', (input) => {
        list = [
          request(7, {
            answeredAt: '2026-12-14T15:00:00.000Z',
            answerNote: input.answerNote ?? null,
            daysLeft: null,
          }),
        ];
        return ok(list[0]!);
      });
    await mountInApp(PrivacyRequestsView);
    expect(squash(byTestId('requests-empty').textContent)).toBe('Nenhum pedido anotado ainda.');

    await click(byTestId('request-add'));
    expect(document.body.textContent).toContain('Digite o celular de quem fez o pedido.');
    expect(bridge.inputsOf('privacyRequests:add')).toEqual([]);

    await type('request-phone', '123');
    await click(byTestId('request-add'));
    expect(byTestId('request-phone-error').textContent).toMatch(/curto/);

    await type('request-phone', '(81) 98765-0001');
    await type('request-note', 'Pediu pelo WhatsApp');
    await click(byTestId('request-add'));
    expect(bridge.inputsOf('privacyRequests:add').at(-1)).toEqual({
      kind: 'access',
      phone: '(81) 98765-0001',
      channel: 'balcao',
      note: 'Pediu pelo WhatsApp',
    });
    expect(document.body.textContent).toContain('Pedido anotado. Prazo: 16/12/2026.');
    expect(rowTexts()[0]).toContain('vence em 2 dias');

    await click(byTestId('request-answer'));
    expect(document.body.textContent).toContain(
      'Apagar os dados: pedido de (81) 98765-0001, recebido em 01/12/2026.',
    );
    await type('request-answer-note', 'Apaguei e avisei por WhatsApp');
    await click(byTestId('request-answer-confirm'));
    expect(bridge.inputsOf('privacyRequests:answer')).toEqual([
      { id: 7, answerNote: 'Apaguei e avisei por WhatsApp' },
    ]);
    expect(rowTexts()[0]).toContain('Respondido em 14/12/2026');
    expect(queryTestId('request-answer')).toBeNull();
  });
});
