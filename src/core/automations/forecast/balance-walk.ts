/**
 * How far the balance covers what the automations will take, day by day:
 * each day's cost leaves the balance; with auto-recharge on, a recharge
 * adds its amount whenever the balance falls under its threshold (as the
 * service does after a debit). The first day it does not cover, the last
 * one it does, and the first day it falls under the low-balance alert's
 * threshold, so the alert can be raised before that day, not after.
 */
import type { AutoRechargeOutlook } from '../ports';

export interface Coverage {
  coveredUntil: string | null;
  shortOn: string | null;
  lowBalanceOn: string | null;
}

const EPSILON = 1e-9;

export function walkBalance(
  balance: number | null,
  days: readonly { date: string; cost: number | null }[],
  recharge: AutoRechargeOutlook | null,
): Coverage {
  const none: Coverage = { coveredUntil: null, shortOn: null, lowBalanceOn: null };
  if (balance === null || days.some((d) => d.cost === null)) return none;
  // In centavos: R$ sums of floats drift.
  let left = Math.round(balance * 100);
  const threshold = recharge?.enabled ? Math.round(recharge.threshold * 100) : null;
  const adds = recharge?.enabled && recharge.adds !== null ? Math.round(recharge.adds * 100) : null;
  const alert = recharge?.alertEnabled ? Math.round(recharge.alertThreshold * 100) : null;
  let coveredUntil: string | null = null;
  let lowBalanceOn: string | null = null;
  for (const day of days) {
    const cost = Math.round(day.cost! * 100);
    if (cost === 0) {
      coveredUntil = day.date;
      continue;
    }
    if (left + EPSILON < cost)
      return { coveredUntil, shortOn: day.date, lowBalanceOn: lowBalanceOn ?? day.date };
    left -= cost;
    if (threshold !== null && adds !== null && adds > 0 && left < threshold) left += adds;
    if (alert !== null && lowBalanceOn === null && left < alert) lowBalanceOn = day.date;
    coveredUntil = day.date;
  }
  return { coveredUntil: null, shortOn: null, lowBalanceOn };
}
