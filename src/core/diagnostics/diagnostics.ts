import { arch, homedir, release } from 'node:os';
import type { DataRecoveryView, DiagnosticsView } from '../../shared/dto';
import { userVersion } from '../db/migrate';
import { allMigrations } from '../db/migrations';
import type { ModuleDeps } from '../kernel/core-module';
import { diagnosticsText } from './diagnostics-text';
import { outboxCounts } from './outbox-counts';

export interface DiagnosticsDeps extends Pick<ModuleDeps, 'host' | 'dataDir' | 'log' | 'language' | 'now'> {
  /** Null when the data could not be opened (a damaged file, a folder that cannot be read). */
  db: ModuleDeps['db'] | null;
  /** `demo`, `test`, `live`, or null when signed out (no session in recovery). */
  mode: () => string | null;
  recovery: DataRecoveryView | null;
}

/** A path under the user's home folder shown from `~`: the home folder's name is often the owner's. */
export function withoutHome(path: string, home = homedir()): string {
  return home && path.startsWith(home) ? `~${path.slice(home.length)}` : path;
}

/**
 * What support needs to know about this copy of Torpedo, and nothing of the
 * business's data: versions, the OS, where the data is, the data's format,
 * the outbox's counts and the last problems the log holds (scrubbed when
 * they were written). No key, token, phone number, name or message.
 */
export function collectDiagnostics(deps: DiagnosticsDeps): DiagnosticsView {
  const electron = process.versions.electron ? `, Electron ${process.versions.electron}` : '';
  const view: Omit<DiagnosticsView, 'text'> = {
    version: deps.host.appVersion,
    os: `${deps.host.platform} ${release()} ${arch()} (Node ${process.versions.node}${electron})`,
    dataFolder: withoutHome(deps.dataDir),
    logFolder: withoutHome(deps.log.dir),
    schemaVersion: deps.db ? userVersion(deps.db) : null,
    schemaExpected: allMigrations.length,
    outbox: deps.db ? outboxCounts(deps.db) : {},
    problems: [...deps.log.recentProblems()],
  };
  const text = diagnosticsText(view, {
    language: deps.language(),
    at: deps.now(),
    mode: deps.mode(),
    recovery: deps.recovery,
  });
  return { ...view, text };
}
