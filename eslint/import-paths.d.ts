// Types for import-paths.js, for test/lint/import-paths.test.ts.
import type { ESLint } from 'eslint';

declare const plugin: ESLint.Plugin;
export default plugin;
export function aliasWanted(from: string, specifier: string): string | null;
export function aliasRefused(from: string, specifier: string): string | null;
