/**
 * The kinds of block list and the order they are asked in. A number on two
 * lists is counted under the first: the public registers before the
 * owner's own lists, so the composer and the report say the law's reason
 * when there is one.
 */
import type { BlockedCount, BlockListKind, BlockListRef, PublicBlockListKind } from '../dto/rules';

export const PUBLIC_BLOCK_LIST_KINDS = [
  'procon-sp',
  'procon-al',
  'procon-carioca',
] as const satisfies readonly PublicBlockListKind[];
export const BLOCK_LIST_KINDS = [
  ...PUBLIC_BLOCK_LIST_KINDS,
  'owner',
] as const satisfies readonly BlockListKind[];

/** The law behind each public register (shown beside its name). */
export const BLOCK_LIST_LAWS: Record<PublicBlockListKind, string> = {
  'procon-sp': 'Lei estadual SP 13.226/2008',
  'procon-al': 'Lei estadual AL 8.538/2021',
  'procon-carioca': 'Lei municipal Rio de Janeiro 6.523/2019',
};

/** The id the list kept before lists had names: an owner's list without a name ("Outra lista"). */
export const LEGACY_OTHER_LIST_ID = 'other';

/** An owner's list's name: one line, like a contact list's. */
export const BLOCK_LIST_NAME_MAX = 60;

export const isPublicKind = (kind: string): kind is PublicBlockListKind =>
  (PUBLIC_BLOCK_LIST_KINDS as readonly string[]).includes(kind);

/**
 * The list a stored id stands for when the list itself is gone (a report of a
 * campaign sent before its removal): a public register's id is its kind.
 */
export const refOfId = (id: string): BlockListRef =>
  isPublicKind(id) ? { id, kind: id, name: null } : { id, kind: 'owner', name: null };

export const blockedTotal = (counts: readonly BlockedCount[]): number =>
  counts.reduce((sum, c) => sum + c.count, 0);
