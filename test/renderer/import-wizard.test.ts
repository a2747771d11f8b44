import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NSelect } from 'naive-ui';
import { defineComponent, h, ref } from 'vue';
import type { ImportPlanView, ImportPreviewView, ImportResultView } from '../../src/shared/dto';
import { useImportStore } from '@renderer/stores/use-import-store';
import ImportWizard from '@renderer/views/contacts/import/ImportWizard.vue';
import { contactsPage, fail, installFakeBridge, ok } from './fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from './mount-helpers';

enableAutoUnmount(afterEach);

const IMPORT_ID = '6f1c3a52-8d5e-4a53-9a0e-0d8f7f0c2b11';

const preview = (over: Partial<ImportPreviewView> = {}): ImportPreviewView => ({
  format: 'csv',
  encoding: 'windows-1252',
  delimiter: ';',
  headerLine: 1,
  headers: ['Nome', 'Celular', 'E-mail', 'Cidade'],
  sampleRows: [
    ['João da Silva', '(11) 98765-4321', 'joao@exemplo.com.br', 'São Paulo'],
    ['Carla Antiga', '(11) 8765-4325', '', 'Campinas'],
  ],
  totalRows: 11,
  mapping: { name: 0, phone: 1, email: 2, custom: [{ column: 3, field: 'cidade' }] },
  mappingSource: 'remembered',
  encodings: ['utf-8', 'windows-1252', 'iso-8859-1'],
  delimiters: [';', ',', '\t', '|'],
  ...over,
});

const plan = (accept: boolean): ImportPlanView => ({
  counts: {
    read: 11,
    valid: accept ? 6 : 5,
    duplicatesInFile: 1,
    existing: 2,
    invalid: accept ? 4 : 5,
    optedOut: 0,
  },
  suggestions: {
    items: [{ line: 8, original: '(11) 8765-4325', suggested: '+5511987654325', applied: accept }],
    total: 1,
  },
  rejectedSample: {
    items: [
      { line: 7, reason: 'phone_excel_scientific', message: 'O Excel estragou o telefone “5.51199E+12”.' },
    ],
    total: accept ? 4 : 5,
  },
  duplicatesSample: { items: [], total: 1 },
  warnings: { items: [], total: 0 },
});

const result: ImportResultView = {
  read: 11,
  imported: 4,
  updated: 2,
  duplicates: 1,
  invalid: 4,
  optedOut: 0,
  list: { id: 'l9', name: 'Loja' },
  cancelled: false,
};

/** The wizard as the contacts page shows it. */
async function mountWizard() {
  const Host = defineComponent({
    setup: () => {
      const show = ref(true);
      return () =>
        h('div', [
          h('span', { 'data-testid': 'shown' }, String(show.value)),
          show.value
            ? h(ImportWizard, {
                show: show.value,
                dragging: false,
                'onUpdate:show': (v: boolean) => (show.value = v),
              })
            : null,
        ]);
    },
  });
  return mountInApp(Host);
}

async function pickFile(name: string, text: string): Promise<void> {
  const input = byTestId('import-file') as HTMLInputElement;
  Object.defineProperty(input, 'files', {
    value: [new File([text], name, { type: 'text/csv' })],
    configurable: true,
  });
  input.dispatchEvent(new Event('change'));
  await vi.waitFor(() => expect(useImportStore().busy).toBe(false));
  await flushPromises();
}

type Mounted = Awaited<ReturnType<typeof mountInApp>>;

/** Picks `value` in the select `testId`, as choosing it in its menu does. */
async function choose({ wrapper }: Mounted, testId: string, value: string): Promise<void> {
  const select = wrapper.findAllComponents(NSelect).find((c) => c.attributes('data-testid') === testId);
  if (!select) throw new Error(`no select ${testId}`);
  select.vm.$emit('update:value', value);
  await flushPromises();
}

function baseBridge() {
  return installFakeBridge()
    .reply('lists:list', [])
    .handle('contacts:search', (input) => ok(contactsPage(input, 6)))
    .reply('import:open', { importId: IMPORT_ID, preview: preview() })
    .handle('import:reparse', (input) => ok(preview({ encoding: input.encoding ?? 'windows-1252' })))
    .handle('import:plan', (input) => ok(plan(input.acceptNineDigitFix)))
    .reply('import:cancel', { cancelled: true })
    .reply('import:saveErrorFile', { saved: true, fileName: 'contatos-erros.csv' });
}

describe('ImportWizard (with a fake bridge)', () => {
  it('walks file → preview → columns → review → import with progress → result', async () => {
    let finish: ((value: ImportResultView) => void) | undefined;
    const bridge = baseBridge().handle(
      'import:commit',
      () => new Promise((resolve) => (finish = (value) => resolve(ok(value)))),
    );
    const mounted = await mountWizard();

    // 1. The file's bytes go to the core.
    await pickFile('contatos.csv', 'Nome;Celular\nJoão;11987654321\n');
    const [opened] = bridge.inputsOf('import:open');
    expect(opened!.fileName).toBe('contatos.csv');
    expect(opened!.data).toBeInstanceOf(Uint8Array);

    // 2. Preview, with the detected encoding and delimiter; changing the encoding reads the file again.
    expect(squash(byTestId('import-preview-summary').textContent)).toBe(
      'contatos.csv: 11 linhas de contato.',
    );
    expect(squash(byTestId('import-preview').textContent)).toContain('João da Silva');
    expect(squash(byTestId('import-encoding').textContent)).toContain('Windows-1252 (Excel no Windows)');
    expect(squash(byTestId('import-delimiter').textContent)).toContain('Ponto e vírgula');
    await choose(mounted, 'import-encoding', 'utf-8');
    expect(bridge.inputsOf('import:reparse')).toEqual([{ importId: IMPORT_ID, encoding: 'utf-8' }]);

    // 3. Columns: the remembered mapping, {{cidade}} as a merge field; the phone column is required.
    await click(byTestId('import-next'));
    expect(byTestId('import-mapping-remembered')).toBeTruthy();
    expect(squash(byTestId('import-column-3').textContent)).toContain('Use nas mensagens como {{cidade}}.');
    await choose(mounted, 'import-role-1', 'ignore');
    expect(squash(byTestId('import-need-phone').textContent)).toBe('Escolha qual coluna tem os telefones.');
    expect((byTestId('import-next') as HTMLButtonElement).disabled).toBe(true);
    await choose(mounted, 'import-role-1', 'phone');
    expect(queryTestId('import-need-phone')).toBeNull();

    // 4. Review: the plan for these choices; the 9-digit fix can be refused (the plan is made again).
    await click(byTestId('import-next'));
    expect(bridge.inputsOf('import:plan')).toEqual([
      {
        importId: IMPORT_ID,
        mapping: { name: 0, phone: 1, email: 2, custom: [{ column: 3, field: 'cidade' }] },
        defaultCountry: 'BR',
        acceptNineDigitFix: true,
        locale: 'pt-BR',
      },
    ]);
    expect(squash(byTestId('import-count-new').textContent)).toContain('4');
    expect(squash(byTestId('import-count-invalid').textContent)).toContain('4');
    expect(squash(byTestId('import-nine-digit').textContent)).toContain(
      '(11) 8765-4325 vira (11) 98765-4325',
    );
    expect(squash(byTestId('import-rejected').textContent)).toContain('O Excel estragou o telefone');
    await click(byTestId('import-accept-nine-digit'));
    expect(bridge.inputsOf('import:plan').at(-1)!.acceptNineDigitFix).toBe(false);
    expect(squash(byTestId('import-count-invalid').textContent)).toContain('5');
    await click(byTestId('import-accept-nine-digit'));
    expect(squash(byTestId('import-start').textContent)).toBe('Importar 6 contatos');
    // Skipping the 2 that exist leaves 4 to write.
    await click(byTestId('import-skip').querySelector('input')!);
    expect(squash(byTestId('import-start').textContent)).toBe('Importar 4 contatos');

    // 5. Importing: progress from the core's events.
    await click(byTestId('import-start'));
    expect(bridge.inputsOf('import:commit')).toEqual([{ importId: IMPORT_ID, onDuplicate: 'skip' }]);
    bridge.emit('import:progress', { importId: IMPORT_ID, phase: 'saving', done: 3, total: 6 });
    bridge.emit('import:progress', { importId: 'another-import', phase: 'saving', done: 1, total: 100 });
    await flushPromises();
    const bar = byTestId('import-progress');
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(squash(byTestId('import-progress-counts').textContent)).toBe('3 de 6');
    expect(document.body.textContent).toContain('Salvando os contatos…');

    // 6. Result, and the error file.
    finish!(result);
    await flushPromises();
    expect(squash(byTestId('import-result-imported').textContent)).toContain('4');
    expect(squash(byTestId('import-result-updated').textContent)).toContain('2');
    expect(squash(byTestId('import-result').textContent)).toContain('adicionados à lista Loja');
    await click(byTestId('import-save-errors'));
    expect(bridge.inputsOf('import:saveErrorFile')).toEqual([{ importId: IMPORT_ID, locale: 'pt-BR' }]);
    expect(squash(byTestId('import-errors-saved').textContent)).toBe('Arquivo salvo: contatos-erros.csv');

    await click(byTestId('import-done'));
    expect(byTestId('shown').textContent).toBe('false');
    // A finished import is not cancelled on the way out.
    expect(bridge.inputsOf('import:cancel')).toEqual([]);
  });

  it('cancels a running import: the core is asked to stop, and the review says nothing changed', async () => {
    let finish: ((value: ImportResultView) => void) | undefined;
    const bridge = baseBridge().handle(
      'import:commit',
      () => new Promise((resolve) => (finish = (value) => resolve(ok(value)))),
    );
    await mountWizard();
    await pickFile('contatos.csv', 'x');
    await click(byTestId('import-next'));
    await click(byTestId('import-next'));
    await click(byTestId('import-start'));
    expect(byTestId('import-progress')).toBeTruthy();

    await click(byTestId('import-cancel'));
    expect(bridge.inputsOf('import:cancel')).toEqual([{ importId: IMPORT_ID }]);
    finish!({ ...result, imported: 0, updated: 0, duplicates: 0, invalid: 0, cancelled: true });
    await flushPromises();
    expect(squash(byTestId('import-cancelled').textContent)).toBe(
      'Importação cancelada. Nenhum contato foi alterado.',
    );
    expect(byTestId('import-start')).toBeTruthy();
  });

  it("explains a hostile file with the core's code in Portuguese, and lets the user pick another", async () => {
    const bridge = baseBridge().handle('import:open', (input) =>
      input.fileName === 'bomba.xlsx'
        ? fail('zip_bomb', 'The file would expand to a dangerous size when opened, so it was refused.', {
            params: { max: 100 },
          })
        : input.fileName === 'estranho.csv'
          ? fail('brand_new_code', 'Something new went wrong with this file.')
          : ok({ importId: IMPORT_ID, preview: preview() }),
    );
    await mountWizard();

    await pickFile('bomba.xlsx', 'PK');
    expect(squash(byTestId('import-file-error').textContent)).toContain(
      'Não foi possível importar bomba.xlsx.',
    );
    expect(squash(byTestId('import-file-error').textContent)).toContain(
      'O arquivo ficaria enorme ao ser aberto e foi recusado por segurança.',
    );
    // A code the app does not know yet: the core's own message.
    await pickFile('estranho.csv', '?');
    expect(squash(byTestId('import-file-error').textContent)).toContain(
      'Something new went wrong with this file.',
    );

    await pickFile('contatos.csv', 'Nome;Celular');
    expect(queryTestId('import-file-error')).toBeNull();
    expect(byTestId('import-preview')).toBeTruthy();
    expect(bridge.inputsOf('import:open')).toHaveLength(3);
  });
});
