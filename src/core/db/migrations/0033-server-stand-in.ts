import type { Migration } from './types';

/**
 * A stand-in for the server domain's migration 0033, which is written on
 * another branch at the same time as 0034 (the inbox): the versions must
 * follow each other without a gap (migrate.ts), so this branch holds the
 * place. MERGE: drop this file and its line in index.ts for the real 0033.
 */
export const serverStandIn: Migration = {
  version: 33,
  name: 'server-stand-in',
  up() {},
};
