import { useI18n } from 'vue-i18n';
import type { BlockedCount, BlockListRef } from '@shared/dto/rules';

/**
 * How the window names a block list: a public register by its Procon (the
 * long name in the Rules page, the short one in sentences), an owner's list
 * by the name the owner gave it, and the list kept from before lists had
 * names as "Outra lista".
 */
export function useBlockListWords() {
  const { t } = useI18n();

  /** The name in the Rules page's table and choices: "Procon-AL (Alagoas)", "Fornecedores". */
  const listName = (list: BlockListRef): string =>
    list.kind === 'owner' ? (list.name ?? t('rules.block.legacyOther')) : t(`rules.block.kinds.${list.kind}`);

  /**
   * One line per list that left people out, from `{prefix}Register` ("bloqueados
   * pelo Procon-AL") or `{prefix}Own` ("na lista de bloqueio “Fornecedores”").
   */
  const blockedLines = (
    prefix: string,
    counts: readonly BlockedCount[],
    format: (n: number) => string,
  ): { key: string; text: string }[] =>
    counts
      .filter((c) => c.count > 0)
      .map(({ list, count }) => ({
        key: list.id,
        text:
          list.kind === 'owner'
            ? t(`${prefix}Own`, { count: format(count), list: listName(list) }, count)
            : t(
                `${prefix}Register`,
                { count: format(count), list: t(`rules.block.short.${list.kind}`) },
                count,
              ),
      }));

  return { listName, blockedLines };
}
