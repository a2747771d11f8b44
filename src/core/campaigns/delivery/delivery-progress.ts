/**
 * `campaigns:progress` events, throttled per campaign: the first change goes
 * out at once, later ones at most every `throttleMs`, and the last state
 * always goes out (a trailing event), so a progress bar never stalls on a
 * stale figure. Every event is read fresh from the database (progress-read),
 * so it is right whichever process made the change.
 */
import type { CampaignProgressView } from '../../../shared/dto/campaigns';
import type { ProgressReader } from '../outbox/progress-read';

export interface ProgressEmitter {
  /** Something about this campaign changed. */
  changed(campaignId: string): void;
  /**
   * Sends the pending trailing events now: every campaign's (before closing),
   * or one campaign's when it reached a state the user waits for (finished),
   * which should not sit out the throttle.
   */
  flush(campaignId?: string): void;
  close(): void;
}

export function createProgressEmitter(
  read: ProgressReader,
  emit: (view: CampaignProgressView) => void,
  throttleMs: number,
): ProgressEmitter {
  const lastSent = new Map<string, number>();
  const pending = new Map<string, NodeJS.Timeout>();
  let closed = false;

  const send = (campaignId: string) => {
    pending.delete(campaignId);
    lastSent.set(campaignId, performance.now());
    const view = read(campaignId);
    if (view) emit(view);
  };

  const flush = (only?: string) => {
    for (const [campaignId, timer] of [...pending]) {
      if (only !== undefined && campaignId !== only) continue;
      clearTimeout(timer);
      send(campaignId);
    }
  };

  return {
    changed(campaignId) {
      if (closed || pending.has(campaignId)) return;
      const wait = (lastSent.get(campaignId) ?? -Infinity) + throttleMs - performance.now();
      if (wait <= 0) return send(campaignId);
      const timer = setTimeout(() => send(campaignId), wait);
      timer.unref();
      pending.set(campaignId, timer);
    },
    flush,
    close() {
      flush();
      closed = true;
    },
  };
}
