import { watch } from 'vue';
import type { PurchasePhase } from '@renderer/stores/billing/use-credits-store';
import { useCreditsStore } from '@renderer/stores/billing/use-credits-store';

/** The phases in which the order was taken: the money is (or is being) charged. */
const TAKEN: readonly PurchasePhase[] = ['succeeded', 'processing', 'charged-after-timeout'];

/**
 * Calls `reset` once each time a purchase is taken by the service, so the
 * form that made it does not stay filled in with Comprar active: buying the
 * same again then takes a new choice, not one stray click and a confirm.
 */
export function useAfterPurchase(reset: () => void): void {
  const credits = useCreditsStore();
  watch(
    () => [credits.shown.attemptId, credits.shown.phase] as const,
    ([id, phase], [oldId, oldPhase]) => {
      const newlyTaken = TAKEN.includes(phase) && (id !== oldId || !TAKEN.includes(oldPhase));
      if (newlyTaken) reset();
    },
  );
}
