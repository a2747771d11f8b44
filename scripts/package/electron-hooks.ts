/**
 * Preloaded (`node --import`) before the packed main bundle runs under plain
 * Node: `electron` (imported by main, required by electron-updater) resolves
 * to the stand-in the preloading script put on globalThis, so the bundle and
 * its packed node_modules load as they are. Plain Node 24 runs this file as
 * it is (type stripping): it imports nothing but Node's own modules.
 */
import { registerHooks } from 'node:module';

export const STAND_IN_KEY = '__torpedoElectronStandIn';
const VIRTUAL_URL = 'torpedo-stand-in:electron';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron') return { url: VIRTUAL_URL, shortCircuit: true };
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (url !== VIRTUAL_URL) return nextLoad(url, context);
    const standIn = (globalThis as Record<string, unknown>)[STAND_IN_KEY] as
      Record<string, unknown> | undefined;
    if (!standIn) throw new Error('electron was imported before the stand-in was installed');
    const names = Object.keys(standIn).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
    const source = [
      `const e = globalThis[${JSON.stringify(STAND_IN_KEY)}];`,
      ...names.map((name) => `export const ${name} = e.${name};`),
      'export default e;',
    ].join('\n');
    return { format: 'module', source, shortCircuit: true };
  },
});
