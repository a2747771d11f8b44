import { useI18n } from 'vue-i18n';

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
