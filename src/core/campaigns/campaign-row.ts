import type { CampaignStatus } from '../../shared/dto/campaigns';

/**
 * A row of the `campaigns` table as SQLite returns it (migrations 0011, 0018,
 * 0025 and 0029), every column: each query's row type is the Pick of the columns it
 * selects, so the table's columns are declared once.
 */
export interface CampaignTableRow {
  id: string;
  profile: string;
  ref: string;
  name: string;
  status: CampaignStatus;
  template: string;
  /** JSON: the chosen lists and contacts. */
  audience: string;
  /** JSON: CampaignOptions. */
  options: string;
  allow_partial: 0 | 1;
  /** JSON: the HoldView of a held campaign. */
  hold: string | null;
  recipients: number | null;
  messages: number | null;
  segments: number | null;
  unit_price: number | null;
  cost: number | null;
  created_at: string;
  updated_at: string;
  queued_at: string | null;
  finished_at: string | null;
  links_ready_at: string | null;
  /** JSON: RuleCounts, what the sending rules did at freeze (migration 0029). */
  rule_counts: string | null;
}
