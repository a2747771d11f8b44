/**
 * The composer's message checks (issue 37 item 5): each warning beside the
 * preview with what to do, live as the owner types; "Mensagem verificada"
 * with what was checked when nothing is found; counted once more in the send
 * confirmation; never stopping the send.
 */
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ComposerView from '@renderer/views/campaigns/ComposerView.vue';
import type { RulesView } from '@shared/dto/rules';
import { DEFAULT_RULES } from '@shared/rules/sending-rules';
import { installFakeBridge } from '../support/fake-bridge';
import { byTestId, click, queryTestId, squash } from '../support/mount-helpers';
import { composerBridge, mountAt, sampleCampaign, sampleEstimate } from './campaign-samples';

enableAutoUnmount(afterEach);
vi.setConfig({ testTimeout: 20_000 });

const routes = [
  { path: '/campaigns/:id/edit', component: ComposerView },
  { path: '/campaigns/:id', component: { render: () => null } },
];

const rulesView = (over: Partial<RulesView['rules']> = {}, on = false): RulesView => ({
  rules: { ...structuredClone(DEFAULT_RULES), ...over } as RulesView['rules'],
  howToStop: { on, serverConnected: false },
  holidays: [],
  blockLists: [],
});
/** The business name and "Como sair" on: the frame every gallery message counts on. */
const FRAMED = rulesView({ prefix: 'Pet Feliz:', howToStop: 'on' }, true);

async function type(text: string): Promise<void> {
  const field = byTestId('composer-template').querySelector<HTMLTextAreaElement>('textarea, input')!;
  field.value = text;
  field.dispatchEvent(new Event('input'));
  await flushPromises();
}

const warnings = () =>
  [...byTestId('compose-checks').querySelectorAll('li')].map((li) => li.getAttribute('data-testid'));

describe('the message checks in the composer', () => {
  it('with the rules off, says the message names no shop and no way to stop, each with what to do', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    bridge.reply('rules:get', rulesView());
    await mountAt('/campaigns/camp-1/edit', routes);

    expect(warnings()).toEqual(['compose-check-noBusinessName', 'compose-check-noWayToStop']);
    expect(squash(byTestId('compose-check-noBusinessName').textContent)).toBe(
      'A mensagem não diz de que loja é. Quem não reconhece o número ignora ou denuncia. Acrescente o ' +
        "nome da loja no começo da mensagem ou ligue a regra 'Nome da sua empresa' em Configurações › " +
        'Regras de envio.',
    );
    expect(squash(byTestId('compose-checks').textContent)).toContain('São avisos: você ainda pode enviar.');

    // Warnings, not blockers: Send opens the confirmation, which counts them once more.
    expect(queryTestId('composer-blockers')).toBeNull();
    await click(byTestId('composer-send'));
    expect(squash(byTestId('confirm-checks').textContent)).toBe(
      'A mensagem tem 2 avisos (veja "Antes de enviar").',
    );
  });

  it('says "Mensagem verificada" and what was checked when the rules frame an ordinary message', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign({ template: 'Oi {{primeiro_nome|}}! Banho e tosa com 10%.' }));
    bridge.reply('rules:get', FRAMED);
    await mountAt('/campaigns/camp-1/edit', routes);

    expect(squash(byTestId('compose-checks-passed').textContent)).toBe('✓ Mensagem verificada');
    expect(squash(byTestId('compose-checks').textContent)).toContain(
      'Conferimos: o nome da loja, como sair, links de encurtadores, maiúsculas, tamanho (até 2 SMS), ' +
        'campos sem texto reserva.',
    );
    await click(byTestId('composer-send'));
    expect(queryTestId('confirm-checks')).toBeNull();
  });

  it('warns as the owner types: a public shortener, capitals, more than two SMS', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign({ template: '' }));
    bridge.reply('rules:get', FRAMED);
    await mountAt('/campaigns/camp-1/edit', routes);

    await type('Oi! Veja a promoção em https://bit.ly/pet10');
    expect(warnings()).toEqual(['compose-check-otherShortener']);
    expect(squash(byTestId('compose-check-otherShortener').textContent)).toContain(
      'O link usa bit.ly, um encurtador público.',
    );

    await type('PROMOÇÃO IMPERDÍVEL DE BANHO E TOSA HOJE');
    expect(warnings()).toEqual(['compose-check-allCapitals']);

    await type('Banho e tosa com desconto. '.repeat(12));
    expect(warnings()).toEqual(['compose-check-tooManySms']);
    expect(squash(byTestId('compose-check-tooManySms').textContent)).toContain(
      'A mensagem ocupa 3 SMS por cliente.',
    );
  });

  it('names the field without a fallback and how many recipients lack it, from the estimate', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign({ template: 'Oi {{cidade}}, banho e tosa hoje.' }));
    bridge
      .reply('rules:get', FRAMED)
      .reply(
        'campaigns:estimate',
        sampleEstimate({ fallbacks: [{ field: '{{cidade}}', key: 'cidade', fallback: null, count: 2 }] }),
      );
    await mountAt('/campaigns/camp-1/edit', routes);

    expect(squash(byTestId('compose-check-fieldWithoutFallback').textContent)).toBe(
      '{{cidade}} não tem texto reserva, e 2 destinatários não têm esse dado. Quem não tiver o dado ' +
        'recebe um espaço vazio. Escreva um texto reserva depois de uma barra, por exemplo ' +
        '{{cidade|cliente}}.',
    );
  });

  it('in English too', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    bridge.reply('rules:get', rulesView());
    await mountAt('/campaigns/camp-1/edit', routes, { locale: 'en' });

    expect(squash(byTestId('compose-check-noWayToStop').textContent)).toBe(
      "The message does not say how to stop receiving. Brazil's LGPD and the self-regulation code ask " +
        "for an easy way out. End with 'Para sair, responda SAIR.' or turn on the 'How to stop' rule in " +
        'Settings › Sending rules.',
    );
  });

  it('says nothing while the rules are unread: the frame is unknown', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    await mountAt('/campaigns/camp-1/edit', routes);
    expect(queryTestId('compose-checks')).toBeNull();
  });
});
