import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvoicesPageView } from '@shared/dto';
import InvoicesView from '@renderer/views/credits/InvoicesView.vue';
import { installFakeBridge, ok, sampleInvoice } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const page = (over: Partial<InvoicesPageView> = {}): InvoicesPageView => ({
  invoices: [
    sampleInvoice(2, { total: 1234.56 }),
    sampleInvoice(1, {
      status: { code: 'pending', name: 'Processando', icon: null, color: '#f0a020' },
      card: null,
    }),
  ],
  page: 1,
  perPage: 20,
  total: 2,
  lastPage: 1,
  fetchedAt: new Date().toISOString(),
  stale: false,
  ...over,
});

describe('InvoicesView (with a fake bridge)', () => {
  it('lists date, number, total in reais, status with its colour, and card', async () => {
    const bridge = installFakeBridge().reply('credits:invoices', page());
    await mountInApp(InvoicesView);

    expect(bridge.inputsOf('credits:invoices')).toEqual([{ page: 1, perPage: 20 }]);
    const first = squash(byTestId('invoice-FAT-0002').textContent);
    expect(first).toContain('FAT-0002');
    expect(first).toContain('R$ 1.234,56');
    expect(first).toContain('Pago');
    expect(first).toContain('Visa •••• 4242');
    expect(first).toMatch(/14\/03\/2025/);
    const pending = byTestId('invoice-FAT-0001');
    expect(squash(pending.textContent)).toContain('Processando');
    expect(squash(pending.textContent)).toContain('—');
    const tag = pending.querySelector<HTMLElement>('[data-status="pending"]')!;
    expect(tag.getAttribute('style')).toContain('--status-color: #f0a020');
  });

  it('pages through the history', async () => {
    const bridge = installFakeBridge().handle('credits:invoices', (input) =>
      ok(page({ page: input.page ?? 1, lastPage: 3, total: 45 })),
    );
    await mountInApp(InvoicesView);
    const next = byTestId('invoices-pages').querySelector<HTMLElement>(
      '.n-pagination-item--button:last-child',
    )!;
    await click(next);
    expect(bridge.inputsOf('credits:invoices').map((i) => i.page)).toEqual([1, 2]);
  });

  it('says when the list is the copy kept on this computer', async () => {
    installFakeBridge().reply('credits:invoices', page({ stale: true }));
    await mountInApp(InvoicesView);
    expect(squash(byTestId('invoices-stale').textContent)).toContain(
      'Sem conexão com o serviço: mostrando a cópia guardada neste computador',
    );
  });

  it('exports: the CSV from the core goes to the save dialog, and the file name is confirmed', async () => {
    const bridge = installFakeBridge()
      .reply('credits:invoices', page())
      .reply('credits:exportInvoices', {
        csv: '\uFEFFData;Número\r\n',
        fileName: 'torpedo-invoices-2025-03-14.csv',
        count: 2,
        stale: false,
      })
      .handle('files:saveText', (input) => ok({ saved: true, fileName: input.suggestedName }));
    await mountInApp(InvoicesView);

    await click(byTestId('invoices-export'));

    expect(bridge.inputsOf('files:saveText')).toEqual([
      { suggestedName: 'torpedo-invoices-2025-03-14.csv', content: '\uFEFFData;Número\r\n', kind: 'csv' },
    ]);
    expect(document.body.textContent).toContain('Arquivo salvo: torpedo-invoices-2025-03-14.csv');
  });

  it('a cancelled save dialog says nothing; a failed write says so', async () => {
    const bridge = installFakeBridge()
      .reply('credits:invoices', page())
      .reply('credits:exportInvoices', { csv: 'x', fileName: 'f.csv', count: 2, stale: false })
      .reply('files:saveText', { saved: false });
    await mountInApp(InvoicesView);
    await click(byTestId('invoices-export'));
    expect(document.body.textContent).not.toContain('Arquivo salvo');

    bridge.fail('files:saveText', 'file_not_saved');
    await click(byTestId('invoices-export'));
    expect(document.body.textContent).toContain('Não foi possível salvar o arquivo.');
  });

  it('an empty history points to the credits page', async () => {
    installFakeBridge().reply('credits:invoices', page({ invoices: [], total: 0 }));
    await mountInApp(InvoicesView);
    expect(squash(byTestId('invoices-empty').textContent)).toContain('Nenhuma fatura ainda.');
    expect((byTestId('invoices-export') as HTMLButtonElement).disabled).toBe(true);
    expect(queryTestId('invoices-table')).toBeNull();
  });
});
