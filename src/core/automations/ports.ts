/**
 * What the automations take from other domains, as their module's
 * parameters (compose-core.ts passes each domain's public surface): the
 * templates they follow, the segments they may write to, and the
 * campaigns' outbox they hand occurrences to.
 */
import type { CampaignHandOver } from '../campaigns/campaigns-module';

/** A template as an automation follows it. */
export interface TemplateRef {
  id: string;
  name: string;
  text: string;
  /** The SMS type it sends with; null: the service's default. */
  smsTypeId: number | null;
  /** Its sender; null: the account's. */
  from: string | null;
}

export interface TemplateSource {
  find(profile: string, id: string): TemplateRef | null;
}

/** A condition over the contacts table (alias `c`), with its named parameters. */
export interface SqlCondition {
  sql: string;
  params: Record<string, unknown>;
}

export interface SegmentSource {
  /** Who is in a segment, now, as SQL; null when it does not exist (any more). */
  condition(profile: string, segmentId: string): SqlCondition | null;
  name(profile: string, segmentId: string): string | null;
}

/** Auto-recharge as last read from the service (account and billing domains). */
export interface AutoRechargeOutlook {
  /** On, with a card to charge. */
  enabled: boolean;
  /** R$: a recharge happens when the balance falls under it. */
  threshold: number;
  /** R$ one recharge adds to the balance; null when the packages' prices are unknown. */
  adds: number | null;
  /** The low-balance alert: on, and its threshold in R$. */
  alertEnabled: boolean;
  alertThreshold: number;
}

export interface BalanceSource {
  /** The balance in R$: fresh when the service may be asked, else the last read; null when never read. */
  balance(profile: string): Promise<number | null>;
  /** Null when never read. */
  autoRecharge(profile: string): AutoRechargeOutlook | null;
}

export interface AutomationPorts {
  templates: TemplateSource;
  segments: SegmentSource;
  outbox: CampaignHandOver;
  money: BalanceSource;
}
