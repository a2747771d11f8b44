/**
 * The updates part of the IPC contract (merged into ../ipc-contract.ts).
 * Main checks for updates by itself (at start, then every few hours) and
 * downloads them in the background; these channels show where it is, check
 * now, and restart into a downloaded version. A restart never interrupts a
 * campaign being delivered: `whenIdle: false` refuses (`delivering`), so the
 * window can ask; `whenIdle: true` restarts as soon as the delivery ends.
 */
import { z } from 'zod';
import type { RestartOutcome, UpdateStatusView } from '../dto/updates';
import { channel, event, none } from './channel';

export const updatesRestartInput = z.strictObject({ whenIdle: z.boolean() });

export const updatesContract = {
  'updates:status': channel<typeof none, UpdateStatusView>(none),
  /** Checks the feed now ("Procurar atualizações"); a newer version starts downloading by itself. */
  'updates:check': channel<typeof none, UpdateStatusView>(none),
  'updates:restart': channel<typeof updatesRestartInput, { outcome: RestartOutcome }>(updatesRestartInput),
  /** Forgets a restart left waiting for a delivery to end. */
  'updates:cancelRestart': channel<typeof none, UpdateStatusView>(none),
};

export type UpdatesChannel = keyof typeof updatesContract;

export const updatesEvents = {
  /** On every change of the status (a check, download progress, ready, a delivery starting or ending). */
  'updates:changed': event<UpdateStatusView>(),
};
