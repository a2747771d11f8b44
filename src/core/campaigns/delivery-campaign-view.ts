/**
 * A campaign as the delivery channels return it (pause, resume, cancel):
 * the row, its draft fields read back through the contract's schemas, its
 * frozen totals and its progress.
 */
import type { CampaignAudience, CampaignTotals, CampaignView } from '../../shared/campaign-dto';
import { campaignAudience } from '../../shared/contract/campaigns';
import type { Database } from '../db/open-database';
import { readOptions, DEFAULT_OPTIONS } from './outbox-request';
import type { ProgressReader } from './progress-read';

interface Row {
  id: string;
  name: string;
  status: CampaignView['status'];
  template: string;
  audience: string;
  options: string;
  allow_partial: number;
  recipients: number | null;
  messages: number | null;
  segments: number | null;
  unit_price: number | null;
  cost: number | null;
  created_at: string;
  updated_at: string;
  queued_at: string | null;
  finished_at: string | null;
}

function readAudience(json: string): CampaignAudience {
  try {
    const parsed = campaignAudience.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: an unreadable column shows as an empty audience
  }
  return { listIds: [], contactIds: [] };
}

export function createCampaignViewReader(db: Database, progress: ProgressReader) {
  const select = db.prepare<[string, string], Row>(
    `SELECT id, name, status, template, audience, options, allow_partial, recipients, messages, segments,
            unit_price, cost, created_at, updated_at, queued_at, finished_at
       FROM campaigns WHERE id = ? AND profile = ?`,
  );

  return (profile: string, id: string): CampaignView | null => {
    const row = select.get(id, profile);
    if (!row) return null;
    const totals: CampaignTotals | null =
      row.status === 'draft' || row.recipients === null
        ? null
        : {
            recipients: row.recipients,
            messages: row.messages ?? 0,
            segments: row.segments ?? 0,
            unitPrice: row.unit_price ?? 0,
            cost: row.cost ?? 0,
          };
    return {
      id: row.id,
      name: row.name,
      template: row.template,
      audience: readAudience(row.audience),
      options: readOptions(row.options) ?? DEFAULT_OPTIONS,
      status: row.status,
      allowPartial: row.allow_partial === 1,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      queuedAt: row.queued_at,
      finishedAt: row.finished_at,
      totals,
      progress: progress(row.id),
    };
  };
}
