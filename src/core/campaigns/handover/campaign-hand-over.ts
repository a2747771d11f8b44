/**
 * The campaigns' surface for the automations (campaigns-module.ts hands it
 * over): an occurrence written into the outbox, what became of it, and the
 * message builder and prices the composer uses, so an automation's text,
 * cost and forecast are counted exactly as a campaign's.
 */
import type { CampaignProgressView, SmsTypeView } from '../../../shared/dto/campaigns';
import type { SendingRules } from '../../../shared/rules/sending-rules';
import type { MessageBuilder } from '../messages/message-builder';
import type { HandOverRequest, HandOverResult } from './hand-over';

export type { HandOverMessage, HandOverRefusal, HandOverRequest, HandOverResult } from './hand-over';
export type { MessageBuilder, RecipientRow } from '../messages/message-builder';

export interface HandOverSummary {
  progress: CampaignProgressView;
  segments: number;
  /** R$; null when it was handed over before any price was known. */
  cost: number | null;
  /** Recipients taken out as their batch left (opted out, blocked, capped since the hand-over). */
  removed: number;
}

export interface CampaignHandOver {
  /** Writes an occurrence into the outbox, inside the caller's transaction. */
  handOver(request: HandOverRequest): HandOverResult;
  /** A handed-over occurrence's campaign: its progress, SMS parts and R$; null when it is gone. */
  summary(campaignId: string): HandOverSummary | null;
  /** Contacts whose messages will never go (cancelled when the day ended, or refused by the service). */
  notSent(campaignId: string): string[];
  /** Every recipient's message of a text for `profile`, as the composer and the freeze build them. */
  builder(profile: string, template: string): MessageBuilder;
  /** R$ per SMS part in micro-reais for a type (null: the default type); null when unknown. */
  unitMicro(smsTypes: readonly SmsTypeView[] | null, smsTypeId: number | null): number | null;
  /** The sending rules the hand-over times messages by (a greeting on a closed day is moved earlier by them). */
  sendingRules(): SendingRules;
  /** Something was handed over: the outbox worker looks now. */
  wake(): void;
  /** An automation's test message, so the history names it as such. */
  recordTest(entry: {
    profile: string;
    sendId: string;
    name: string;
    phone: string;
    at: string;
    cost: number | null;
  }): void;
}
