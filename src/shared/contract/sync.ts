/**
 * The sync part of the IPC contract (merged into ../ipc-contract.ts): for
 * each channel its input schema and output type, and the payload of each event.
 *
 * Contact sync is opt-in per local list. Errors: `not_signed_in`, `not_found`
 * (an unknown list). A run that cannot reach the service is not an error of
 * the call: it ends `failed` with the reason, and its changes wait.
 */
import { z } from 'zod';
import type {
  BroughtListView,
  ServiceListView,
  SyncListStatus,
  SyncProgressView,
  SyncRunResult,
  SyncStatusView,
} from '../dto/sync';
import { channel, event, none } from './channel';
import { localId as id } from './ids';

export const syncSetListInput = z.strictObject({ listId: id, enabled: z.boolean() });
export const syncBringListInput = z.strictObject({ remoteId: id });

export const syncContract = {
  /** Every list's sync state, and the run under way. */
  'sync:status': channel<typeof none, SyncStatusView>(none),
  /** Turns syncing of one list on (a sync starts in the background) or off (nothing is deleted anywhere). */
  'sync:setList': channel<typeof syncSetListInput, SyncListStatus>(syncSetListInput),
  /**
   * Syncs every synced list now (push, then pull) and answers when the run
   * ends; progress comes as `sync:progress` events. Joins a run already under way.
   */
  'sync:run': channel<typeof none, SyncRunResult>(none),
  /** Stops the run under way; what was done stays done, the rest waits for the next run. */
  'sync:cancel': channel<typeof none, { cancelled: boolean }>(none),
  /**
   * The lists on the service that Torpedo does not have ("On SMSGo only"),
   * read from the service now. Errors: the service's (network_error, ...).
   */
  'sync:serviceLists': channel<typeof none, ServiceListView[]>(none),
  /**
   * Brings a service list into Torpedo: a local list of its name, synced
   * with it; its contacts come with the sync started in the background.
   * Errors: `not_found` (gone from the service), `invalid_input` (a local
   * list has that name now), the service's.
   */
  'sync:bringList': channel<typeof syncBringListInput, BroughtListView>(syncBringListInput),
};

export type SyncChannel = keyof typeof syncContract;

export const syncEvents = {
  /** A few per second while a run goes, and one when it ends (state other than `running`). */
  'sync:progress': event<SyncProgressView>(),
};
