/**
 * The overview part of the IPC contract (merged into ../ipc-contract.ts):
 * one channel, read from the kept copy only, so it answers offline and at
 * once. Errors: `not_signed_in`.
 */
import type { OverviewView } from '../dto/overview';
import { channel, none } from './channel';

export const overviewContract = {
  /** Recent campaigns' results, the last 30 days, what waits, contacts, and the first steps. */
  'overview:get': channel<typeof none, OverviewView>(none),
};

export type OverviewChannel = keyof typeof overviewContract;
