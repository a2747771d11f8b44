/**
 * What support asks a user for (merged into ../ipc-contract.ts): the
 * diagnostics ("Copiar diagnóstico" in the Help menu): the version, the OS,
 * the data folder, the data's format version, the outbox's counts and the
 * last problems from the log. Never a key, a token or a customer's data.
 */
import type { DiagnosticsView } from '../dto';
import { channel, none } from './channel';

export const diagnosticsContract = {
  'diagnostics:get': channel<typeof none, DiagnosticsView>(none),
  /** The same text, put on the clipboard. */
  'diagnostics:copy': channel<typeof none, DiagnosticsView>(none),
};

export type DiagnosticsChannel = keyof typeof diagnosticsContract;
