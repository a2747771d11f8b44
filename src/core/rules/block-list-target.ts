/**
 * Which block list an import goes to. A public register is one list whose
 * id is its kind; an owner's list is found by its name (case aside), and
 * made, with an id of its own, the first time a file is imported into it.
 */
import { randomUUID } from 'node:crypto';
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { BlockListKind, BlockListRef, BlockListTarget } from '../../shared/dto/rules';
import { AppFailure } from '../app-failure';
import type { Database } from '../db/open-database';

interface RefRow {
  id: string;
  kind: BlockListKind;
  name: string | null;
}

export const listRefOf = (row: RefRow): BlockListRef => ({ id: row.id, kind: row.kind, name: row.name });

/** The list `target` names, as it is or as it will be made (the caller writes it). */
export function resolveTarget(db: Database, profile: string, target: BlockListTarget): RefRow {
  if ('id' in target) {
    const row = db
      .prepare<[string, string], RefRow>(
        'SELECT id, kind, name FROM block_lists WHERE profile = ? AND id = ?',
      )
      .get(profile, target.id);
    if (!row)
      throw new AppFailure(
        APP_ERROR_CODES.notFound,
        'This block list is gone: choose another or add it again.',
      );
    return row;
  }
  if (target.kind !== 'owner') return { id: target.kind, kind: target.kind, name: null };
  const name = target.name.trim();
  const named = db
    .prepare<[string, string], RefRow>(
      'SELECT id, kind, name FROM block_lists WHERE profile = ? AND name = ? COLLATE NOCASE',
    )
    .get(profile, name);
  return named ?? { id: `owner-${randomUUID().slice(0, 8)}`, kind: 'owner', name };
}
