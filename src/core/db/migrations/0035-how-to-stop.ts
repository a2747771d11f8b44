import type { Migration } from './types';

/**
 * The "Como sair" sending rule (shared/rules/how-to-stop.ts): the owner's
 * choice beside the other rules of `sending_rules`, in a column of its own
 * because "not chosen" is a state that matters: NULL (unset) follows the
 * server connection (on once a Torpedo Server reads the replies), 'on' and
 * 'off' are the owner's word and hold whatever the server. Rules saved
 * before this version have chosen nothing: they stay unset.
 */
export const howToStop: Migration = {
  version: 35,
  name: 'how-to-stop',
  up(db) {
    db.exec(`ALTER TABLE sending_rules ADD COLUMN how_to_stop TEXT CHECK (how_to_stop IN ('on', 'off'))`);
  },
};
