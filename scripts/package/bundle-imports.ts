import { readdir, readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { init, parse } from 'es-module-lexer';

/** Provided by the runtime, not by node_modules: Node's modules, and Electron itself. */
const RUNTIME = new Set([...builtinModules, 'electron']);

export interface BundleImports {
  /** Absolute path of a built file under out/main (index.js, import-worker.js, chunks). */
  file: string;
  /** The packages it imports at run time (static, dynamic or required), by bare name. */
  specifiers: string[];
}

export function isRuntimeProvided(specifier: string): boolean {
  return specifier.startsWith('node:') || RUNTIME.has(specifier);
}

const isBare = (specifier: string) =>
  !/^(\.{1,2}\/|\/|[a-z]+:)/i.test(specifier) || specifier.startsWith('node:');

/**
 * The bare imports of every JavaScript file under `mainDir` (the packed
 * out/main: the main bundle, the import worker and their shared chunks).
 * Static and dynamic imports come from es-module-lexer; a `require('x')`
 * (CommonJS interop a future build might emit) from a plain match.
 */
export async function bundleImports(mainDir: string): Promise<BundleImports[]> {
  await init;
  const result: BundleImports[] = [];
  for (const entry of await readdir(mainDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.[cm]?js$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const source = await readFile(file, 'utf8');
    const found = new Set<string>();
    const [imports] = parse(source, file);
    for (const item of imports) {
      if (item.n && isBare(item.n)) found.add(item.n);
      else if (item.n === undefined && item.d > -1) {
        throw new Error(
          `${file}: a dynamic import of a computed name cannot be checked: ${source.slice(item.ss, item.se)}`,
        );
      }
    }
    for (const match of source.matchAll(/\brequire\(\s*(["'])([^"']+)\1\s*\)/g)) {
      if (isBare(match[2]!)) found.add(match[2]!);
    }
    const specifiers = [...found].filter((specifier) => !isRuntimeProvided(specifier)).sort();
    result.push({ file, specifiers });
  }
  return result;
}
