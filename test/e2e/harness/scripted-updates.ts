import type { UpdatesPort } from '@core/updates/updates-port';
import { restartDecision } from '../../../src/main/updates/update-policy';
import { idleUpdateStatus } from '@shared/update-status';
import type { RestartOutcome, UpdateStatusView } from '@shared/dto/updates';

/**
 * A stand-in for main's updater in the e2e tests (electron-updater needs an
 * installed app): the test sets the status it wants the window to see, and
 * restarts follow main's own decision (update-policy.ts). It records the
 * restarts asked; nothing quits.
 */
export class ScriptedUpdates implements UpdatesPort {
  private current: UpdateStatusView;
  private readonly listeners = new Set<(status: UpdateStatusView) => void>();
  readonly restarts: { whenIdle: boolean; outcome: RestartOutcome }[] = [];
  checks = 0;
  /** What the next "Procurar atualizações" finds. */
  nextCheck: Partial<UpdateStatusView> = { lastCheck: { at: new Date().toISOString(), result: 'upToDate' } };

  constructor(currentVersion: string) {
    this.current = idleUpdateStatus(currentVersion, {
      provider: 'github',
      url: 'https://github.com/torpedo-app/torpedo/releases',
    });
  }

  /** Changes the status as main's updater would, and tells the window. */
  set(patch: Partial<UpdateStatusView>): void {
    this.current = { ...this.current, ...patch };
    for (const listener of this.listeners) listener(this.current);
  }

  status(): UpdateStatusView {
    return this.current;
  }

  async check(): Promise<UpdateStatusView> {
    this.checks += 1;
    this.set(this.nextCheck);
    return this.current;
  }

  async restart(whenIdle: boolean): Promise<RestartOutcome> {
    const outcome = restartDecision(this.current, whenIdle);
    this.restarts.push({ whenIdle, outcome });
    if (outcome === 'waiting') this.set({ restartPending: true });
    return outcome;
  }

  cancelRestart(): UpdateStatusView {
    this.set({ restartPending: false });
    return this.current;
  }

  onChange(listener: (status: UpdateStatusView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
