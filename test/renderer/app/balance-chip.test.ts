import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import BalanceChip from '@renderer/components/app/BalanceChip.vue';
import { useAccountStore } from '@renderer/stores/account/use-account-store';
import { installFakeBridge, sampleBalance } from '../support/fake-bridge';
import { byTestId, click, freshPinia, mountInApp, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function mountChip(locale: 'pt-BR' | 'en', balance = sampleBalance) {
  const bridge = installFakeBridge();
  const pinia = freshPinia();
  useAccountStore().balance = balance;
  await mountInApp(BalanceChip, { locale, pinia });
  return { bridge, chip: byTestId('header-balance') };
}

describe('BalanceChip (with a fake bridge)', () => {
  it('shows reais the Brazilian way in pt-BR', async () => {
    const { chip } = await mountChip('pt-BR');
    expect(squash(chip.textContent)).toBe('Saldo R$ 1.234,56');
    expect(chip.tagName).toBe('BUTTON');
    expect(chip.dataset.stale).toBe('false');
  });

  it('shows reais the English way in en', async () => {
    const { chip } = await mountChip('en');
    expect(squash(chip.textContent)).toBe('Balance R$ 1,234.56');
    const hint = document.getElementById(chip.getAttribute('aria-describedby') ?? '');
    expect(squash(hint?.textContent)).toMatch(/^Enough for about 13,717 Standard SMS, at R\$ 0\.09 each\. /);
  });

  it('marks a stale figure and says when it was last read', async () => {
    const { chip } = await mountChip('pt-BR', { ...sampleBalance, stale: true, fetchedAt: minutesAgo(12) });

    expect(chip.dataset.stale).toBe('true');
    expect(squash(chip.textContent)).toBe('Último valor conhecido · há 12 minutos R$ 1.234,56');
    const hint = document.getElementById(chip.getAttribute('aria-describedby') ?? '');
    expect(squash(hint?.textContent)).toBe(
      'Dá para cerca de 13.717 SMS Padrão, a R$ 0,09 cada. O serviço não respondeu, então este é o último saldo conhecido, atualizado há 12 minutos. Clique para tentar de novo.',
    );
  });

  it('asks the service again when clicked', async () => {
    const { bridge, chip } = await mountChip('pt-BR', { ...sampleBalance, stale: true });
    bridge.reply('account:balance', { ...sampleBalance, balance: 99.9 });

    await click(chip);

    expect(bridge.inputsOf('account:balance')).toEqual([{ refresh: true }]);
    expect(squash(chip.textContent)).toBe('Saldo R$ 99,90');
  });

  it('says the balance is unavailable when it could not be read', async () => {
    installFakeBridge();
    const pinia = freshPinia();
    await mountInApp(BalanceChip, { pinia });
    expect(squash(byTestId('header-balance').textContent)).toBe('Saldo Indisponível');
  });
});
