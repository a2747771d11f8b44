import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { NSelect } from 'naive-ui';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryHistory } from 'vue-router';
import LowBalanceWarning from '@renderer/components/app/LowBalanceWarning.vue';
import { formatMoneyInput, parseCountInput, parseMoneyInput } from '@renderer/composables/use-money';
import { createAppI18n } from '@renderer/i18n';
import { createAppRouter } from '@renderer/router';
import { useAccountStore } from '@renderer/stores/account/use-account-store';
import { useAutoRechargeStore } from '@renderer/stores/account/use-auto-recharge-store';
import AutoRechargeSettingsView from '@renderer/views/settings/AutoRechargeSettingsView.vue';
import { readForm } from '@renderer/views/settings/auto-recharge-form';
import {
  installFakeBridge,
  ok,
  sampleAutoRecharge,
  sampleBalance,
  samplePlans,
} from '../support/fake-bridge';
import { byTestId, click, freshPinia, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

async function type(testId: string, value: string): Promise<void> {
  const input = byTestId(testId).querySelector('input')!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await flushPromises();
}

const saveButton = () => byTestId('autorecharge-save') as HTMLButtonElement;

describe('typed amounts and counts', () => {
  it.each([
    ['20', 'pt-BR', 20],
    ['20,5', 'pt-BR', 20.5],
    ['1.234,56', 'pt-BR', 1234.56],
    ['R$ 1.000', 'pt-BR', 1000],
    ['12.5', 'pt-BR', 12.5],
    ['1,234.56', 'en', 1234.56],
    ['12,5', 'en', 12.5],
    ['abc', 'pt-BR', null],
    ['1,2,3', 'pt-BR', null],
    ['', 'pt-BR', null],
  ])('money %j in %s is %s', (text, locale, expected) => {
    expect(parseMoneyInput(text, locale)).toBe(expected);
  });

  it('formats money for the input in each language', () => {
    expect(formatMoneyInput(1234.5, 'pt-BR')).toBe('1.234,50');
    expect(formatMoneyInput(1234.5, 'en')).toBe('1,234.50');
  });

  it.each([
    ['2500', 2500],
    ['2.500', 2500],
    ['2,500', 2500],
    ['1.000.000', 1_000_000],
    ['2,5', null],
    ['25.00', null],
    ['-3', null],
  ])('count %j is %s', (text, expected) => {
    expect(parseCountInput(text)).toBe(expected);
  });
});

describe('auto-recharge form rules', () => {
  // The service holds 1,000 credits a recharge: R$ 90,00 at the smallest package's R$ 0,09.
  const form = {
    enabled: false,
    threshold: '10,00',
    rechargeAmount: '90,00',
    cardId: null,
    alertEnabled: false,
    alertThreshold: '20,00',
  };
  const plans = samplePlans.plans;

  it('enabling needs a card and a recharge of at least what 250 credits add (R$ 22,50)', () => {
    expect(
      readForm({ ...form, enabled: true, rechargeAmount: '20' }, sampleAutoRecharge, 'pt-BR', plans),
    ).toEqual({
      problems: { cardId: 'cardRequired', planQuantity: 'rechargeMin' },
    });
    expect(
      readForm(
        { ...form, enabled: true, rechargeAmount: '', cardId: 'card-visa' },
        sampleAutoRecharge,
        'pt-BR',
        plans,
      ),
    ).toEqual({ problems: { planQuantity: 'rechargeRequired' } });
  });

  it('amounts must be reais from 0 to 1,000,000', () => {
    expect(
      readForm(
        { ...form, threshold: 'dez', alertThreshold: '2.000.000,00' },
        sampleAutoRecharge,
        'pt-BR',
        plans,
      ),
    ).toEqual({
      problems: { threshold: 'amountInvalid', alertThreshold: 'amountTooLarge' },
    });
  });

  it('sends only what changed; a recharge in reais goes as the credits that add it', () => {
    expect(readForm(form, sampleAutoRecharge, 'pt-BR', plans)).toEqual({ patch: {} });
    expect(
      readForm(
        { ...form, enabled: true, cardId: 'card-visa', threshold: '15', alertThreshold: '20' },
        sampleAutoRecharge,
        'pt-BR',
        plans,
      ),
    ).toEqual({ patch: { enabled: true, cardId: 'card-visa', threshold: 15 } });
    expect(readForm({ ...form, rechargeAmount: '225' }, sampleAutoRecharge, 'pt-BR', plans)).toEqual({
      patch: { planQuantity: 2500 },
    });
  });

  it('without the service’s prices a new recharge amount cannot be checked; the saved one stays', () => {
    expect(readForm({ ...form, rechargeAmount: '225' }, sampleAutoRecharge, 'pt-BR', [])).toEqual({
      problems: { planQuantity: 'unpriced' },
    });
    expect(
      readForm({ ...form, rechargeAmount: '', threshold: '15' }, sampleAutoRecharge, 'pt-BR', []),
    ).toEqual({
      patch: { threshold: 15 },
    });
  });
});

describe('AutoRechargeSettingsView (with a fake bridge)', () => {
  it('explains the rule and shows the saved values, the default card offered', async () => {
    installFakeBridge();
    await mountInApp(AutoRechargeSettingsView);
    expect(squash(byTestId('autorecharge-rule').textContent)).toBe(
      'Para ligar a recarga automática, escolha o cartão e o valor de cada recarga.',
    );
    expect(squash(byTestId('autorecharge-card').textContent)).toContain('Visa •••• 4242');
    expect((byTestId('autorecharge-threshold').querySelector('input') as HTMLInputElement).value).toBe(
      '10,00',
    );
    expect((byTestId('autorecharge-amount').querySelector('input') as HTMLInputElement).value).toBe('90,00');
    expect(document.body.textContent).not.toMatch(/crédito/i);
    expect(saveButton().disabled).toBe(true);
    expect(document.body.textContent).toContain('Nenhuma alteração para salvar.');
  });

  it('no red before the owner tries to save; then each problem by its field, and nothing sent until fixed', async () => {
    const bridge = installFakeBridge().handle('account:updateAutoRecharge', (patch) =>
      ok({ ...sampleAutoRecharge, ...patch }),
    );
    await mountInApp(AutoRechargeSettingsView);

    // Turning it on with the default card already offered: nothing to complain about.
    await click(byTestId('autorecharge-enabled'));
    expect(queryTestId('autorecharge-card-error')).toBeNull();
    await type('autorecharge-amount', '20');
    expect(queryTestId('autorecharge-amount-error')).toBeNull();

    await click(saveButton());
    expect(bridge.inputsOf('account:updateAutoRecharge')).toEqual([]);
    expect(squash(byTestId('autorecharge-amount-error').textContent)).toBe(
      'Cada recarga precisa ser de pelo menos R$ 22,50.',
    );
    await type('autorecharge-amount', '225');
    expect(queryTestId('autorecharge-amount-error')).toBeNull();

    await click(saveButton());
    expect(bridge.inputsOf('account:updateAutoRecharge')).toEqual([
      { enabled: true, planQuantity: 2500, cardId: 'card-visa' },
    ]);
    expect(document.body.textContent).toContain('Recarga automática e alerta salvos.');
    // On and saved: the how-to-turn-it-on hint is no longer in the way.
    expect(queryTestId('autorecharge-rule')).toBeNull();
  });

  it('says what each recharge adds, in reais and SMS', async () => {
    installFakeBridge();
    const pinia = freshPinia();
    await useAccountStore().loadBalance();
    await mountInApp(AutoRechargeSettingsView, { pinia });
    expect(squash(document.body.textContent)).toContain(
      'Cada recarga põe cerca de R$ 90,00 no saldo (cerca de 1.000 SMS Padrão) e cobra esse valor no cartão.',
    );
    await type('autorecharge-amount', '700');
    expect(squash(document.body.textContent)).toContain(
      'Cada recarga põe cerca de R$ 700,00 no saldo (cerca de 7.777 SMS Padrão) e cobra esse valor no cartão.',
    );
  });

  it('without any saved card, turning it on asks for one when saving', async () => {
    const bridge = installFakeBridge().reply('credits:cards', { cards: [], fetchedAt: '', stale: false });
    const { wrapper } = await mountInApp(AutoRechargeSettingsView);
    await click(byTestId('autorecharge-enabled'));
    expect(queryTestId('autorecharge-card-error')).toBeNull();
    await click(saveButton());
    expect(squash(byTestId('autorecharge-card-error').textContent)).toBe(
      'Escolha o cartão para ligar a recarga automática.',
    );
    expect(bridge.inputsOf('account:updateAutoRecharge')).toEqual([]);
    expect(wrapper.findComponent(NSelect).exists()).toBe(true);
  });

  it('shows the field the service refused, with its reason', async () => {
    installFakeBridge().fail('account:updateAutoRecharge', 'invalid_input', {
      fields: [{ field: 'threshold', message: 'Valor acima do permitido pelo serviço' }],
    });
    await mountInApp(AutoRechargeSettingsView);
    await type('autorecharge-threshold', '999');
    await click(saveButton());
    expect(document.body.textContent).toContain('Valor acima do permitido pelo serviço');
    expect(document.body.textContent).toContain('Confira estes campos: Valor para recarregar.');
  });
});

describe('low-balance warning in the header', () => {
  async function mountWarning() {
    const pinia = freshPinia();
    const router = createAppRouter(createMemoryHistory());
    const wrapper = mount(LowBalanceWarning, {
      global: { plugins: [pinia, createAppI18n('pt-BR'), router] },
      attachTo: document.body,
    });
    await flushPromises();
    return wrapper;
  }

  it('shows only when the alert is on and the balance is below its threshold', async () => {
    const bridge = installFakeBridge().reply('account:autoRecharge', {
      ...sampleAutoRecharge,
      alertEnabled: true,
      alertThreshold: 2000,
    });
    await mountWarning();
    const account = useAccountStore();
    const autoRecharge = useAutoRechargeStore();
    await account.loadBalance();
    await autoRecharge.load();
    await flushPromises();

    // R$ 1.234,56 < R$ 2.000,00
    expect(squash(byTestId('low-balance-warning').textContent)).toBe('! Saldo baixo');
    expect(squash(document.body.textContent)).toContain('Seu saldo está abaixo de R$ 2.000,00');

    bridge.emit('balance:changed', { ...sampleBalance, balance: 2500 });
    await flushPromises();
    expect(queryTestId('low-balance-warning')).toBeNull();

    bridge.emit('balance:changed', { ...sampleBalance, balance: 10 });
    await flushPromises();
    expect(queryTestId('low-balance-warning')).not.toBeNull();
    bridge.handle('account:updateAutoRecharge', (patch) =>
      ok({ ...sampleAutoRecharge, alertThreshold: 2000, alertEnabled: true, ...patch }),
    );
    await autoRecharge.save({ alertEnabled: false });
    await flushPromises();
    expect(queryTestId('low-balance-warning')).toBeNull();
  });
});
