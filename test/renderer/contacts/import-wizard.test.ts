import type { ErrorCode } from '@shared/app-error';
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NSelect } from 'naive-ui';
import { defineComponent, h, ref } from 'vue';
import type { ImportPlanView, ImportPreviewView, ImportResultView } from '@shared/dto';
import type { ImportChangeView, LastImportView } from '@shared/dto/last-import';
import { slugifyField } from '@shared/field-key';
import { useImportStore } from '@renderer/stores/contacts/use-import-store';
import ImportWizard from '@renderer/views/contacts/import/ImportWizard.vue';
import { contactsPage, fail, installFakeBridge, ok } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const IMPORT_ID = '6f1c3a52-8d5e-4a53-9a0e-0d8f7f0c2b11';

const preview = (over: Partial<ImportPreviewView> = {}): ImportPreviewView => ({
  format: 'csv',
  encoding: 'windows-1252',
  delimiter: ';',
  headerLine: 1,
  headers: ['Nome', 'Celular', 'E-mail', 'Cidade'],
  columnTypes: [{ type: 'text' }, { type: 'text' }, { type: 'text' }, { type: 'text' }],
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

/** Contact `n` of a file that renames existing contacts: `Cliente n` would become `Renomeado n`. */
const renamed = (n: number): ImportChangeView => ({
  line: n + 2,
  phone: `+55119876${String(n).padStart(5, '0')}`,
  name: `Cliente ${n}`,
  changes: [{ field: 'name', kind: 'name', before: `Cliente ${n}`, after: `Renomeado ${n}` }],
});

const plan = (accept: boolean): ImportPlanView => ({
  counts: {
    read: 11,
    valid: accept ? 6 : 5,
    duplicatesInFile: 1,
    existing: 2,
    changed: 2,
    invalid: accept ? 4 : 5,
    optedOut: 0,
  },
  changes: {
    items: [
      {
        line: 3,
        phone: '+5511987654322',
        name: 'Maria da Conceição',
        changes: [
          { field: 'name', kind: 'name', before: 'Maria da Conceição', after: 'Tom & Jerry <Ltda>' },
          { field: 'cidade', kind: 'custom', before: null, after: 'Olinda' },
        ],
      },
      {
        line: 4,
        phone: '+5511987654323',
        name: 'Antônio Araújo',
        changes: [{ field: 'email', kind: 'email', before: 'antonio@x.com', after: 'antonio@novo.com.br' }],
      },
    ],
    total: 2,
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
async function mountWizard(locale?: 'pt-BR' | 'en') {
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
  return mountInApp(Host, locale ? { locale } : {});
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
        // The column's type goes with it (as its values suggested it: text).
        mapping: { name: 0, phone: 1, email: 2, custom: [{ column: 3, field: 'cidade', type: 'text' }] },
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
    // What an update would change, before → after; keeping them is the default: 4 new contacts to write.
    const changed = [...document.querySelectorAll('[data-testid="import-change"] tr')].map((tr) =>
      [...tr.children].map((cell) => squash(cell.textContent)).join(' | '),
    );
    expect(changed).toEqual([
      '3 | Maria da Conceição(11) 98765-4322 | Nome | Maria da Conceição | →Tom & Jerry <Ltda>',
      'Campo “cidade” | (vazio) | →Olinda',
      '4 | Antônio Araújo(11) 98765-4323 | E-mail | antonio@x.com | →antonio@novo.com.br',
    ]);
    expect((byTestId('import-skip').querySelector('input') as HTMLInputElement).checked).toBe(true);
    expect(squash(byTestId('import-start').textContent)).toBe('Importar 4 contatos');
    // Updating them writes those 2 too; back to keeping them.
    await click(byTestId('import-update').querySelector('input')!);
    expect(squash(byTestId('import-start').textContent)).toBe('Importar 6 contatos');
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

  it('names a custom column’s field as the core’s import does: “Nº Celular” is {{no_celular}}', async () => {
    const bridge = baseBridge().reply('import:open', {
      importId: IMPORT_ID,
      preview: preview({
        headers: ['Nome', 'Celular', 'Nº Celular', ''],
        columnTypes: [{ type: 'text' }, { type: 'text' }, { type: 'text' }, { type: 'text' }],
        sampleRows: [['João da Silva', '(11) 98765-4321', '2', 'x']],
        mapping: { name: 0, phone: 1, custom: [] },
        mappingSource: 'suggested',
      }),
    });
    const mounted = await mountWizard();
    await pickFile('contatos.csv', 'Nome;Celular;Nº Celular\nJoão;11987654321;2\n');
    await click(byTestId('import-next'));
    await choose(mounted, 'import-role-2', 'custom');
    // The key the core (and `torpedo import --map`) makes of that header: º is an o, not dropped.
    expect(slugifyField('Nº Celular')).toBe('no_celular');
    const field = byTestId('import-field-2').querySelector('input') as HTMLInputElement;
    expect(field.value).toBe('no_celular');
    expect(squash(byTestId('import-column-2').textContent)).toContain(
      'Use nas mensagens como {{no_celular}}.',
    );
    // A column without a header is named by its place, as the core names it (`coluna_4`).
    await choose(mounted, 'import-role-3', 'custom');
    expect((byTestId('import-field-3').querySelector('input') as HTMLInputElement).value).toBe('coluna_4');
    await click(byTestId('import-next'));
    expect(bridge.inputsOf('import:plan').at(-1)!.mapping.custom).toEqual([
      { column: 2, field: 'no_celular', type: 'text' },
      { column: 3, field: 'coluna_4', type: 'text' },
    ]);
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
          ? // A code this window has no words for (one a newer core might send): its own message shows.
            fail('brand_new_code' as ErrorCode, 'Something new went wrong with this file.')
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
  it('a file picked while another is being read is refused out loud, not dropped in silence', async () => {
    let finishOld: (() => void) | undefined;
    const bridge = baseBridge().handle(
      'import:open',
      () =>
        new Promise((resolve) => {
          finishOld = () => resolve(ok({ importId: IMPORT_ID, preview: preview() }));
        }),
    );
    await mountWizard();
    const store = useImportStore();

    void store.open(new File(['Nome;Celular'], 'contatos.csv', { type: 'text/csv' }));
    await vi.waitFor(() => expect(finishOld).toBeDefined());
    await store.open(new File(['Velho;Fone'], 'outro.csv', { type: 'text/csv' }));
    expect(bridge.inputsOf('import:open').map((i) => i.fileName)).toEqual(['contatos.csv']);
    expect(store.fileError?.code).toBe('import_busy');
    await flushPromises();
    expect(document.body.textContent).toContain(
      'Já há importações em andamento. Espere uma terminar ou cancele-a',
    );
    finishOld?.();
    await flushPromises();
    expect(store.step).toBe('preview');
    expect(store.fileName).toBe('contatos.csv');
  });

  it('lists the first changes, and all of them on demand, a page at a time', async () => {
    const many: ImportPlanView = {
      ...plan(true),
      counts: { ...plan(true).counts, existing: 120, changed: 120, valid: 124 },
      changes: { items: Array.from({ length: 50 }, (_, n) => renamed(n)), total: 120 },
    };
    const bridge = baseBridge()
      .reply('import:plan', many)
      .handle('import:changes', ({ offset = 0, limit = 50 }) =>
        ok({
          items: Array.from({ length: Math.min(limit, 120 - offset) }, (_, i) => renamed(offset + i)),
          total: 120,
          offset,
        }),
      );
    await mountWizard();
    await pickFile('contatos.csv', 'x');
    await click(byTestId('import-next'));
    await click(byTestId('import-next'));

    const rows = () => document.querySelectorAll('[data-testid="import-change"]');
    expect(rows()).toHaveLength(5);
    expect(squash(byTestId('import-changes').textContent)).toContain('Mostrando 5 de 120 contatos.');
    await click(byTestId('import-changes-all'));
    expect(rows()).toHaveLength(50);
    await click(byTestId('import-changes-more'));
    expect(bridge.inputsOf('import:changes')).toEqual([{ importId: IMPORT_ID, offset: 50, limit: 100 }]);
    expect(rows()).toHaveLength(120);
    expect(squash(rows()[119]!.textContent)).toContain('Renomeado 119');
    expect(queryTestId('import-changes-more')).toBeNull();
  });

  it('offers to undo the import on its result step, and says what the undo did', async () => {
    const saved: LastImportView = {
      importId: IMPORT_ID,
      fileName: 'contatos.csv',
      at: '2025-05-12T17:03:00.000Z',
      imported: 4,
      updated: 2,
      joined: 2,
      list: { id: 'l9', name: 'Loja' },
      blocked: null,
    };
    let current: LastImportView | null = null;
    const bridge = baseBridge()
      .handle('import:commit', () => {
        current = saved;
        return ok(result);
      })
      .handle('import:last', () => ok(current))
      .reply('import:undo', { removed: 4, restored: 2, left: 2, listDeleted: false });
    await mountWizard();
    await pickFile('contatos.csv', 'x');
    await click(byTestId('import-next'));
    await click(byTestId('import-next'));
    await click(byTestId('import-start'));

    expect(squash(byTestId('import-undo-offer').textContent)).toContain(
      'Você pode desfazer esta importação enquanto nenhum dos contatos dela for alterado.',
    );
    await click(byTestId('import-undo'));
    await click(byTestId('import-undo-confirm'));
    expect(bridge.inputsOf('import:undo')).toEqual([{ importId: IMPORT_ID }]);
    expect(squash(byTestId('import-undone').textContent)).toBe(
      'Importação desfeita. 4 contatos novos excluídos. 2 contatos voltaram a ser como eram. 2 contatos saíram da lista.',
    );
    expect(queryTestId('import-undo')).toBeNull();
  });

  it('records one legal basis for the whole file: “Todos deram consentimento”, from this spreadsheet, today unless changed', async () => {
    const bridge = baseBridge().reply('import:commit', result);
    await mountWizard();
    await pickFile('contatos.csv', 'x');
    await click(byTestId('import-next'));
    await click(byTestId('import-next'));
    // Nothing recorded unless the owner says so.
    expect(byTestId('import-consent-none').querySelector('input')!.checked).toBe(true);
    await click(byTestId('import-consent-consent').querySelector('input')!);
    const field = (testId: string) => byTestId(testId).querySelector('input')!;
    expect(field('import-consent-source').value).toBe('planilha contatos.csv');
    expect(field('import-consent-at').value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    field('import-consent-at').value = '15/03';
    field('import-consent-at').dispatchEvent(new Event('input'));
    await flushPromises();
    expect(squash(byTestId('import-consent-at-error').textContent)).toBe(
      'Falta o ano: escreva como 15/03/2026.',
    );
    expect((byTestId('import-start') as HTMLButtonElement).disabled).toBe(true);
    field('import-consent-at').value = '15/03/2025';
    field('import-consent-at').dispatchEvent(new Event('input'));
    await flushPromises();
    await click(byTestId('import-start'));
    expect(bridge.inputsOf('import:commit')).toEqual([
      {
        importId: IMPORT_ID,
        onDuplicate: 'skip',
        consent: { basis: 'consent', source: 'planilha contatos.csv', at: '2025-03-15' },
      },
    ]);
  });

  it('records the evidence of the whole file’s consent: the words agreed to, the channel, who collected it (issue 35)', async () => {
    const bridge = baseBridge().reply('import:commit', result);
    const mounted = await mountWizard();
    await pickFile('contatos.csv', 'x');
    await click(byTestId('import-next'));
    await click(byTestId('import-next'));
    // Only consent given has evidence to record: legitimate interest has none.
    expect(queryTestId('import-consent-evidence')).toBeNull();
    await click(byTestId('import-consent-consent').querySelector('input')!);
    expect(squash(byTestId('import-consent-evidence').textContent)).toContain(
      'consent_text, consent_channel',
    );
    const words = byTestId('import-consent-words').querySelector('textarea')!;
    words.value = 'Aceito receber ofertas da Loja da Ana por SMS.';
    words.dispatchEvent(new Event('input'));
    const by = byTestId('import-consent-by').querySelector('input')!;
    by.value = 'Joana, no caixa';
    by.dispatchEvent(new Event('input'));
    await choose(mounted, 'import-consent-channel', 'balcao');
    await click(byTestId('import-start'));
    expect(bridge.inputsOf('import:commit')).toEqual([
      expect.objectContaining({
        consent: expect.objectContaining({ basis: 'consent', source: 'planilha contatos.csv' }),
        consentEvidence: {
          words: 'Aceito receber ofertas da Loja da Ana por SMS.',
          channel: 'balcao',
          collectedBy: 'Joana, no caixa',
        },
      }),
    ]);
  });

  it('offers no undo for an import that changed nothing', async () => {
    baseBridge().reply('import:commit', { ...result, imported: 0, updated: 0 });
    await mountWizard();
    await pickFile('contatos.csv', 'x');
    await click(byTestId('import-next'));
    await click(byTestId('import-next'));
    await click(byTestId('import-update').querySelector('input')!);
    await click(byTestId('import-start'));
    expect(byTestId('import-result')).toBeTruthy();
    expect(queryTestId('import-undo-offer')).toBeNull();
  });

  it('says which lines of a UTF-8 file were read in Windows-1252, in Portuguese and in English', async () => {
    const mixed = preview({
      encoding: 'utf-8',
      mixedLines: { encoding: 'windows-1252', lines: [6, 1204], total: 3 },
    });
    const bridge = baseBridge().reply('import:open', { importId: IMPORT_ID, preview: mixed });
    const mounted = await mountWizard();
    await pickFile('misturado.csv', 'Nome;Celular');
    expect(squash(byTestId('import-mixed-lines').textContent)).toBe(
      '3 linhas estavam em outra codificação, Windows-1252 (Excel no Windows), e foram lidas nela, ' +
        'com os acentos certos: linhas 6, 1.204, ….',
    );
    // Read again in another encoding, the file is no longer mixed: the note goes.
    await choose(mounted, 'import-encoding', 'windows-1252');
    expect(bridge.inputsOf('import:reparse')).toHaveLength(1);
    expect(queryTestId('import-mixed-lines')).toBeNull();
    mounted.wrapper.unmount();

    baseBridge().reply('import:open', {
      importId: IMPORT_ID,
      preview: { ...mixed, mixedLines: { encoding: 'windows-1252', lines: [4], total: 1 } },
    });
    await mountWizard('en');
    await pickFile('mixed.csv', 'Nome;Celular');
    expect(squash(byTestId('import-mixed-lines').textContent)).toBe(
      '1 line was in another encoding, Windows-1252 (Excel on Windows), and was read in it, accents intact: line 4.',
    );
  });

  it('offers DIF files in the file picker, beside the other spreadsheets', async () => {
    baseBridge();
    await mountWizard();
    const accept = (byTestId('import-file') as HTMLInputElement).accept.split(',');
    expect(accept).toEqual(expect.arrayContaining(['.csv', '.xlsx', '.xls', '.ods', '.dif']));
    expect(document.body.textContent).toContain('Excel (XLSX, XLS e DIF)');
  });

  it('names a PDF as a PDF, and says how to save the spreadsheet so it imports', async () => {
    baseBridge().handle('import:open', () =>
      fail('unsupported_format', 'This file (pdf) is not a spreadsheet.', { params: { detected: 'pdf' } }),
    );
    await mountWizard();
    await pickFile('clientes.pdf', '%PDF-1.7');
    expect(squash(byTestId('import-file-error').textContent)).toContain(
      'Este arquivo é um PDF, não uma planilha, e o Torpedo não consegue ler contatos dele. ' +
        'Abra a planilha original no Excel, no LibreOffice ou no Google Planilhas e salve como CSV ou XLSX',
    );
  });
});
