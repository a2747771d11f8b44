import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PurchaseOutcomeView } from '@shared/dto';
import CreditsView from '@renderer/views/credits/CreditsView.vue';
import { useAccountStore } from '@renderer/stores/account/use-account-store';
import type { AppLocale } from '@renderer/i18n';
import { installFakeBridge, ok, sampleBalance, sampleInvoice } from '../support/fake-bridge';
import { byTestId, click, freshPinia, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);
afterEach(() => vi.useRealTimers());

const text = (id: string) => squash(byTestId(id).textContent);
const buyButton = () => byTestId('credits-buy') as HTMLButtonElement;

async function choose(testId: string): Promise<void> {
  await click(byTestId(testId).querySelector('input')!);
}

async function type(testId: string, value: string): Promise<void> {
  const input = byTestId(testId).querySelector('input')!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await flushPromises();
}

/** The page as the shell shows it: the account's balance is already read (the header needs it). */
async function mountCredits(options: { locale?: AppLocale } = {}) {
  const pinia = freshPinia();
  await useAccountStore().loadBalance();
  return mountInApp(CreditsView, { ...options, pinia });
}

/** Buy → the confirmation dialog → confirm. */
async function buyAndConfirm(): Promise<void> {
  await click(buyButton());
  await click(byTestId('credits-buy-confirm'));
}

const failed = (
  code: string,
  extra: Partial<NonNullable<PurchaseOutcomeView['error']>> = {},
): PurchaseOutcomeView => ({
  attemptId: 'a1',
  outcome: 'failed',
  message: 'refused',
  error: { code, message: `service says ${code}`, ...extra },
});

describe('CreditsView (with a fake bridge)', () => {
  it('offers the packages in reais, with the SMS they pay for, the popular and sale badges', async () => {
    installFakeBridge();
    await mountCredits();

    // The balance's own words: reais, and SMS of the default type (R$ 0,09) they pay for.
    expect(text('credits-plan-1000')).toBe('R$ 90,00 de saldo cerca de 1.000 SMS Padrão por R$ 90,00');
    expect(text('credits-plan-5000')).toBe('R$ 400,00 de saldo cerca de 4.444 SMS Padrão por R$ 400,00');
    expect(text('credits-plan-10000')).toContain('Mais vendido');
    // On sale: the package adds its regular price and costs less, the saving in sight beside the badge.
    const sale = byTestId('credits-plan-50000');
    expect(squash(sale.textContent)).toBe(
      'R$ 3.000,00 de saldo Promoção cerca de 33.333 SMS Padrão Preço normal: R$ 3.000,00 por R$ 2.500,00',
    );
    expect(byTestId('credits-plan-regular').tagName).toBe('S');
    // A badge only where there is a saving to see.
    expect(byTestId('credits-plan-5000').querySelector('[data-testid="credits-plan-regular"]')).toBeNull();
    expect(document.body.textContent).not.toContain('créditos R$');
    // The smallest package and the default card are chosen at first.
    expect((byTestId('credits-plan-1000').querySelector('input') as HTMLInputElement).checked).toBe(true);
    expect((byTestId('credits-card-4242').querySelector('input') as HTMLInputElement).checked).toBe(true);
    expect(text('credits-card-4242')).toContain('Titular: Maria da Silva');
    expect(text('credits-summary-total')).toBe('R$ 90,00');
    // The summary: the balance now, what the package adds, and the balance after it.
    expect(text('credits-balance')).toBe('R$ 1.234,56');
    expect(text('credits-balance-worth')).toBe('≈ 13.717 SMS Padrão');
    expect(text('credits-summary-adds')).toBe('R$ 90,00');
    expect(text('credits-summary-adds-worth')).toBe('≈ 1.000 SMS Padrão');
    expect(text('credits-summary-after')).toBe('R$ 1.324,56');
  });

  it('asks "Cobrar R$ 90,00 no Visa •••• 4242?" before buying, and buys that package with that card', async () => {
    const bridge = installFakeBridge().reply('credits:buy', {
      attemptId: 'a1',
      outcome: 'succeeded',
      invoiceUuid: sampleInvoice(1).uuid,
      total: 90,
      quantity: 1000,
      message: '',
    });
    bridge.reply('credits:invoices', {
      invoices: [sampleInvoice(1)],
      page: 1,
      perPage: 20,
      total: 1,
      lastPage: 1,
      fetchedAt: '',
      stale: false,
    });
    await mountCredits();

    await click(buyButton());
    expect(text('credits-confirm-question')).toBe('Cobrar R$ 90,00 no Visa •••• 4242?');
    expect(squash(document.body.textContent)).toContain(
      'Entram R$ 90,00 no seu saldo assim que o pagamento for aprovado.',
    );
    expect(bridge.inputsOf('credits:buy')).toEqual([]);
    await click(byTestId('credits-buy-confirm'));
    // The core read the balance again when the purchase settled.
    bridge.emit('balance:changed', { ...sampleBalance, balance: 1324.56, smsWorth: null });
    await flushPromises();

    expect(bridge.inputsOf('credits:buy')).toEqual([{ planId: 'plan-1000', cardId: 'card-visa' }]);
    expect(byTestId('purchase-status').dataset.state).toBe('succeeded');
    expect(text('purchase-status')).toContain('Pagamento de R$ 90,00 aprovado e saldo recarregado.');
    expect(text('purchase-balance-now')).toBe('Saldo agora: R$ 1.324,56');
    expect(text('purchase-invoice')).toBe('Fatura FAT-0001, no valor de R$ 90,00.');
    expect(text('purchase-bought')).toBe('Compra: R$ 90,00 de saldo');
    // The form that bought it is cleared: buying again takes a new choice, not one more click.
    const packages = document.querySelectorAll<HTMLInputElement>('[data-testid^="credits-plan-"] input');
    expect([...packages].some((r) => r.checked)).toBe(false);
    expect(buyButton().disabled).toBe(true);
    expect(text('credits-buy-blocked')).toBe('Escolha quanto colocar no saldo.');
  });

  it('names another card when the user picks it', async () => {
    installFakeBridge();
    await mountInApp(CreditsView);
    await choose('credits-card-5454');
    await choose('credits-plan-5000');
    await click(buyButton());
    expect(text('credits-confirm-question')).toBe('Cobrar R$ 400,00 no Mastercard •••• 5454?');
  });

  it('another amount is typed in reais, checked as it is typed, and bought as the credits that add it', async () => {
    const bridge = installFakeBridge();
    await mountInApp(CreditsView);
    await choose('credits-plan-custom');
    // The range in reais added to the balance: 250 credits at R$ 0,09 up to 1,000,000 at the largest
    // package's regular R$ 0,06 (it sells on sale at R$ 0,05: a package adds its regular price, ASSUMED).
    expect(text('credits-plan-custom')).toBe('Outro valor De R$ 22,50 a R$ 60.000,00 de saldo');
    expect(queryTestId('credits-amount-error')).toBeNull();

    await type('credits-amount', '10');
    expect(text('credits-amount-error')).toBe('O mínimo é R$ 22,50.');
    expect(buyButton().disabled).toBe(true);
    await type('credits-amount', 'dez');
    expect(text('credits-amount-error')).toBe('Digite um valor em reais, como 300,00.');
    await type('credits-amount', '60.001');
    expect(text('credits-amount-error')).toBe('O máximo é R$ 60.000,00.');
    await type('credits-amount', '');
    expect(text('credits-amount-error')).toBe('Digite quanto você quer colocar no saldo.');

    await type('credits-amount', '225');
    expect(queryTestId('credits-amount-error')).toBeNull();
    expect(squash(document.body.textContent)).toContain('Entram cerca de R$ 225,00 no saldo');
    expect(document.body.textContent).not.toMatch(/crédito/i);
    expect(text('credits-summary-total')).toBe('cerca de R$ 225,00');
    await click(buyButton());
    expect(text('credits-confirm-question')).toBe('Cobrar cerca de R$ 225,00 no Visa •••• 4242?');
    await click(byTestId('credits-buy-confirm'));
    // 2,500 credits at R$ 0,09 add R$ 225,00.
    expect(bridge.inputsOf('credits:buy')).toEqual([{ quantity: 2500, cardId: 'card-visa' }]);
  });

  it('the coupon box gives no example code that could pass for a real one, in either language', async () => {
    installFakeBridge();
    const { wrapper } = await mountInApp(CreditsView);
    const box = () => byTestId('credits-coupon').querySelector('input')!;
    expect(box().placeholder).toBe('O código que você recebeu do SMSGo');
    wrapper.unmount();
    installFakeBridge();
    await mountInApp(CreditsView, { locale: 'en' });
    expect(box().placeholder).toBe('The code SMSGo gave you');
  });

  it('with a coupon, the total is "up to" and the coupon is sent', async () => {
    const bridge = installFakeBridge();
    await mountInApp(CreditsView);
    await type('credits-coupon', ' PROMO10 ');
    expect(text('credits-summary-total')).toBe('até R$ 90,00');
    await buyAndConfirm();
    expect(bridge.inputsOf('credits:buy')).toEqual([
      { planId: 'plan-1000', cardId: 'card-visa', coupon: 'PROMO10' },
    ]);
  });

  it('while checking: a spinner and an explanation, the buy button disabled, never a retry', async () => {
    const bridge = installFakeBridge();
    bridge.handle('credits:buy', () => new Promise(() => undefined));
    await mountInApp(CreditsView);
    await buyAndConfirm();
    bridge.emit('credits:attemptChanged', {
      id: 'a1',
      state: 'checking',
      request: {},
      expectedQuantity: 1000,
      expectedTotal: 90,
      invoiceUuid: null,
      total: null,
      quantity: null,
      error: null,
      createdAt: '2025-03-14T13:05:00.000Z',
      updatedAt: '2025-03-14T13:05:05.000Z',
      settledAt: null,
      stillPending: false,
    });
    await flushPromises();

    expect(byTestId('purchase-status').dataset.state).toBe('checking');
    expect(text('purchase-status')).toContain('Verificando se a compra foi cobrada…');
    expect(text('purchase-status')).toContain('Não compre de novo');
    expect(buyButton().disabled).toBe(true);
    expect(byTestId('purchase-status').querySelectorAll('button')).toHaveLength(0);
    expect(document.body.textContent).not.toContain('Tentar de novo');
  });

  it('restores an attempt still checking after a restart', async () => {
    installFakeBridge().reply('credits:attempt', {
      id: 'a1',
      state: 'checking',
      request: {},
      expectedQuantity: 1000,
      expectedTotal: 90,
      invoiceUuid: null,
      total: null,
      quantity: null,
      error: null,
      createdAt: '2025-03-14T13:05:00.000Z',
      updatedAt: '2025-03-14T13:05:00.000Z',
      settledAt: null,
      stillPending: false,
    });
    await mountInApp(CreditsView);
    expect(text('purchase-status')).toContain('Verificando se a compra foi cobrada…');
    expect(buyButton().disabled).toBe(true);
  });

  it('429: counts down from Retry-After, then lets the user try again', async () => {
    vi.useFakeTimers({ now: new Date('2025-03-14T13:05:00.000Z'), shouldAdvanceTime: true });
    installFakeBridge().reply(
      'credits:buy',
      failed('rate_limited', { status: 429, retryAfterSeconds: 3, retryAt: '2025-03-14T13:05:03.000Z' }),
    );
    await mountInApp(CreditsView);
    await buyAndConfirm();

    expect(text('purchase-reason')).toBe('Muitas compras em pouco tempo. Nada foi cobrado.');
    expect(text('purchase-retry-wait')).toBe('Você pode tentar de novo em 3 s.');
    expect(text('credits-buy-blocked')).toBe('Aguarde 3 s para tentar de novo.');
    expect(buyButton().disabled).toBe(true);

    await vi.advanceTimersByTimeAsync(1000);
    expect(text('purchase-retry-wait')).toBe('Você pode tentar de novo em 2 s.');
    await vi.advanceTimersByTimeAsync(2000);
    expect(text('purchase-retry-wait')).toBe('Você já pode tentar de novo.');
    expect(buyButton().disabled).toBe(false);
    expect(queryTestId('credits-buy-blocked')).toBeNull();
  });

  it.each([
    ['card_declined', 'O cartão foi recusado pelo banco. Nada foi cobrado.'],
    ['payment_unavailable', 'O serviço de pagamento está fora do ar agora. Nada foi cobrado.'],
    ['card_required', 'Cadastre um cartão no painel do SMSGo. Nada foi cobrado.'],
    ['authentication_required', 'confirme este cartão no painel do SMSGo antes de usá-lo. Nada foi cobrado.'],
    ['something_new', 'O serviço recusou a compra (código something_new). Nada foi cobrado.'],
  ])('failed with %s: says why in plain words', async (code, words) => {
    installFakeBridge().reply('credits:buy', failed(code, { status: 402 }));
    await mountInApp(CreditsView);
    await buyAndConfirm();
    expect(byTestId('purchase-status').dataset.state).toBe('failed');
    expect(text('purchase-reason')).toContain(words);
  });

  it('a 402 with only the service’s words: the payment was refused, in the owner’s language, the words kept', async () => {
    installFakeBridge().reply(
      'credits:buy',
      failed('insufficient_balance', { status: 402, serviceMessage: 'Cartão recusado pela operadora' }),
    );
    await mountInApp(CreditsView);
    await buyAndConfirm();
    expect(text('purchase-reason')).toBe(
      'O pagamento foi recusado: “Cartão recusado pela operadora”. Nada foi cobrado. Tente outro cartão ou fale com o seu banco.',
    );
  });

  it('authentication_required: a button opens the provider panel in the browser', async () => {
    const bridge = installFakeBridge()
      .reply('credits:buy', failed('authentication_required', { status: 402 }))
      .reply('shell:openExternal', { opened: true });
    await mountInApp(CreditsView);
    await buyAndConfirm();
    const open = [...byTestId('purchase-status').querySelectorAll('button')].find((b) =>
      squash(b.textContent).includes('Abrir o painel do SMSGo'),
    );
    await click(open!);
    expect(bridge.inputsOf('shell:openExternal')).toEqual([{ url: 'https://smsgo.com.br' }]);
  });

  it('422: names the field in the owner’s words; the service’s own words only under details', async () => {
    installFakeBridge().reply(
      'credits:buy',
      failed('validation_error', {
        status: 422,
        fields: [{ field: 'card_id', message: 'Unknown card.' }],
      }),
    );
    await mountInApp(CreditsView);
    await buyAndConfirm();
    expect(text('purchase-reason')).toBe('O serviço recusou os dados da compra. Nada foi cobrado. Confira:');
    expect(text('purchase-fields')).toBe(
      'Este cartão não pode ser usado. Escolha outro ou confira o cartão no painel do SMSGo.',
    );
    const said = byTestId('purchase-service-words') as HTMLDetailsElement;
    expect(said.open).toBe(false);
    expect(squash(said.querySelector('summary')!.textContent)).toBe('O que o SMSGo respondeu');
    expect(squash(said.querySelector('p')!.textContent)).toBe('card_id: Unknown card.');
  });

  it('a refused coupon: said in the owner’s words, then flagged before the next confirmation', async () => {
    const bridge = installFakeBridge().reply(
      'credits:buy',
      failed('validation_error', { status: 422, fields: [{ field: 'coupon', message: 'Unknown coupon.' }] }),
    );
    await mountInApp(CreditsView);
    // Before anything is bought the owner is told when the service checks a coupon.
    expect(squash(document.getElementById('credits-coupon-help')!.textContent)).toContain(
      'ele confere quando você confirma',
    );
    await type('credits-coupon', 'NOPE');
    await click(buyButton());
    expect(squash(document.body.textContent)).toContain('Se ele recusar o cupom, nada é cobrado.');
    await click(byTestId('credits-buy-confirm'));
    expect(text('purchase-reason')).toBe(
      'O SMSGo não aceitou o cupom “NOPE”. Nada foi cobrado. Confira o código ou apague o cupom para comprar sem desconto.',
    );
    expect(queryTestId('purchase-fields')).toBeNull();
    expect(text('purchase-service-words')).toContain('coupon: Unknown coupon.');

    // The same code (in any case) cannot be sent again: the field says why, Comprar waits.
    await type('credits-coupon', ' nope ');
    expect(text('credits-coupon-error')).toBe(
      'O SMSGo já recusou o cupom “nope” nesta sessão. Confira o código ou apague o cupom.',
    );
    expect(buyButton().disabled).toBe(true);
    expect(text('credits-buy-blocked')).toBe('Apague o cupom recusado ou digite outro código para comprar.');
    await type('credits-coupon', '');
    expect(buyButton().disabled).toBe(false);
    expect(bridge.inputsOf('credits:buy')).toHaveLength(1);
  });

  it('not sent, sent but found uncharged, and charged after a time-out, each in its own words', async () => {
    const bridge = installFakeBridge().reply('credits:buy', {
      attemptId: 'a1',
      outcome: 'not-charged',
      message: '',
      error: { code: 'network_error', message: 'reset' },
    });
    await mountCredits();
    await buyAndConfirm();
    expect(byTestId('purchase-not-charged').dataset.sent).toBe('true');
    expect(text('purchase-status')).toContain(
      'O pedido saiu, mas a resposta se perdeu no caminho. O Torpedo conferiu as suas faturas: nada foi cobrado.',
    );
    expect(buyButton().disabled).toBe(false);

    // The order never left: no connection could be made.
    bridge.reply('credits:buy', {
      attemptId: 'a2',
      outcome: 'not-charged',
      message: '',
      error: { code: 'purchase_not_sent', message: 'refused' },
    });
    await buyAndConfirm();
    expect(byTestId('purchase-not-charged').dataset.sent).toBe('false');
    expect(text('purchase-status')).toContain('Pedido não enviado');
    expect(text('purchase-status')).toContain(
      'o pedido de compra não saiu deste computador. Nada foi cobrado.',
    );
    expect(text('purchase-status')).not.toContain('conferindo as suas faturas');

    // The core refused to send it at all: the service had just stopped answering.
    bridge.fail('credits:buy', 'purchase_not_sent');
    await buyAndConfirm();
    expect(byTestId('purchase-not-charged').dataset.sent).toBe('false');
    expect(text('purchase-status')).toContain('Pedido não enviado');

    bridge
      .reply('credits:buy', {
        attemptId: 'a2',
        outcome: 'charged-after-timeout',
        invoiceUuid: sampleInvoice(9).uuid,
        total: 90,
        quantity: 1000,
        message: '',
      })
      .reply('credits:invoices', {
        invoices: [sampleInvoice(9)],
        page: 1,
        perPage: 20,
        total: 1,
        lastPage: 1,
        fetchedAt: '',
        stale: false,
      });
    await buyAndConfirm();
    expect(text('purchase-invoice')).toBe(
      'A conexão caiu, mas a compra foi concluída: fatura FAT-0009, no valor de R$ 90,00. Não compre de novo.',
    );
  });

  it('processing: pending, "we will let you know", then settles to succeeded', async () => {
    const bridge = installFakeBridge().reply('credits:buy', {
      attemptId: 'a1',
      outcome: 'processing',
      invoiceUuid: 'inv-1',
      total: 90,
      quantity: 1000,
      message: '',
    });
    bridge.handle('credits:invoices', () =>
      ok({ invoices: [], page: 1, perPage: 20, total: 0, lastPage: 1, fetchedAt: '', stale: false }),
    );
    await mountInApp(CreditsView);
    await buyAndConfirm();
    expect(byTestId('purchase-status').dataset.state).toBe('processing');
    expect(text('purchase-status')).toContain('Avisaremos quando o banco confirmar');

    bridge.emit('credits:attemptChanged', {
      id: 'a1',
      state: 'succeeded',
      request: {},
      expectedQuantity: 1000,
      expectedTotal: 90,
      invoiceUuid: 'inv-1',
      total: 90,
      quantity: 1000,
      error: null,
      createdAt: '2025-03-14T13:05:00.000Z',
      updatedAt: '2025-03-14T13:06:00.000Z',
      settledAt: '2025-03-14T13:06:00.000Z',
      stillPending: false,
    });
    await flushPromises();
    expect(byTestId('purchase-status').dataset.state).toBe('succeeded');
  });

  it('says plainly when there is no saved card', async () => {
    installFakeBridge().reply('credits:cards', { cards: [], fetchedAt: '', stale: false });
    await mountInApp(CreditsView);
    expect(document.body.textContent).toContain('Você ainda não tem cartão salvo.');
    expect(buyButton().disabled).toBe(true);
  });

  it('explains when the packages cannot be read', async () => {
    installFakeBridge().fail('credits:plans', 'network_error');
    await mountInApp(CreditsView);
    expect(document.body.textContent).toContain(
      'Sem conexão com o serviço. Verifique sua internet e tente de novo.',
    );
  });

  it('speaks English too', async () => {
    installFakeBridge();
    await mountCredits({ locale: 'en' });
    expect(text('credits-plan-1000')).toBe('R$ 90.00 of balance about 1,000 Standard SMS for R$ 90.00');
    await click(buyButton());
    expect(text('credits-confirm-question')).toBe('Charge R$ 90.00 to Visa •••• 4242?');
  });
});
