/**
 * `--list procon-sp|procon-al|procon-carioca|NAME` (and the older
 * `--source procon-sp|other`): which block list a `torpedo block` command
 * means, and how the command names a list in its sentences.
 */
import type { BlockListRef, BlockListTarget, BlockListView } from '../../shared/dto/rules';
import { isPublicKind, LEGACY_OTHER_LIST_ID } from '../../shared/rules/block-list-kinds';
import { UsageError } from '../usage';

const PUBLIC_NAMES = {
  'procon-sp': 'Procon-SP "Não Me Ligue"',
  'procon-al': 'Procon-AL',
  'procon-carioca': 'Procon-Carioca',
} as const;

/** What the sentences call a list. */
export const listName = (list: BlockListRef): string =>
  list.kind !== 'owner' ? PUBLIC_NAMES[list.kind] : list.name ? `"${list.name}"` : 'Other';

/** How a command line names a list back to the owner (the value --list takes for it). */
export const listOption = (list: BlockListRef): string =>
  list.kind !== 'owner' ? list.kind : (list.name ?? LEGACY_OTHER_LIST_ID);

/** The --list (or --source) value; the same name given twice differently is a usage error. */
export function listText(values: { list?: string; source?: string }): string {
  if (values.list !== undefined && values.source !== undefined && values.list !== values.source)
    throw new UsageError('Give --list once (--source is its older name).');
  const text = (values.list ?? values.source)?.trim();
  if (text === undefined || text === '')
    throw new UsageError(
      'Say which list: --list procon-sp ("Não Me Ligue"), procon-al, procon-carioca, or the name of your own list.',
    );
  return text;
}

/** The existing list the text names: a public register's kind, an owner's list's name (case aside) or id. */
export function findList(text: string, lists: readonly BlockListView[]): BlockListView | undefined {
  const folded = text.toLocaleLowerCase('pt-BR');
  return lists.find(
    (l) =>
      l.id === text ||
      (l.kind !== 'owner' && l.kind === folded) ||
      (l.name !== null && l.name.toLocaleLowerCase('pt-BR') === folded),
  );
}

/** Where an import goes: an existing list, a public register, or a new owner's list of that name. */
export function importTarget(text: string, lists: readonly BlockListView[]): BlockListTarget {
  const found = findList(text, lists);
  if (found) return { id: found.id };
  const folded = text.toLowerCase();
  if (isPublicKind(folded)) return { kind: folded };
  // "other" was the one list without a name: a new one now has the name the window gives it.
  if (text === LEGACY_OTHER_LIST_ID) return { kind: 'owner', name: 'Outra lista' };
  return { kind: 'owner', name: text };
}

/** An existing list, for undo and remove; a usage error naming the lists there are otherwise. */
export function existingList(text: string, lists: readonly BlockListView[]): BlockListView {
  const found = findList(text, lists);
  if (found) return found;
  const names = lists.map((l) => listOption(l)).join(', ');
  throw new UsageError(
    `No block list is called "${text}". ` +
      (names ? `The lists are: ${names}.` : 'There is no block list yet.'),
  );
}
