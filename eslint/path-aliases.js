/**
 * The import aliases: one table for Vite (electron.vite.config.ts), Vitest,
 * the tsconfigs' `paths` (test/lint/import-paths.test.ts holds them equal)
 * and the lint rules, which resolve an alias like a relative path so that
 * every wall holds whichever way a file is named.
 *
 * Who uses them (eslint/import-paths.js): the renderer, built by Vite
 * alone, and the tests Vitest runs. The core, the CLI, the sandbox and main
 * import by relative path: they also run under tsx, in the import's worker
 * thread and from the CLI's own folder, where no alias resolver is loaded.
 */
export const PATH_ALIASES = {
  '@renderer': 'src/renderer/src',
  '@shared': 'src/shared',
  '@core': 'src/core',
};

/** The repo-relative path an aliased specifier names, or null when it names no alias. */
export function unalias(specifier) {
  for (const [alias, folder] of Object.entries(PATH_ALIASES)) {
    if (specifier === alias || specifier.startsWith(`${alias}/`))
      return folder + specifier.slice(alias.length);
  }
  return null;
}

/** The aliases as absolute folders, for a bundler's `resolve.alias`. */
export function aliasFolders(root, names = Object.keys(PATH_ALIASES)) {
  return Object.fromEntries(names.map((name) => [name, `${root}/${PATH_ALIASES[name]}`]));
}
