import type { ParsedInputOf } from '../../../shared/ipc-contract';
import type { PurchaseRequest } from '../../api/wire-schemas';

export type BuyInput = ParsedInputOf<'credits:buy'>;

/**
 * The app's camelCase input as the service's snake_case body. Exactly one of
 * quantity / plan_id (the contract checks it); the official SDKs would prefer
 * plan_id when both were known.
 */
export function toWireRequest(input: BuyInput): PurchaseRequest {
  const body: PurchaseRequest = {};
  if (input.planId !== undefined) body.plan_id = input.planId;
  else if (input.quantity !== undefined) body.quantity = input.quantity;
  if (input.cardId !== undefined) body.card_id = input.cardId;
  if (input.coupon !== undefined) body.coupon = input.coupon;
  return body;
}
