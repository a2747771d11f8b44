/** Same rule as the service and the core (core/contacts/contact-lists.ts LIST_NAME). */
export const LIST_NAME = { min: 2, max: 20 } as const;

export type ListNameProblem = 'required' | 'tooShort' | 'tooLong' | 'taken';

/** The name as the core will keep it: trimmed, inner runs of spaces folded. */
export const cleanListName = (name: string): string => name.trim().replace(/\s+/g, ' ');

/** Names compare ignoring case, as uniqueness does in the core (`Clientes` and `CLIENTES` are one list). */
export const listNameKey = (name: string): string => cleanListName(name).toLocaleLowerCase('pt-BR');

/**
 * What is wrong with a list name as it is typed, or null. `others` are the
 * names already in use (the list being renamed left out).
 */
export function listNameProblem(name: string, others: readonly string[]): ListNameProblem | null {
  const clean = cleanListName(name);
  const length = [...clean].length;
  if (length === 0) return 'required';
  if (length < LIST_NAME.min) return 'tooShort';
  if (length > LIST_NAME.max) return 'tooLong';
  const key = listNameKey(clean);
  return others.some((other) => listNameKey(other) === key) ? 'taken' : null;
}

/** A list picker's value for "a new list, named by the user". */
export const NEW_LIST = '__new__';
