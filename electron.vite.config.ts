import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import { aliasFolders } from './eslint/path-aliases.js';

const root = import.meta.dirname;

// Output folders are electron-vite's defaults (out/main, out/preload, out/renderer);
// src/main/index.ts and src/main/window-options.ts rely on that layout.
export default defineConfig({
  main: {
    build: {
      // Every runtime dependency stays in node_modules and is required at run time:
      // better-sqlite3 and keytar are native modules and cannot be bundled; got and
      // zod could be, but gain nothing from it.
      externalizeDeps: true,
      rolldownOptions: {
        input: {
          index: resolve(root, 'src/main/index.ts'),
          // The contact import's worker thread, as its own file beside index.js:
          // core/import/worker/worker-entry.ts finds it there (out/main/import-worker.js).
          'import-worker': resolve(root, 'src/core/import/worker/import-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only `electron` (and a few polyfilled
      // built-ins), so everything else it imports is bundled into the one file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        // A sandboxed preload cannot be an ES module: CommonJS, named .cjs because
        // package.json says "type": "module".
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    // The renderer names what is outside its area by alias (eslint/import-paths.js).
    resolve: { alias: aliasFolders(root, ['@renderer', '@shared']) },
    plugins: [vue()],
    // vue-i18n's compile-time flags: Composition API only, no devtools hook in production.
    define: {
      __VUE_I18N_FULL_INSTALL__: true,
      __VUE_I18N_LEGACY_API__: false,
      __INTLIFY_PROD_DEVTOOLS__: false,
    },
    build: {
      // Print gzip sizes too: the renderer's initial JS size is a figure we track.
      reportCompressedSize: true,
      // electron-vite leaves the renderer unminified; minified, the first screen's code is a third
      // smaller to read and to parse (issue 17: at most 250 kB gzipped). Main stays readable.
      minify: true,
      rolldownOptions: {
        input: { index: resolve(root, 'src/renderer/index.html') },
      },
    },
  },
});
