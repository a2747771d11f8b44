import type { RestartOutcome, UpdateFeedView, UpdateStatusView } from '../../shared/dto/updates';
import type { UpdatesPort } from '../../core/kernel/create-core';
import { nextCheckIn, restartDecision, restartNow } from './update-policy';
import { initialStatus, nextStatus, type UpdateInfoLike, type UpdaterEvent } from './update-state';

/** The part of electron-updater's AppUpdater this service drives (a fake in the unit tests). */
export interface AppUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  // Node's EventEmitter signature, which electron-updater's typed emitter and the tests' fake share.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: string, listener: (...args: any[]) => void): unknown;
  /** With autoDownload, the result carries the background download's promise. */
  checkForUpdates(): Promise<{ downloadPromise?: Promise<unknown> | null } | null | void>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

/** Whether a campaign is being delivered, and a signal when that may have changed (from the core). */
export interface DeliveryWatch {
  isDelivering(): Promise<boolean>;
  onChange(listener: () => void): () => void;
}

export interface UpdaterServiceOptions {
  updater: AppUpdaterLike;
  currentVersion: string;
  feed: UpdateFeedView | null;
  now?: () => Date;
  /** Timers, replaceable in tests. */
  setTimer?: (run: () => void, ms: number) => { cancel(): void };
  log?: (message: string) => void;
}

const realTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  timer.unref?.();
  return { cancel: () => clearTimeout(timer) };
};

/**
 * electron-updater behind the core's UpdatesPort: downloads in the
 * background, installs on quit, checks on the schedule of update-policy.ts,
 * and restarts only when no campaign is being delivered. Every decision is
 * a pure function (update-policy.ts, update-state.ts); this class holds the
 * state, the timer and the updater.
 */
export class UpdaterService implements UpdatesPort {
  private current: UpdateStatusView;
  private readonly listeners = new Set<(status: UpdateStatusView) => void>();
  private readonly now: () => Date;
  private readonly setTimer: NonNullable<UpdaterServiceOptions['setTimer']>;
  private timer: { cancel(): void } | null = null;
  private checking: Promise<UpdateStatusView> | null = null;
  private delivery: DeliveryWatch | null = null;
  private stopWatching: (() => void) | null = null;
  private stopped = false;

  constructor(private readonly options: UpdaterServiceOptions) {
    this.now = options.now ?? (() => new Date());
    this.setTimer = options.setTimer ?? realTimer;
    this.current = initialStatus(options.currentVersion, options.feed);
    const { updater } = options;
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = true;
    updater.on('checking-for-update', () => this.apply({ type: 'checking' }));
    updater.on('update-available', (info: UpdateInfoLike) => this.apply({ type: 'available', info }));
    updater.on('update-not-available', () => this.apply({ type: 'notAvailable' }));
    updater.on('download-progress', (p: { percent: number }) =>
      this.apply({ type: 'progress', percent: p.percent }),
    );
    updater.on('update-downloaded', (info: UpdateInfoLike) => this.apply({ type: 'downloaded', info }));
    updater.on('error', (error: Error) => this.apply({ type: 'error', message: describe(error) }));
  }

  /** Starts the schedule; `delivery` comes from the core once it exists. */
  start(delivery: DeliveryWatch): void {
    this.delivery = delivery;
    this.stopWatching = delivery.onChange(() => void this.refreshDelivering());
    void this.refreshDelivering();
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.stopWatching?.();
  }

  status(): UpdateStatusView {
    return this.current;
  }

  onChange(listener: (status: UpdateStatusView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Checks now; joins a check under way. A failure is in the status (and electron-updater's 'error' event). */
  check(): Promise<UpdateStatusView> {
    if (this.current.state === 'ready' || this.current.state === 'downloading')
      return Promise.resolve(this.current);
    this.checking ??= this.options.updater
      .checkForUpdates()
      .then((result) => {
        // A failed download is reported by the 'error' event; its promise must not reject unheard.
        result?.downloadPromise?.catch(() => undefined);
      })
      .catch((error: unknown) => {
        // electron-updater emits 'error' too; this covers a failure that only rejects.
        if (this.current.state === 'checking') this.apply({ type: 'error', message: describe(error) });
      })
      .then(() => this.current)
      .finally(() => {
        this.checking = null;
        this.schedule();
      });
    return this.checking;
  }

  async restart(whenIdle: boolean): Promise<RestartOutcome> {
    await this.refreshDelivering();
    const outcome = restartDecision(this.current, whenIdle);
    if (outcome === 'restarting') this.install();
    else if (outcome === 'waiting') this.apply({ type: 'restartPending', pending: true });
    return outcome;
  }

  cancelRestart(): UpdateStatusView {
    this.apply({ type: 'restartPending', pending: false });
    return this.current;
  }

  private install(): void {
    this.options.log?.(`Restarting to install ${this.current.available?.version ?? 'the update'}`);
    this.stop();
    // Not silent: on Windows the installer shows its progress; the app starts again after it.
    this.options.updater.quitAndInstall(false, true);
  }

  private async refreshDelivering(): Promise<void> {
    if (!this.delivery) return;
    const delivering = await this.delivery.isDelivering().catch(() => this.current.delivering);
    if (delivering !== this.current.delivering) this.apply({ type: 'delivering', delivering });
    if (!this.stopped && restartNow(this.current)) this.install();
  }

  private apply(event: UpdaterEvent): void {
    const next = nextStatus(this.current, event, this.now());
    if (next === this.current) return;
    this.current = next;
    if (event.type === 'error') this.options.log?.(`Update failed: ${event.message}`);
    if (event.type === 'notAvailable' || event.type === 'error' || event.type === 'downloaded')
      this.schedule();
    for (const listener of this.listeners) listener(next);
  }

  private schedule(): void {
    this.timer?.cancel();
    this.timer = null;
    if (this.stopped) return;
    const wait = nextCheckIn(this.current, this.now());
    if (wait !== null) this.timer = this.setTimer(() => void this.check(), wait);
  }
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // electron-updater's messages can carry a whole HTTP response; the first line says what failed.
  return message.split('\n')[0]!.slice(0, 300);
}
