/**
 * The credits page in its context: the connection (no purchase can be
 * started while the service is out of reach), the visit (a past result is
 * dated, and gone once the page is left), and the campaign that sent the
 * owner here (its gap covered by the preselected package, and what becomes
 * of it after the purchase).
 */
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CreditsView from '@renderer/views/credits/CreditsView.vue';
import { useAccountStore } from '@renderer/stores/account/use-account-store';
import { useConnectivityStore } from '@renderer/stores/app/use-connectivity-store';
import { installFakeBridge, signedInDemo } from '../support/fake-bridge';
import { byTestId, click, freshPinia, mountInApp, queryTestId, squash } from '../support/mount-helpers';
import { mountAt, sampleCampaign, sampleProgress } from '../campaigns/campaign-samples';

enableAutoUnmount(afterEach);
afterEach(() => vi.useRealTimers());

const text = (id: string) => squash(byTestId(id).textContent);
const buyButton = () => byTestId('credits-buy') as HTMLButtonElement;
const checked = (id: string) => (byTestId(id).querySelector('input') as HTMLInputElement).checked;

const succeeded = {
  attemptId: 'a1',
  outcome: 'succeeded' as const,
  invoiceUuid: 'inv-1',
  total: 90,
  quantity: 1000,
  message: '',
};

describe('credits page: the connection', () => {
  it('while the service is out of reach, Comprar is disabled and says why; back online, it is not', async () => {
    const bridge = installFakeBridge().reply('connectivity:get', { state: 'unreachable', checkedAt: null });
    const pinia = freshPinia();
    await useConnectivityStore().load();
    await mountInApp(CreditsView, { pinia });

    expect(buyButton().disabled).toBe(true);
    expect(text('credits-buy-blocked')).toBe(
      'Sem conexão com o serviço de SMS: dá para comprar quando a conexão voltar. Até lá, nenhum pedido sai e nada é cobrado.',
    );
    await click(buyButton());
    expect(queryTestId('credits-confirm-question')).toBeNull();

    bridge.emit('connectivity:changed', { state: 'online', checkedAt: new Date().toISOString() });
    await flushPromises();
    expect(buyButton().disabled).toBe(false);
    expect(queryTestId('credits-buy-blocked')).toBeNull();
  });
});

describe('credits page: a past result', () => {
  it('is dated, and is gone once the page is left and opened again', async () => {
    vi.useFakeTimers({ now: new Date('2025-03-14T13:05:00.000Z'), shouldAdvanceTime: true });
    installFakeBridge().reply('credits:buy', succeeded);
    const pinia = freshPinia();
    const first = await mountInApp(CreditsView, { pinia });
    await click(buyButton());
    await click(byTestId('credits-buy-confirm'));
    expect(byTestId('purchase-status').dataset.state).toBe('succeeded');
    // Dates read in Brasília time wherever the computer is (shared/display-format.ts): 13:05 UTC is 10:05.
    expect(text('purchase-at')).toBe('Resultado de 14/03/2025, 10:05');

    first.wrapper.unmount();
    await mountInApp(CreditsView, { pinia });
    expect(byTestId('purchase-status').dataset.state).toBe('idle');
    expect(text('purchase-status')).not.toContain('Compra concluída');
  });
});

describe('credits page: buying for a campaign', () => {
  const held = sampleCampaign({
    id: 'camp-9',
    name: 'Oferta para todos',
    status: 'held',
    progress: sampleProgress({
      campaignId: 'camp-9',
      status: 'held',
      hold: { code: 'insufficient_balance', message: '', needed: 450 },
    }),
  });

  async function openFor(need: string, campaign = held) {
    const bridge = installFakeBridge()
      .reply('session:get', signedInDemo)
      .reply('campaigns:get', campaign)
      .reply('credits:buy', { ...succeeded, total: 700, quantity: 10_000 });
    const mounted = await mountAt(`/credits?for=camp-9&need=${need}`, [
      { path: '/credits', component: CreditsView },
    ]);
    await useAccountStore().loadBalance();
    await flushPromises();
    return { bridge, ...mounted };
  }

  it('preselects the smallest package that covers the gap and names the held campaign', async () => {
    await openFor('450');
    // R$ 400,00 does not cover R$ 450,00; R$ 700,00 is the smallest that does.
    expect(checked('credits-plan-10000')).toBe(true);
    expect(squash(byTestId('credits-for').querySelector('p')!.textContent)).toBe(
      'Para a campanha “Oferta para todos”, parada por falta de saldo: faltam R$ 450,00. Já escolhemos o menor pacote que cobre a diferença.',
    );
    expect(byTestId('credits-for-link').getAttribute('href')).toBe('/campaigns/camp-9');
  });

  it('after the purchase, says the campaign is resuming once its hold is lifted', async () => {
    const { bridge } = await openFor('450');
    await click(buyButton());
    await click(byTestId('credits-buy-confirm'));
    expect(bridge.inputsOf('credits:buy')).toEqual([{ planId: 'plan-10000', cardId: 'card-visa' }]);
    expect(text('credits-for')).toContain('A campanha “Oferta para todos” retoma o envio sozinha');

    bridge.emit(
      'campaigns:progress',
      sampleProgress({ campaignId: 'camp-9', status: 'sending', hold: null }),
    );
    await flushPromises();
    expect(byTestId('credits-for').dataset.state).toBe('after');
    expect(text('credits-for')).toContain('A campanha “Oferta para todos” está retomando o envio.');
  });

  it('a gap no package covers: the amount that does is filled in, in reais', async () => {
    const { bridge } = await openFor('3500');
    expect(checked('credits-plan-custom')).toBe(true);
    // The largest package adds R$ 3.000,00 (its regular price, though on sale for R$ 2.500,00);
    // 58,334 credits at the regular R$ 0,06 (from 50,000 up) add R$ 3.500,04.
    expect((byTestId('credits-amount').querySelector('input') as HTMLInputElement).value).toBe('3.500,04');
    expect(text('credits-for')).toContain('Nenhum pacote cobre a diferença');
    await click(buyButton());
    await click(byTestId('credits-buy-confirm'));
    expect(bridge.inputsOf('credits:buy')).toEqual([{ quantity: 58_334, cardId: 'card-visa' }]);
  });

  it('for a draft over the balance: names it, and after the purchase leads back to it to send', async () => {
    const draft = sampleCampaign({ id: 'camp-9', name: 'Oferta para todos', status: 'draft' });
    await openFor('4.54', draft);
    expect(checked('credits-plan-1000')).toBe(true);
    expect(text('credits-for')).toContain(
      'Para a campanha “Oferta para todos”: faltam R$ 4,54 para enviar tudo.',
    );
    await click(buyButton());
    await click(byTestId('credits-buy-confirm'));
    expect(text('credits-for')).toContain('Agora o saldo cobre a campanha “Oferta para todos”.');
    expect(byTestId('credits-for-link').getAttribute('href')).toBe('/campaigns/camp-9/edit');
  });
});
