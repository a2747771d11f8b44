import { useI18n } from 'vue-i18n';
import type { SmsTypeView } from '@shared/dto/campaigns';
import { useMoney } from './use-money';

/** "Padrão" → "padrao": how a service's type name is looked up (accents and case are not a different type). */
const keyOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');

/**
 * The service names its SMS types in Portuguese ("Padrão"). In English the
 * names it is known to use read in English ("Standard"); any other name is
 * shown as the service wrote it, since that is what its panel shows.
 */
export function useSmsTypeName(): (name: string) => string {
  const { t, te } = useI18n();
  return (name) => {
    const key = `smsTypeNames.${keyOf(name)}`;
    return te(key) ? t(key) : name;
  };
}

/** A type as a choice reads: its name and what one SMS costs (the sale price beside the regular one). */
export function useSmsTypeLabel(): (type: SmsTypeView) => string {
  const { t } = useI18n();
  const money = useMoney();
  const typeName = useSmsTypeName();
  return (type) =>
    type.sale !== null
      ? t('composer.smsTypeSale', {
          name: typeName(type.name),
          price: money(type.unitPrice),
          was: money(type.price),
        })
      : t('composer.smsTypeOption', { name: typeName(type.name), price: money(type.unitPrice) });
}
