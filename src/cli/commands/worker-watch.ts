/**
 * What `torpedo worker` says while it waits, so a terminal never goes quiet
 * for no stated reason: another worker holding the folder (the app's, or a
 * second terminal's), and the delivery stalled (a full disk, a folder it
 * cannot write, a damaged file: said in the terminal's language, with what
 * to do). Both are read from the outbox view (`campaigns:outbox`: its
 * `worker` and `stalled`). `fatal` says when --until-idle must stop instead
 * of waiting: a trouble of the data folder at once (it does not pass by
 * itself), anything else once it has lasted STALL_GRACE_MS.
 */
import { clockStamp } from '../clock-stamp';
import type { DeliveryStallView, OutboxView, OutboxWorkerView } from '../../shared/dto/campaigns';
import { isDataProblemCode } from '../../shared/data-problem-text';
import { inTerminalWords, type Output } from '../output';

/** A stall that is not the data folder's (a locked database, a bug): how long --until-idle waits it out. */
export const STALL_GRACE_MS = 15_000;

export interface WorkerWatch {
  /** Says what changed since the last look: the delivery stalled or went on, another worker holds the folder or let go. */
  saw(view: OutboxView): void;
  /** The stall that should end --until-idle now, if any. */
  fatal(now: Date): DeliveryStallView | null;
}

/** The stall in the terminal's language, with what to do and the underlying code. */
export const stallWords = (view: DeliveryStallView, output: Output, dataDir: string) =>
  inTerminalWords(
    { code: view.code, message: view.message, ...(view.reason ? { details: { reason: view.reason } } : {}) },
    output.language,
    dataDir,
  );

const holderName = (w: OutboxWorkerView) =>
  `process ${w.pid}${w.sameComputer ? ' on this computer' : ` on ${w.host}`}`;

export function watchWorker(output: Output, dataDir: string): WorkerWatch {
  let stall: DeliveryStallView | null = null;
  let waitingFor: string | null = null;
  const say = (line: string) => output.err(`${clockStamp()} ${line}`);

  const stalled = (view: DeliveryStallView | null) => {
    if (view?.code === stall?.code && view?.reason === stall?.reason) return;
    if (view === null) say('Delivery goes on.');
    else say(`Delivery is waiting (${view.code}): ${stallWords(view, output, dataDir).message}`);
    stall = view;
  };

  const worker = (holder: OutboxWorkerView | null) => {
    const other = holder && !holder.here ? holderName(holder) : null;
    if (other && other !== waitingFor) {
      say(
        `Waiting: another worker (${other}, the app or another terminal) is delivering this folder's ` +
          'campaigns; this one takes over when it stops.',
      );
    } else if (!other && waitingFor && holder?.here) say('The other worker stopped: this one delivers now.');
    if (other || holder?.here) waitingFor = other;
  };

  return {
    saw(view) {
      stalled(view.stalled);
      worker(view.worker);
    },
    fatal(now) {
      if (!stall) return null;
      if (isDataProblemCode(stall.code)) return stall;
      return now.getTime() - Date.parse(stall.since) >= STALL_GRACE_MS ? stall : null;
    },
  };
}
