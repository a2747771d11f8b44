/**
 * How an import names a file (the aliases are eslint/path-aliases.js):
 *
 * 1. In the renderer, an import that leaves its area (views, components,
 *    stores, composables...) names the file from the renderer's root,
 *    `@renderer/stores/...`, and src/shared is always `@shared/...`: no
 *    `../../../../shared`, and a file can move inside its area without
 *    rewriting the imports that point out of it.
 * 2. Tests name what they test the same way: `@renderer/...`, `@shared/...`,
 *    `@core/...` (Vitest, and tsx and Playwright started from the project's
 *    root, resolve them: tsconfig.json holds the table for the last two).
 * 3. The core, the CLI, the sandbox, main and the preload never use an
 *    alias: they also run under tsx, in the import's worker thread and from
 *    any folder, where no alias resolver is loaded.
 *
 * test/lint/import-paths.test.ts shows each firing. `eslint --fix` rewrites
 * a relative import to its alias.
 */
import { posix as paths, relative, sep } from 'node:path';
import { PATH_ALIASES, unalias } from './path-aliases.js';

const RENDERER = PATH_ALIASES['@renderer'];
const SHARED = PATH_ALIASES['@shared'];
const CORE = PATH_ALIASES['@core'];

const posix = (path) => path.split(sep).join('/');
/** The renderer's area a path is in: its first folder under src/renderer/src ('' for a file at its root). */
const areaOf = (path) => {
  const parts = path.slice(RENDERER.length + 1).split('/');
  return parts.length > 1 ? parts[0] : '';
};

/** The alias `specifier` (relative, from the repo-relative `from`) should be written as, or null when it is right. */
export function aliasWanted(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  // Resolved as repo-relative text: the answer never depends on the folder ESLint was started in.
  const to = paths.normalize(paths.join(paths.dirname(from), specifier));
  const aliased = (folder, alias) => `${alias}${to.slice(folder.length)}`;
  const fromRenderer = from.startsWith(`${RENDERER}/`);
  if (!fromRenderer && !from.startsWith('test/')) return null;
  if (to.startsWith(`${SHARED}/`)) return aliased(SHARED, '@shared');
  if (!fromRenderer && to.startsWith(`${CORE}/`)) return aliased(CORE, '@core');
  if (!to.startsWith(`${RENDERER}/`)) return null;
  // A Node test of a renderer file (the webhook snippets) runs where @renderer is not set.
  if (!fromRenderer) return from.startsWith('test/renderer/') ? aliased(RENDERER, '@renderer') : null;
  return specifier.startsWith('../') && areaOf(to) !== areaOf(from) ? aliased(RENDERER, '@renderer') : null;
}

/** Why `from` may not use the alias `specifier`, or null. */
export function aliasRefused(from, specifier) {
  if (unalias(specifier) === null) return null;
  if (from.startsWith('src/') && !from.startsWith(`${RENDERER}/`)) {
    return `${from.split('/').slice(0, 2).join('/')} imports by relative path: it also runs under tsx and in worker threads, where no alias resolves.`;
  }
  return null;
}

const rule = {
  meta: {
    type: 'suggestion',
    fixable: 'code',
    docs: {
      description: 'Aliases where a renderer import leaves its area; relative paths where no alias resolves.',
    },
    schema: [],
    messages: {
      useAlias: 'Leaving its area, an import names the file by its alias: {{alias}} ({{specifier}}).',
      noAlias: '{{problem}} ({{specifier}})',
    },
  },
  create(context) {
    const from = posix(relative(context.cwd, context.filename));
    const check = (node) => {
      const source = node.source;
      if (!source || typeof source.value !== 'string') return;
      const specifier = source.value;
      const problem = aliasRefused(from, specifier);
      if (problem) {
        context.report({ node: source, messageId: 'noAlias', data: { problem, specifier } });
        return;
      }
      const alias = aliasWanted(from, specifier);
      if (alias === null) return;
      const quote = source.raw?.[0] ?? "'";
      context.report({
        node: source,
        messageId: 'useAlias',
        data: { alias, specifier },
        fix: (fixer) => fixer.replaceText(source, `${quote}${alias}${quote}`),
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'import-paths': rule } };
