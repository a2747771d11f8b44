/**
 * The renderer's walls (eslint/boundaries.js, rule 7; docs/architecture.md):
 * each shown firing on a file that breaks it and quiet on one that keeps it.
 */
import { describe, expect, it } from 'vitest';
import { boundaryMessages, expectFires, expectQuiet } from './boundary-messages';

describe("the renderer's walls as lint rules", () => {
  it('components never import views (the composer, a view part still under components, may)', async () => {
    await expectFires(
      'src/renderer/src/components/contacts/new-part.ts',
      ['../../views/contacts/import/ImportWizard.vue', '../../views/contacts/contact-field-errors'],
      'Components never import views',
    );
    await expectQuiet('src/renderer/src/components/contacts/new-part.ts', [
      '../SectionCard.vue',
      '../../composables/contacts/import-file-error',
      '../../stores/contacts/use-contacts-store',
    ]);
    // A dynamic import is an import too.
    expect(
      await boundaryMessages(
        'src/renderer/src/components/contacts/NewPart.ts',
        "export const load = () => import('../../views/contacts/import/ImportWizard.vue');\n",
      ),
    ).toEqual([expect.stringContaining('Components never import views')]);
    // A view's private part may (the composer's audience picker opens the import wizard).
    await expectQuiet('src/renderer/src/views/campaigns/composer/NewPart.ts', [
      '../../contacts/import/ImportWizard.vue',
    ]);
  });

  it('composables never import stores, not even a type', async () => {
    await expectFires(
      'src/renderer/src/composables/contacts/new-part.ts',
      ['../../stores/contacts/use-contacts-store', '../../stores/templates/use-templates-store'],
      'Composables never import stores',
    );
    expect(
      await boundaryMessages(
        'src/renderer/src/composables/new-part.ts',
        "import type { UndoneImport } from '../stores/contacts/use-last-import-store';\nexport type X = UndoneImport;\n",
      ),
    ).toEqual([expect.stringContaining('Composables never import stores')]);
    await expectQuiet('src/renderer/src/composables/new-part.ts', [
      './use-action',
      '../api',
      '../i18n/error-message',
    ]);
  });

  it('views and components never call api.ts: a store does (the error helpers they may take)', async () => {
    const callers = [
      ['src/renderer/src/views/NewView.ts', '../api'],
      ['src/renderer/src/views/links/new-part.ts', '../../api'],
      ['src/renderer/src/components/new-part.ts', '../api'],
      ['src/renderer/src/views/campaigns/composer/new-part.ts', '../../../api'],
    ] as const;
    for (const [file, api] of callers) {
      for (const code of [
        `import { call } from '${api}';\nvoid call;\n`,
        `import { onEvent, isApiError } from '${api}';\nvoid onEvent;\nvoid isApiError;\n`,
        `import * as api from '${api}';\nvoid api;\n`,
        `export { call } from '${api}';\n`,
        `export const load = () => import('${api}');\n`,
      ]) {
        expect(await boundaryMessages(file, code), `${file}: ${code}`).toEqual([
          expect.stringContaining('Views and components never call api.ts: a store does'),
        ]);
      }
      const helpers = `import { asApiError, isApiError, type ApiError } from '${api}';\nexport const x: ApiError = asApiError(isApiError);\n`;
      expect(await boundaryMessages(file, helpers), file).toEqual([]);
    }
    // In a single-file component's script too.
    const sfc = '<script setup lang="ts">\nimport { call } from \'../api\';\nvoid call;\n</script>\n';
    expect(await boundaryMessages('src/renderer/src/views/NewView.vue', sfc)).toEqual([
      expect.stringContaining('Views and components never call api.ts: a store does'),
    ]);
    // Stores and composables are where the calls live.
    await expectQuiet('src/renderer/src/stores/links/use-new-store.ts', ['../../api']);
  });
});
