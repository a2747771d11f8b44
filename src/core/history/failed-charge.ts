import type { FailedChargeView } from '../../shared/dto/history';

/**
 * Whether failed messages were charged, from the service's own cost of each
 * message (history_numbers.cost, read from GET /v1/sms/{id}/show): above
 * zero charged, zero not, null (not given) unknown. The columns go in a
 * SELECT over the failed numbers, aliased `n`.
 */
export const FAILED_COST_COLUMNS = `count(*) FILTER (WHERE n.cost > 0) AS charged,
  sum(n.cost) FILTER (WHERE n.cost > 0) AS amount, count(*) FILTER (WHERE n.cost = 0) AS not_charged`;

export interface FailedCostRow {
  charged: number;
  amount: number | null;
  not_charged: number;
}

/** `failed`: how many the service counts failed; those without a number read or a cost are unknown. */
export function failedChargeOf(row: FailedCostRow | undefined, failed: number): FailedChargeView {
  const charged = row?.charged ?? 0;
  const notCharged = row?.not_charged ?? 0;
  return {
    charged,
    chargedAmount: Math.round((row?.amount ?? 0) * 100) / 100,
    notCharged,
    unknown: Math.max(0, failed - charged - notCharged),
  };
}
