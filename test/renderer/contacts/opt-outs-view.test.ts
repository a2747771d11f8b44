import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportPlanView, ImportPreviewView, OptOutView } from '@shared/dto';
import OptOutsView from '@renderer/views/contacts/OptOutsView.vue';
import { useOptOutFileStore } from '@renderer/stores/contacts/use-opt-out-file-store';
import { installFakeBridge, ok } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const optOut = (phone: string, over: Partial<OptOutView> = {}): OptOutView => ({
  phone,
  source: 'manual',
  note: null,
  createdAt: '2025-03-14T13:05:00.000Z',
  contact: null,
  ...over,
});

function textarea(): HTMLTextAreaElement {
  return byTestId('optouts-input').querySelector('textarea')!;
}

async function typeLines(text: string): Promise<void> {
  textarea().value = text;
  textarea().dispatchEvent(new Event('input'));
  await flushPromises();
}

describe('OptOutsView (with a fake bridge)', () => {
  it('explains what opting out means and lists numbers the Brazilian way, with source, date and contact', async () => {
    const bridge = installFakeBridge().reply('optOuts:list', {
      rows: [
        optOut('+5511987654321', { source: 'contact', contact: { id: 'c1', name: 'João da Silva' } }),
        optOut('+551134567890', { source: 'reply' }),
      ],
      total: 2,
      offset: 0,
      limit: 20,
    });
    await mountInApp(OptOutsView);

    expect(document.body.textContent).toContain('O Torpedo nunca envia SMS para eles');
    expect(bridge.inputsOf('optOuts:list')).toEqual([{ offset: 0, limit: 20 }]);
    const rows = [...document.querySelectorAll('[data-testid="optout-row"]')].map((r) =>
      squash(r.textContent),
    );
    expect(rows[0]).toContain('(11) 98765-4321');
    expect(rows[0]).toContain('Contato descadastrado');
    expect(rows[0]).toContain('João da Silva');
    expect(rows[0]).toMatch(/14\/03\/2025/);
    expect(rows[1]).toContain('(11) 3456-7890');
    expect(rows[1]).toContain('Pediu para sair');
  });

  it('shows under the source where an imported number came from', async () => {
    installFakeBridge().reply('optOuts:list', {
      rows: [
        optOut('+5521998765432', { source: 'import', note: 'descadastros.txt' }),
        optOut('+551134567890'),
      ],
      total: 2,
      offset: 0,
      limit: 20,
    });
    await mountInApp(OptOutsView);
    const rows = [...document.querySelectorAll('[data-testid="optout-row"]')];
    expect(squash(rows[0]!.textContent)).toContain('Importação descadastros.txt');
    expect(rows[1]!.querySelector('[data-testid="optout-note"]')).toBeNull();
  });

  it('adds numbers typed one per line, says which lines were refused and why, and keeps only those to fix', async () => {
    const bridge = installFakeBridge()
      .reply('optOuts:list', { rows: [], total: 0, offset: 0, limit: 20 })
      .handle('optOuts:add', (input) =>
        ok({
          added: 1,
          already: 1,
          invalid: [
            { index: 2, input: input.phones[2]!, reason: 'too_short', message: 'This number is too short' },
            {
              index: 3,
              input: input.phones[3]!,
              reason: 'mystery',
              message: 'Not accepted for a new reason',
            },
          ],
        }),
      );
    await mountInApp(OptOutsView);
    expect(squash(byTestId('optouts-empty').textContent)).toBe('Nenhum número descadastrado.');

    // Blank lines are skipped.
    await typeLines('(11) 98765-4321\n\n  11 3456-7890 \n1234\nabc\n');
    await click(byTestId('optouts-add'));

    expect(bridge.inputsOf('optOuts:add')).toEqual([
      { phones: ['(11) 98765-4321', '11 3456-7890', '1234', 'abc'] },
    ]);
    expect(squash(byTestId('optouts-added').textContent)).toBe(
      '1 número descadastrado. 1 já estava na lista.',
    );
    const lines = [...document.querySelectorAll('[data-testid="optouts-invalid-line"]')].map((l) =>
      squash(l.textContent),
    );
    // Only the refused lines stay in the box: the problems name its lines as it now reads.
    expect(textarea().value).toBe('1234\nabc');
    expect(lines).toEqual([
      'Linha 1: “1234”: número curto demais (faltou o DDD?)',
      'Linha 2: “abc”: Not accepted for a new reason',
    ]);
    // A new page of the list after numbers were added.
    expect(bridge.inputsOf('optOuts:list')).toHaveLength(2);
  });

  it('names no line when the box is left with one (issue 12: "Linha 2" of a one-line box)', async () => {
    installFakeBridge()
      .reply('optOuts:list', { rows: [], total: 0, offset: 0, limit: 20 })
      .handle('optOuts:add', (input) =>
        ok({
          added: 1,
          already: 0,
          invalid: [{ index: 1, input: input.phones[1]!, reason: 'too_short', message: 'Too short' }],
        }),
      );
    await mountInApp(OptOutsView);
    await typeLines('(11) 98765-4321\n1234');
    await click(byTestId('optouts-add'));

    expect(textarea().value).toBe('1234');
    expect(squash(byTestId('optouts-invalid').querySelector('p')!.textContent)).toBe(
      'Este número não foi aceito; corrija e tente de novo:',
    );
    expect(squash(byTestId('optouts-invalid-line').textContent)).toBe(
      '“1234”: número curto demais (faltou o DDD?)',
    );
  });

  it('asks before a number may receive messages again', async () => {
    let rows = [optOut('+5511987654321')];
    const bridge = installFakeBridge()
      .handle('optOuts:list', () => ok({ rows, total: rows.length, offset: 0, limit: 20 }))
      .handle('optOuts:remove', () => {
        rows = [];
        return ok({ removed: 1 });
      });
    await mountInApp(OptOutsView);

    await click(byTestId('optout-remove'));
    expect(document.body.textContent).toContain('Voltar a enviar mensagens para (11) 98765-4321?');
    expect(bridge.inputsOf('optOuts:remove')).toEqual([]);
    await click(byTestId('optout-remove-confirm'));
    expect(bridge.inputsOf('optOuts:remove')).toEqual([{ phones: ['+5511987654321'] }]);
    expect(queryTestId('optout-row')).toBeNull();
    expect(document.body.textContent).toContain('(11) 98765-4321 voltou a receber mensagens.');
  });
});

describe('OptOutsView: a file of numbers (with a fake bridge)', () => {
  const IMPORT_ID = '7d2f4b1e-0c55-4a57-9f0e-3b1f8d6a2c90';
  const emptyPage = { rows: [], total: 0, offset: 0, limit: 20 };
  const preview = (phone: number | undefined): ImportPreviewView => ({
    format: 'txt',
    encoding: 'windows-1252',
    delimiter: ';',
    headerLine: 0,
    headers: [''],
    columnTypes: [{ type: 'text' }],
    sampleRows: [['(11) 98765-4321']],
    totalRows: 7,
    mapping: phone === undefined ? { custom: [] } : { phone, custom: [] },
    mappingSource: 'suggested',
    encodings: ['utf-8', 'windows-1252'],
    delimiters: [';', ',', '\t', '|'],
  });
  const plan: ImportPlanView = {
    counts: { read: 7, valid: 4, duplicatesInFile: 1, existing: 0, changed: 0, invalid: 2, optedOut: 1 },
    suggestions: {
      items: [{ line: 7, original: '(11) 8765-4325', suggested: '+5511987654325', applied: true }],
      total: 1,
    },
    rejectedSample: { items: [], total: 2 },
    duplicatesSample: { items: [], total: 1 },
    warnings: { items: [], total: 0 },
    changes: { items: [], total: 0 },
  };

  async function pick(name: string): Promise<void> {
    const input = byTestId('optouts-file-input') as HTMLInputElement;
    Object.defineProperty(input, 'files', {
      value: [new File(['(11) 98765-4321\n'], name, { type: 'text/plain' })],
      configurable: true,
    });
    input.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(useOptOutFileStore().step).not.toBe('reading'));
    await flushPromises();
  }

  it('shows what the file holds, opts out only on the yes, and offers the rejected lines as a file', async () => {
    const bridge = installFakeBridge()
      .reply('optOuts:list', emptyPage)
      .reply('import:open', { importId: IMPORT_ID, preview: preview(0) })
      .reply('import:plan', plan)
      .reply('import:optOut', { read: 7, added: 3, already: 1, invalid: 2 })
      .reply('import:saveErrorFile', { saved: true, fileName: 'descadastros-erros.txt' });
    await mountInApp(OptOutsView);

    await pick('descadastros.txt');
    expect(bridge.inputsOf('import:plan')).toEqual([
      {
        importId: IMPORT_ID,
        mapping: { phone: 0, custom: [] },
        defaultCountry: 'BR',
        acceptNineDigitFix: true,
        locale: 'pt-BR',
      },
    ]);
    const review = [...document.querySelectorAll('[data-testid="optouts-file-review"]')].map((p) =>
      squash(p.textContent),
    );
    expect(review).toEqual([
      '“descadastros.txt”: 4 números para descadastrar.',
      '1 deles já está na lista.',
      'Celulares no formato antigo entram com o 9 na frente.',
      '1 número aparece mais de uma vez e conta uma vez só.',
      '2 linhas com problema ficam de fora.',
    ]);
    // Nothing is written before the yes.
    expect(bridge.inputsOf('import:optOut')).toEqual([]);

    await click(byTestId('optouts-file-confirm'));
    expect(bridge.inputsOf('import:optOut')).toEqual([{ importId: IMPORT_ID }]);
    expect(squash(byTestId('optouts-file-done').textContent)).toBe(
      '3 números descadastrados. 1 já estava na lista.',
    );
    // The list below is read again, from its first page.
    expect(bridge.inputsOf('optOuts:list').length).toBe(2);

    await click(byTestId('optouts-file-errors'));
    expect(bridge.inputsOf('import:saveErrorFile')).toEqual([{ importId: IMPORT_ID, locale: 'pt-BR' }]);
    expect(squash(byTestId('optouts-file-errors-saved').textContent)).toContain('descadastros-erros.txt');
  });

  it('cancelling the review drops the file in the core and writes nothing', async () => {
    const bridge = installFakeBridge()
      .reply('optOuts:list', emptyPage)
      .reply('import:open', { importId: IMPORT_ID, preview: preview(0) })
      .reply('import:plan', plan)
      .reply('import:cancel', { cancelled: true });
    await mountInApp(OptOutsView);
    await pick('descadastros.txt');
    await click(byTestId('optouts-file-cancel'));
    expect(bridge.inputsOf('import:cancel')).toEqual([{ importId: IMPORT_ID }]);
    expect(bridge.inputsOf('import:optOut')).toEqual([]);
    expect(queryTestId('optouts-file-review')).toBeNull();
    expect(byTestId('optouts-file-pick')).toBeTruthy();
  });

  it('says what to do when the file has no phone column, or cannot be read', async () => {
    const bridge = installFakeBridge()
      .reply('optOuts:list', emptyPage)
      .reply('import:open', { importId: IMPORT_ID, preview: preview(undefined) })
      .reply('import:cancel', { cancelled: true });
    await mountInApp(OptOutsView);
    await pick('clientes.csv');
    expect(squash(byTestId('optouts-file-problem').textContent)).toBe(
      'Não encontramos números de telefone em “clientes.csv”. Deixe os números na primeira coluna, um por linha, ou dê à coluna o nome “Telefone”.',
    );
    expect(bridge.inputsOf('import:plan')).toEqual([]);
    expect(bridge.inputsOf('import:cancel')).toEqual([{ importId: IMPORT_ID }]);

    bridge.fail('import:open', 'empty_file');
    await pick('vazio.csv');
    expect(squash(byTestId('optouts-file-problem').textContent)).not.toBe('');
    expect(squash(byTestId('optouts-file-problem').textContent)).not.toContain('clientes.csv');
  });
});
