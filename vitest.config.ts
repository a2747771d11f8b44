import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';
import { aliasFolders } from './eslint/path-aliases.js';

// Two projects: the Node-only core (real SQLite, real HTTP, real keychain) and
// the renderer (Vue components in happy-dom). Playwright owns test/e2e.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: aliasFolders(import.meta.dirname, ['@core', '@shared']) },
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'test/core/**/*.test.ts',
            'test/shared/**/*.test.ts',
            'test/sandbox/**/*.test.ts',
            'test/main/**/*.test.ts',
            'test/cli/**/*.test.ts',
            'test/server/**/*.test.ts',
            'test/package/**/*.test.ts',
            'test/lint/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // The import worker bundled once for the run, not compiled with tsx at each thread start.
          globalSetup: ['test/support/global/import-worker-bundle.ts'],
          // date-fns' index is ~300 files, loaded afresh in each test file (migration 0026 and the
          // import's date reading import it): about 2 s a file. Pre-bundled once, it is one file.
          deps: { optimizer: { ssr: { enabled: true, include: ['date-fns', 'date-fns-tz'] } } },
        },
      },
      {
        plugins: [vue()],
        resolve: { alias: aliasFolders(import.meta.dirname, ['@renderer', '@shared']) },
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['test/renderer/**/*.test.ts'],
          // One module graph per worker, not per file: naive-ui, Vue and the views load once (the
          // project spent about 70% of its time loading them). The shared setup gives each file a
          // clean start (timers, stubs, the bridge, the document, auto-unmount).
          isolate: false,
          setupFiles: ['test/renderer/support/shared-setup.ts'],
          // A safety net, not a measure: a component test that mounts the app took over 5 s on a
          // 2-core machine busy with other work (load 10), and failed for that alone.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
