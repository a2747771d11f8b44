// Types for boundaries.js, for the tests that load it (test/lint/boundaries.test.ts).
import type { ESLint } from 'eslint';

declare const plugin: ESLint.Plugin;
export default plugin;

/** The folders of src/core that hold a `<name>/<name>-module.ts`. */
export function domainsIn(root: string): Set<string>;
export const CLI_MAY_IMPORT: readonly string[];
export const VIEWS_MAY_TAKE_FROM_API: readonly string[];
export function boundaryProblem(
  from: string,
  to: string,
  domains: ReadonlySet<string>,
  names?: readonly string[] | null,
): string | null;
