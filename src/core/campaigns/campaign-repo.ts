/**
 * The `campaigns` table (migration 0011) for the composer: drafts created,
 * patched and deleted, and the list. Every statement names the profile, so
 * one profile never sees another's campaigns. The JSON columns are read back
 * through the contract's schemas (a field missing from an older row takes
 * its default; an unreadable one falls back whole).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type {
  CampaignAudience,
  CampaignDraftFields,
  CampaignOptions,
  CampaignStatus,
  CampaignSummaryView,
  CampaignTotals,
  CampaignView,
} from '../../shared/dto/campaigns';
import type { RuleCounts } from '../../shared/dto/rules';
import { campaignAudience, campaignOptions } from '../../shared/contract/campaigns';
import type { Database } from '../db/open-database';
import type { CampaignTableRow } from './campaign-row';
import { campaignNotFound, notDraft, stillSending } from './campaign-errors';
import { DEFAULT_OPTIONS, readOptions } from './messages/message-options';
import type { ProgressReader } from './outbox/progress-read';

/** A campaign as the composer works on it. */
export interface CampaignRecord extends CampaignDraftFields {
  id: string;
  profile: string;
  ref: string;
  status: CampaignStatus;
  allowPartial: boolean;
}

export interface DraftPatch {
  name?: string;
  template?: string;
  audience?: CampaignAudience;
  options?: Partial<CampaignOptions>;
  allowPartial?: boolean;
}

type Row = Omit<CampaignTableRow, 'hold' | 'links_ready_at'>;

type SummaryRow = Pick<
  CampaignTableRow,
  | 'rule_counts'
  | 'id'
  | 'name'
  | 'status'
  | 'updated_at'
  | 'queued_at'
  | 'recipients'
  | 'messages'
  | 'segments'
  | 'unit_price'
  | 'cost'
>;

/** `ref` alphabet and length: 36^8 ≈ 2.8e12 values, so a clash is rare; it is retried anyway. */
const REF_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const REF_LENGTH = 8;
const newRef = () => Array.from({ length: REF_LENGTH }, () => REF_ALPHABET[randomInt(36)]).join('');

function readAudience(json: string): CampaignAudience {
  try {
    const parsed = campaignAudience.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // An unreadable column (hand-edited) shows as an empty audience rather than failing the composer.
  }
  return { listIds: [], contactIds: [], segmentIds: [] };
}

const toRecord = (row: Row): CampaignRecord => ({
  id: row.id,
  profile: row.profile,
  ref: row.ref,
  name: row.name,
  status: row.status,
  template: row.template,
  audience: readAudience(row.audience),
  options: readOptions(row.options) ?? DEFAULT_OPTIONS,
  allowPartial: row.allow_partial === 1,
});

/** The frozen figures of a sent campaign; null for a draft. */
export function totalsOf(
  row: Omit<SummaryRow, 'id' | 'name' | 'updated_at' | 'queued_at'>,
): CampaignTotals | null {
  if (row.status === 'draft' || row.recipients === null) return null;
  return {
    recipients: row.recipients,
    messages: row.messages ?? 0,
    segments: row.segments ?? 0,
    unitPrice: row.unit_price,
    cost: row.cost,
    rules: readRuleCounts(row.rule_counts),
  };
}

function readRuleCounts(json: string | null): RuleCounts | null {
  if (json === null) return null;
  try {
    return JSON.parse(json) as RuleCounts;
  } catch {
    return null;
  }
}

export function createCampaignRepo(db: Database, progress: ProgressReader) {
  const s = {
    get: db.prepare<[string, string], Row>(
      `SELECT id, profile, ref, name, status, template, audience, options, allow_partial,
              recipients, messages, segments, unit_price, cost, created_at, updated_at, queued_at, finished_at,
              rule_counts
         FROM campaigns WHERE id = ? AND profile = ?`,
    ),
    refTaken: db.prepare<[string], number>('SELECT 1 FROM campaigns WHERE ref = ?').pluck(),
    insert: db.prepare(
      `INSERT INTO campaigns (id, profile, ref, name, template, audience, options, allow_partial, created_at, updated_at)
       VALUES (:id, :profile, :ref, :name, :template, :audience, :options, :allowPartial, :at, :at)`,
    ),
    update: db.prepare(
      `UPDATE campaigns SET name = :name, template = :template, audience = :audience, options = :options,
              allow_partial = :allowPartial, updated_at = :at
        WHERE id = :id AND profile = :profile AND status = 'draft'`,
    ),
    summaries: db.prepare<[string], SummaryRow>(
      `SELECT id, name, status, updated_at, queued_at, recipients, messages, segments, unit_price, cost,
              rule_counts
         FROM campaigns WHERE profile = ? ORDER BY updated_at DESC, created_at DESC, id`,
    ),
    remove: db.prepare<[string, string]>('DELETE FROM campaigns WHERE id = ? AND profile = ?'),
    clear: db.prepare<[string]>('DELETE FROM campaigns WHERE profile = ?'),
  };

  const find = (profile: string, id: string): CampaignRecord => {
    const row = s.get.get(id, profile);
    if (!row) throw campaignNotFound();
    return toRecord(row);
  };

  const write = (record: CampaignRecord, at: string, statement: 'insert' | 'update') =>
    s[statement].run({
      id: record.id,
      profile: record.profile,
      ...(statement === 'insert' ? { ref: record.ref } : {}),
      name: record.name,
      template: record.template,
      audience: JSON.stringify(record.audience),
      options: JSON.stringify(record.options),
      allowPartial: record.allowPartial ? 1 : 0,
      at,
    });

  return {
    find,

    /** The campaign as the channels return it: draft fields, frozen totals, outbox progress. */
    view(profile: string, id: string): CampaignView {
      const row = s.get.get(id, profile);
      if (!row) throw campaignNotFound();
      const record = toRecord(row);
      return {
        id: record.id,
        name: record.name,
        status: record.status,
        template: record.template,
        audience: record.audience,
        options: record.options,
        allowPartial: record.allowPartial,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        queuedAt: row.queued_at,
        finishedAt: row.finished_at,
        totals: totalsOf(row),
        progress: row.status === 'draft' ? null : progress(row.id),
      };
    },

    /** A new draft; returns its id. */
    insert(profile: string, fields: CampaignDraftFields & { allowPartial: boolean }, at: string): string {
      let ref = newRef();
      while (s.refTaken.get(ref) !== undefined) ref = newRef();
      const id = randomUUID();
      write({ ...fields, id, profile, ref, status: 'draft' }, at, 'insert');
      return id;
    },

    /** Applies a patch to a draft, in one transaction (the status is checked where it is written). */
    patchDraft(profile: string, id: string, patch: DraftPatch, at: string): void {
      db.transaction(() => {
        const current = find(profile, id);
        if (current.status !== 'draft') throw notDraft();
        const defined = Object.fromEntries(
          Object.entries(patch.options ?? {}).filter(([, v]) => v !== undefined),
        );
        const next: CampaignRecord = {
          ...current,
          name: patch.name ?? current.name,
          template: patch.template ?? current.template,
          audience: patch.audience ?? current.audience,
          // The whole set checked again: a patch is only valid with the options it joins.
          options: campaignOptions.parse({ ...current.options, ...defined }),
          allowPartial: patch.allowPartial ?? current.allowPartial,
        };
        write(next, at, 'update');
      }).immediate();
    },

    /** Newest first, with the frozen totals and the outbox's progress. */
    summaries(profile: string): CampaignSummaryView[] {
      return s.summaries.all(profile).map((row) => ({
        id: row.id,
        name: row.name,
        status: row.status,
        updatedAt: row.updated_at,
        queuedAt: row.queued_at,
        totals: totalsOf(row),
        progress: row.status === 'draft' ? null : progress(row.id),
      }));
    },

    /** A draft, or a campaign that is over; never one that may still send. */
    remove(profile: string, id: string): void {
      db.transaction(() => {
        const { status } = find(profile, id);
        if (!['draft', 'completed', 'cancelled'].includes(status)) throw stillSending();
        s.remove.run(id, profile);
      }).immediate();
    },

    /** The profile's campaigns and, through ON DELETE CASCADE, their outbox. */
    clearProfile(profile: string): void {
      s.clear.run(profile);
    },
  };
}

export type CampaignRepo = ReturnType<typeof createCampaignRepo>;
