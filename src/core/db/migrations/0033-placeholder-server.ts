import type { Migration } from './types';

/**
 * PLACEHOLDER, not to be merged: version 33 is wt-server's
 * 0033-server-connection.ts. It only keeps this branch's migrations
 * consecutive so 0035-how-to-stop can be applied and tested here. At merge,
 * delete this file and put wt-server's migration in its place in index.ts.
 */
export const placeholderServer: Migration = {
  version: 33,
  name: 'placeholder-server',
  up() {},
};
