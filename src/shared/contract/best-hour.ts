/**
 * The best hour part of the IPC contract (merged into ../ipc-contract.ts):
 * when this shop's customers click and answer, on each one's own clock, and
 * the hour suggested for a campaign inside the sending rules (general
 * guidance until three delivered campaigns have links or replies).
 *
 * Errors: `not_signed_in`.
 */
import type { BestHourView } from '../dto/best-hour';
import { channel, none } from './channel';

export const bestHourContract = {
  'bestHour:get': channel<typeof none, BestHourView>(none),
};

export type BestHourChannel = keyof typeof bestHourContract;
