import { z } from 'zod';

/**
 * The one id schema of the contract: ids the core hands out (uuids, an undo
 * token, a campaign's id) and the service's (a send's, a list's): short,
 * letters, digits and dashes. Anything else is refused before a handler runs.
 */
export const localId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'Not a valid id');

/**
 * The most ids one call names: a bulk action's contacts ticked one by one (a whole
 * 100,000-contact selection fits), those left out of "all matching", a campaign's chosen contacts.
 */
export const MAX_IDS = 100_000;

/** Bulk actions name the selected contacts. */
export const localIds = z.array(localId).min(1, 'Select at least one contact').max(MAX_IDS);

/** An open import's id (the core makes it with crypto.randomUUID). */
export const importId = z.uuid('Not an import id');
