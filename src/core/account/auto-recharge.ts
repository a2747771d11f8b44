import type { AutoRechargeView } from '../../shared/dto';
import type { ParsedInputOf } from '../../shared/ipc-contract';
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { AccountService } from './account-service';
import { isServiceError } from '../api/service-error';
import { ERROR_CODES, LIMITS } from '../api/wire';
import type { AutoRechargeConfig, AutoRechargeUpdate } from '../api/wire-schemas';
import { AppFailure } from '../app-failure';
import type { ServiceCacheRepo } from '../db/service-cache-repo';
import type { SessionManager } from '../session/session-module';
import { appFieldName } from '../api/field-names';
import { bindAccount, readThrough } from './service-access';

export type AutoRechargeInput = ParsedInputOf<'account:updateAutoRecharge'>;

const CACHE_KEY = 'account:autoRecharge';

type Field = { field: string; message: string };

/**
 * The rules the service applies, checked against the values that will hold
 * after the change (the form may send only what it changed): enabling needs
 * a card and at least 250 credits per recharge; amounts are never negative.
 */
export function autoRechargeProblems(current: AutoRechargeConfig, input: AutoRechargeInput): Field[] {
  const next = {
    enabled: input.enabled ?? current.enabled,
    planQuantity: input.planQuantity ?? current.planQuantity,
    cardId: input.cardId ?? current.cardId,
    threshold: input.threshold ?? current.threshold,
    alertThreshold: input.alertThreshold ?? current.alertThreshold,
  };
  const problems: Field[] = [];
  if (next.enabled && !next.cardId) {
    problems.push({ field: 'cardId', message: 'Choose the card to charge before turning auto-recharge on' });
  }
  if (next.enabled && next.planQuantity < LIMITS.purchaseQuantityMin) {
    problems.push({
      field: 'planQuantity',
      message: `Each recharge must buy at least ${LIMITS.purchaseQuantityMin} credits`,
    });
  }
  if (next.threshold < 0) problems.push({ field: 'threshold', message: 'Cannot be negative' });
  if (next.alertThreshold < 0) problems.push({ field: 'alertThreshold', message: 'Cannot be negative' });
  return problems;
}

/** The app's camelCase change as the service's snake_case body (service-wire-facts.md). */
export function toWireUpdate(input: AutoRechargeInput): AutoRechargeUpdate {
  const body: AutoRechargeUpdate = {};
  if (input.enabled !== undefined) body.enabled = input.enabled;
  if (input.threshold !== undefined) body.threshold = input.threshold;
  if (input.planQuantity !== undefined) body.plan_quantity = input.planQuantity;
  if (input.cardId !== undefined) body.card_id = input.cardId;
  if (input.alertEnabled !== undefined) body.alert_enabled = input.alertEnabled;
  if (input.alertThreshold !== undefined) body.alert_threshold = input.alertThreshold;
  return body;
}

const invalid = (fields: Field[]) =>
  new AppFailure(APP_ERROR_CODES.invalidInput, 'Some fields are not valid.', { fields });

/** Auto-recharge and the low-balance alert (read cached for offline; update validated first). */
export class AutoRechargeService {
  constructor(
    private readonly session: SessionManager,
    private readonly account: AccountService,
    private readonly cache: ServiceCacheRepo,
    private readonly now: () => Date,
  ) {}

  read(): Promise<AutoRechargeView> {
    return readThrough(
      bindAccount(this.session, this.account),
      this.cache,
      CACHE_KEY,
      (client) => client.autoRecharge(),
      this.now,
    );
  }

  /** As last read from the service, without asking it (the automations' forecast); null: never read. */
  cached(profile: string): AutoRechargeConfig | null {
    return this.cache.get<AutoRechargeConfig>(profile, CACHE_KEY)?.value ?? null;
  }

  async update(input: AutoRechargeInput): Promise<AutoRechargeView> {
    const bound = bindAccount(this.session, this.account);
    // Fresh, not cached: the rules apply to what the service holds now.
    const current = await bound.call((c) => c.autoRecharge());
    const problems = autoRechargeProblems(current, input);
    if (problems.length) throw invalid(problems);
    const body = toWireUpdate(input);
    // The facts say enabling "needs card_id and plan_quantity": a strict service may
    // want both in the same request, so send them whenever the result is enabled.
    if (input.enabled ?? current.enabled) {
      if (body.card_id === undefined && current.cardId) body.card_id = current.cardId;
      if (body.plan_quantity === undefined) body.plan_quantity = current.planQuantity;
    }
    let saved: AutoRechargeConfig;
    try {
      saved = await bound.call((c) => c.updateAutoRecharge(body));
    } catch (error) {
      // The service's 422 names its own (snake_case) fields: name them as the form does.
      if (isServiceError(error) && error.code === ERROR_CODES.validationError && error.errors.length) {
        throw invalid(error.errors.map((e) => ({ field: appFieldName(e.field), message: e.message })));
      }
      throw error;
    }
    this.cache.put(bound.profile, CACHE_KEY, saved);
    return { ...saved, fetchedAt: this.now().toISOString(), stale: false };
  }
}
