/**
 * What `torpedo worker` says while it waits, so a terminal never goes quiet
 * for no stated reason: another worker holding the folder (the app's, or a
 * second terminal's), and the delivery stalled (a full disk, a folder it
 * cannot write, a damaged file: said in the terminal's language, with what
 * to do). `fatal` says when --until-idle must stop instead of waiting: a
 * trouble of the data folder at once (it does not pass by itself), anything
 * else once it has lasted STALL_GRACE_MS.
 */
import { hostname } from 'node:os';
import type { DeliveryStallView } from '../../shared/dto/campaigns';
import { isDataProblemCode } from '../../core/db/data-problem-text';
import { LEASE_KEY, type LeaseRecord } from '../../core/campaigns/delivery/worker-lease';
import type { SettingsRepo } from '../../core/db/settings-repo';
import { inTerminalWords, type Output } from '../output';

/** A stall that is not the data folder's (a locked database, a bug): how long --until-idle waits it out. */
export const STALL_GRACE_MS = 15_000;

export interface WorkerWatch {
  /** The delivery stalled (a view) or went on (null). */
  stalled(view: DeliveryStallView | null): void;
  /** Looks at the folder's lease: says once when another worker holds it, and when this one takes over. */
  lease(): void;
  /** The stall that should end --until-idle now, if any. */
  fatal(now: Date): DeliveryStallView | null;
}

export function watchWorker(output: Output, settings: SettingsRepo, dataDir: string): WorkerWatch {
  let stall: DeliveryStallView | null = null;
  let waitingFor: string | null = null;
  const say = (line: string) => output.err(`${new Date().toISOString().slice(11, 19)} ${line}`);
  return {
    stalled(view) {
      if (view === null) {
        if (stall) say('Delivery goes on.');
      } else {
        const words = inTerminalWords(
          {
            code: view.code,
            message: view.message,
            ...(view.reason ? { details: { reason: view.reason } } : {}),
          },
          output.language,
          dataDir,
        );
        say(`Delivery is waiting (${view.code}): ${words.message}`);
      }
      stall = view;
    },
    lease() {
      const holder = settings.get<LeaseRecord>(LEASE_KEY);
      const mine = holder?.pid === process.pid && holder.host === hostname();
      const other =
        holder && !mine && Date.parse(holder.expiresAt) > Date.now()
          ? `process ${holder.pid}${holder.host === hostname() ? ' on this computer' : ` on ${holder.host}`}`
          : null;
      if (other && other !== waitingFor) {
        say(
          `Waiting: another worker (${other}, the app or another terminal) is delivering this folder's ` +
            'campaigns; this one takes over when it stops.',
        );
      } else if (!other && waitingFor && mine) say('The other worker stopped: this one delivers now.');
      if (other || mine) waitingFor = other;
    },
    fatal(now) {
      if (!stall) return null;
      if (isDataProblemCode(stall.code)) return stall;
      return now.getTime() - Date.parse(stall.since) >= STALL_GRACE_MS ? stall : null;
    },
  };
}
