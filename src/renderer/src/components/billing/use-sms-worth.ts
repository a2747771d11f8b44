import { useI18n } from 'vue-i18n';
import { smsCountOf } from '@shared/sms-worth';
import { useAccountStore } from '@renderer/stores/account/use-account-store';
import { formatCount, formatMoney } from '@renderer/composables/use-money';
import { useSmsTypeName } from '@renderer/composables/sms-type-name';

/**
 * Reais in the words a shop owner counts in: "≈ 555 SMS Padrão". Priced
 * with the default SMS type the balance is counted in (BalanceView.smsWorth),
 * so the balance, a package and a recharge all count alike; '' while that
 * type is not known. It reads the account store, so it lives with the
 * components that show the balance (composables never import stores).
 */
export function useSmsWorth() {
  const { t, locale } = useI18n();
  const account = useAccountStore();
  const typeName = useSmsTypeName();

  /** { count, type } for `amount` reais, or null while no SMS price is known. */
  function worthOf(amount: number): { count: string; type: string } | null {
    const worth = account.balance?.smsWorth;
    const count = worth ? smsCountOf(amount, worth.unitPrice) : null;
    return worth && count !== null
      ? { count: formatCount(count, locale.value), type: typeName(worth.typeName) }
      : null;
  }

  return {
    worthOf,
    /** "Dá para cerca de 555 SMS Padrão, a R$ 0,09 cada." for the balance, or ''. */
    ofBalance: (): string => {
      const worth = account.balance?.smsWorth;
      if (!worth) return '';
      return t('balance.worthHint', {
        count: formatCount(worth.count, locale.value),
        type: typeName(worth.typeName),
        price: formatMoney(worth.unitPrice, locale.value),
      });
    },
    /** "≈ 555 SMS Padrão" for `amount`, or ''. */
    short: (amount: number): string => {
      const worth = worthOf(amount);
      return worth ? t('balance.worth', worth) : '';
    },
  };
}
