/**
 * Run in a child process under plain Node, from the extracted packed app:
 *
 *   node --experimental-import-meta-resolve scripts/package/resolve-probe.ts <request.json>
 *
 * For each built file and bare import listed in the request, resolves the
 * import as Node (and so Electron's main) would from that file, then loads
 * it, which loads the package's own dependencies in turn. Prints one line,
 * `PROBE_RESULT {json}`: where each import resolved, or why it failed.
 * `electron` is the unit tests' stand-in (electron-updater requires it at load).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { ElectronStandIn } from '../../test/main/electron-stand-in';

const { createElectronStandIn } = (await import(
  new URL('../../test/main/electron-stand-in.ts', import.meta.url).href
)) as { createElectronStandIn: () => ElectronStandIn };
const { STAND_IN_KEY } = (await import(new URL('./electron-hooks.ts', import.meta.url).href)) as {
  STAND_IN_KEY: string;
};
(globalThis as Record<string, unknown>)[STAND_IN_KEY] = createElectronStandIn().module;

const request = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  file: string;
  specifiers: string[];
}[];
const results: { from: string; specifier: string; resolved?: string; error?: string }[] = [];
for (const { file, specifiers } of request) {
  const parent = pathToFileURL(file).href;
  for (const specifier of specifiers) {
    try {
      const resolved = import.meta.resolve(specifier, parent);
      await import(resolved);
      results.push({ from: file, specifier, resolved });
    } catch (error) {
      results.push({ from: file, specifier, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
console.log(`PROBE_RESULT ${JSON.stringify(results)}`);
process.exit(0);
