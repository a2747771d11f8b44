/** The invoice history: pages from the service, kept for offline reading, exported as CSV. */
import { describe, expect, it } from 'vitest';
import type { InvoicesExport, InvoicesPageView, PurchaseOutcomeView } from '@shared/dto';
import { PURCHASE_LIMIT } from '../../../src/sandbox/index';
import { createRecordingHost } from '../../support/test-host';
import { signedIn, startCore, useSandbox, value } from './billing-harness';

describe('invoices', () => {
  it('pages newest first, then reads the same pages offline, marked stale', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'inv');
    const bought: string[] = [];
    for (const quantity of [1000, 5000, 250]) {
      bought.push(
        value<PurchaseOutcomeView>(await c.core.dispatch('credits:buy', { quantity })).invoiceUuid!,
      );
    }
    expect(bought.length).toBeLessThanOrEqual(PURCHASE_LIMIT.limit);

    const page1 = value<InvoicesPageView>(await c.core.dispatch('credits:invoices', { page: 1, perPage: 2 }));
    expect(page1).toMatchObject({ page: 1, perPage: 2, total: 3, lastPage: 2, stale: false });
    expect(page1.invoices.map((i) => i.uuid)).toEqual([bought[2], bought[1]]);
    expect(page1.invoices[0]).toMatchObject({
      total: 22.5,
      status: { code: 'paid' },
      card: { code: 'visa' },
    });
    const page2 = value<InvoicesPageView>(await c.core.dispatch('credits:invoices', { page: 2, perPage: 2 }));
    expect(page2.invoices.map((i) => i.uuid)).toEqual([bought[0]]);

    await c.close();
    await sandbox.sb.close();
    const offline = await startCore({ dataDir: c.dataDir, store: c.store });
    const stale = value<InvoicesPageView>(
      await offline.core.dispatch('credits:invoices', { page: 2, perPage: 2 }),
    );
    expect(stale).toMatchObject({ stale: true, total: 3, lastPage: 2, page: 2 });
    expect(stale.invoices.map((i) => i.uuid)).toEqual([bought[0]]);
    const exported = value<InvoicesExport>(await offline.core.dispatch('credits:exportInvoices', {}));
    expect(exported).toMatchObject({ stale: true, count: 3 });
  });

  it('exports every invoice as CSV text with a suggested file name', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'csv');
    const out = value<PurchaseOutcomeView>(await c.core.dispatch('credits:buy', { quantity: 1000 }));
    const exported = value<InvoicesExport>(await c.core.dispatch('credits:exportInvoices', {}));
    expect(exported).toMatchObject({ count: 1, stale: false });
    expect(exported.fileName).toMatch(/^torpedo-invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = exported.csv.replace('\uFEFF', '').trimEnd().split('\r\n');
    // The recording host's locale is en-US: English headers, `,` and decimal point.
    expect(lines[0]).toBe('Date,Number,Total (BRL),Status,Card,Due,Invoice');
    expect(lines[1]).toContain(`,90.00,Pago,Visa •••• 4242,`);
    expect(lines[1]!.endsWith(out.invoiceUuid!)).toBe(true);
  });

  it('in Portuguese, the file is named in Portuguese too: torpedo-faturas-…csv', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'csvpt', { host: createRecordingHost('pt-BR') });
    value<PurchaseOutcomeView>(await c.core.dispatch('credits:buy', { quantity: 1000 }));
    const exported = value<InvoicesExport>(await c.core.dispatch('credits:exportInvoices', {}));
    expect(exported.fileName).toMatch(/^torpedo-faturas-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(exported.csv.replace('\uFEFF', '').split('\r\n')[0]).toBe(
      'Data;Número;Total (R$);Situação;Cartão;Vencimento;Fatura',
    );
  });

  it('refuses bad paging input', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'inv2');
    for (const input of [{ page: 0 }, { perPage: 101 }, { page: 1.5 }, { page: '1' }]) {
      expect(await c.core.dispatchUntrusted('credits:invoices', input)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
    }
  });
});
