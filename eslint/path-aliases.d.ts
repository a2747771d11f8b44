// Types for path-aliases.js, for the TypeScript configs and tests that load it.
export const PATH_ALIASES: Readonly<Record<'@renderer' | '@shared' | '@core', string>>;
export function unalias(specifier: string): string | null;
export function aliasFolders(
  root: string,
  names?: readonly (keyof typeof PATH_ALIASES)[],
): Record<string, string>;
