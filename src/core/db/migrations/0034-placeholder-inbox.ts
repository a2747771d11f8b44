import type { Migration } from './types';

/**
 * PLACEHOLDER, not to be merged: version 34 is wt-inbox's 0034-inbox.ts.
 * It only keeps this branch's migrations consecutive so 0035-how-to-stop
 * can be applied and tested here. At merge, delete this file and put
 * wt-inbox's migration in its place in index.ts.
 */
export const placeholderInbox: Migration = {
  version: 34,
  name: 'placeholder-inbox',
  up() {},
};
