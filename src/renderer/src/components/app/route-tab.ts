import type { PickupKeys } from 'vue-i18n';
import type { Messages } from '@renderer/i18n/pt-BR';

/** A message key (type-checked against the pt-BR messages, like `t('…')`). */
export type TabLabelKey = PickupKeys<{ 'pt-BR': Messages }>;

/** One tab of a TabbedLayout: a child route of the section and its label. */
export interface RouteTab {
  /** The child route's path. */
  to: string;
  label: TabLabelKey;
  /** Kept for the tests and the e2e journeys that click it. */
  testId: string;
  /**
   * Selected only on exactly this path: the section's own index page, whose
   * path is the prefix of every other tab's.
   */
  exact?: boolean;
}
