import type { ConnectivityState, ConnectivityView } from '../../shared/dto';
import { isNetworkError, isServiceError } from '../api/service-error';

/**
 * Tracks whether the service can be reached, from the outcome of every
 * service call rather than from a separate ping: a call that got any answer
 * means the service is reachable, even an error answer. A transport failure
 * is `offline` when the OS says there is no network at all, `unreachable`
 * when the network is up but the service did not answer (or answered 5xx).
 */
export class ConnectivityMonitor {
  private view: ConnectivityView = { state: 'unknown', checkedAt: null };
  /** When the last service call ended (epoch ms; 0: none yet): the idle probe waits for quiet. */
  private lastCallMs = 0;

  constructor(
    private readonly isOsOnline: () => boolean,
    private readonly now: () => Date,
    private readonly onChange: (view: ConnectivityView) => void,
  ) {}

  get current(): ConnectivityView {
    return this.view;
  }

  get lastCallAt(): number {
    return this.lastCallMs;
  }

  /** Records the outcome of a service call: pass the error, or nothing for a success. */
  record(error?: unknown): void {
    this.lastCallMs = this.now().getTime();
    if (error === undefined) return this.set('online');
    if (isNetworkError(error)) return this.set(this.isOsOnline() ? 'unreachable' : 'offline');
    if (isServiceError(error) && error.status >= 500) return this.set('unreachable');
    if (isServiceError(error)) return this.set('online');
  }

  /** Signed out: nothing to be reachable. */
  reset(): void {
    this.set('unknown', null);
  }

  private set(state: ConnectivityState, checkedAt: string | null = this.now().toISOString()): void {
    const changed = state !== this.view.state;
    this.view = { state, checkedAt };
    if (changed) this.onChange(this.view);
  }
}
