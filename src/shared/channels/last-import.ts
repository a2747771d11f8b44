/**
 * The channels of the import's review of changes and of the last import's
 * undo, by name (plain strings: the preload imports this). The contract for
 * them is in ../contract/last-import.ts.
 */
export const LAST_IMPORT_CHANNELS = [
  'import:changes',
  'import:last',
  'import:undo',
  'import:keepLast',
] as const;
