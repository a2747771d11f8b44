import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CampaignExportResult } from '../../shared/dto/history';
import type { Host } from '../kernel/host';
import type { BoundAccount } from '../account/account-module';
import type { CampaignReports } from './campaign-report';
import { campaignCsvWriter, campaignReportFileName, type ReportLanguage } from './campaign-report-csv';
import type { CampaignReportRepo } from './campaign-report-repo';
import { saveWithHost } from '../files/save-with-host';

/** Messages read and written per slice of an export. */
export const EXPORT_SLICE = 5_000;

/**
 * A campaign's per-number results as CSV, saved where the user chooses.
 * The unfinished sends are read first, so the file has the latest results
 * the service has (or the last known ones, offline: `stale`). The rows are
 * read a slice at a time, yielding between slices, so exporting 100,000
 * messages never freezes the app.
 */
export async function exportCampaignCsv(
  deps: {
    reports: CampaignReports;
    repo: CampaignReportRepo;
    host: Host;
    language: () => ReportLanguage;
    now: () => Date;
    /** A tracked campaign's clicks by recipient (null: the campaign tracks no links). */
    clicksOf: (profile: string, campaignId: string) => ReadonlyMap<string, number> | null;
  },
  account: BoundAccount,
  campaignId: string,
): Promise<CampaignExportResult> {
  const { stale } = await deps.reports.report(account, campaignId);
  const campaign = deps.reports.campaign(account.profile, campaignId);
  const language = deps.language();
  const writer = campaignCsvWriter(campaign.ref, language, deps.clicksOf(account.profile, campaign.id));
  const parts = [writer.header()];
  let count = 0;
  let after = { batch: -1, position: -1 };
  for (;;) {
    const rows = deps.repo.rowsAfter(account.profile, campaign.id, after, EXPORT_SLICE);
    if (rows.length === 0) break;
    parts.push(writer.rows(rows));
    count += rows.length;
    const last = rows.at(-1)!;
    after = { batch: last.batch, position: last.position };
    await nextTurn();
  }
  const fileName = campaignReportFileName(campaign.name, deps.now().toISOString().slice(0, 10), language);
  const saved = await saveWithHost(() => deps.host.saveTextFile(fileName, parts.join(''), 'csv'));
  return { ...saved, count, stale };
}
