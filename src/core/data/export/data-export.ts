import type { DataExportCounts, DataExportResult } from '../../../shared/dto';
import type { ModuleDeps } from '../../kernel/core-module';
import { saveWithHost } from '../../files/save-with-host';
import { readExportTables, type ExportTables } from './export-tables';
import { exportFiles } from './export-files';
import { zipFiles } from './export-zip';

export type DataExportDeps = Pick<ModuleDeps, 'db' | 'host' | 'language' | 'profile' | 'now' | 'log'>;

/** `torpedo-meus-dados-2025-11-28.zip` (`torpedo-my-data-…` in English). */
export const exportFileName = (day: string, language: 'pt-BR' | 'en') =>
  `torpedo-${language === 'pt-BR' ? 'meus-dados' : 'my-data'}-${day}.zip`;

const counts = (tables: ExportTables): DataExportCounts => ({
  contacts: tables.contacts.rows.length,
  lists: tables.lists.rows.length,
  optOuts: tables.optOuts.rows.length,
  campaigns: tables.campaigns.rows.length,
  sends: tables.sends.rows.length,
  sendNumbers: tables.sendNumbers.rows.length,
});

/**
 * "Exportar meus dados": the signed-in profile's contacts, lists, opt-outs,
 * campaigns and send history, as CSV files in one ZIP saved where the user
 * chooses (through the host's save dialog; the CLI's current folder).
 */
export async function exportData(deps: DataExportDeps): Promise<DataExportResult> {
  const language = deps.language();
  const tables = readExportTables(deps.db, deps.profile());
  const now = deps.now();
  const zip = zipFiles(exportFiles(tables, language), now);
  const name = exportFileName(now.toISOString().slice(0, 10), language);
  const saved = await saveWithHost(() => deps.host.saveFile(name, zip, 'zip'));
  const result = { ...saved, counts: counts(tables) };
  deps.log.info('data.exported', { saved: saved.saved, bytes: zip.length, ...result.counts });
  return result;
}
