import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { h } from 'vue';
import DeliverySummary from '@renderer/components/history/DeliverySummary.vue';
import NumbersTable from '@renderer/components/history/NumbersTable.vue';
import { deliveryLines, timeTick } from '@renderer/components/history/delivery-chart-data';
import { installFakeBridge } from './fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from './mount-helpers';

enableAutoUnmount(afterEach);

/** The texts of an element's cells (dt/dd or td), one by one. */
const cells = (id: string) =>
  [...byTestId(id).querySelectorAll('dt, dd, td')].map((cell) => squash(cell.textContent)).join(' | ');

describe('DeliverySummary', () => {
  it('shows each count with its share, and the final results as a progress bar', async () => {
    installFakeBridge();
    await mountInApp(() =>
      h(DeliverySummary, { counts: { total: 12000, delivered: 9000, failed: 600, inProgress: 2400 } }),
    );
    expect(cells('summary-total')).toBe('Total | 12.000');
    expect(cells('summary-delivered')).toBe('Entregues | 9.000 | 75%');
    expect(cells('summary-failed')).toBe('Com falha | 600 | 5%');
    expect(cells('summary-inProgress')).toBe('Em andamento | 2.400 | 20%');
    // A send has no outbox: no waiting or not-sent cards.
    expect(queryTestId('summary-waiting')).toBeNull();
    expect(queryTestId('summary-notSent')).toBeNull();

    const bar = byTestId('summary-progress');
    expect(bar.getAttribute('role')).toBe('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('9600');
    expect(bar.getAttribute('aria-valuemax')).toBe('12000');
    expect(bar.getAttribute('aria-valuetext')).toBe('9.600 / 12.000');
    expect(squash(bar.textContent)).toBe('75% entregues');
  });

  it('adds a campaign’s waiting and not-sent messages, in English too', async () => {
    installFakeBridge();
    await mountInApp(
      () =>
        h(DeliverySummary, {
          counts: { total: 1200, delivered: 700, failed: 20, inProgress: 280, waiting: 150, notSent: 50 },
        }),
      { locale: 'en' },
    );
    expect(cells('summary-waiting')).toBe('Waiting to send | 150 | 12.5%');
    expect(cells('summary-notSent')).toBe('Not sent | 50 | 4.2%');
    expect(cells('summary-total')).toBe('Total | 1,200');
  });

  it('shows 0% rather than dividing by zero for an empty send', async () => {
    installFakeBridge();
    await mountInApp(() =>
      h(DeliverySummary, { counts: { total: 0, delivered: 0, failed: 0, inProgress: 0 } }),
    );
    expect(cells('summary-delivered')).toBe('Entregues | 0 | 0%');
  });
});

describe('NumbersTable', () => {
  it('writes phones as people do, names the reason of a failure, and marks what is unknown', async () => {
    installFakeBridge();
    await mountInApp(() =>
      h(NumbersTable, {
        caption: 'Números',
        rows: [
          {
            key: 'a',
            phone: '+5511900000001',
            contactName: null,
            status: 'failed',
            code: 'invalid_number',
            reference: 'k7f2-0-0',
          },
          {
            key: 'b',
            phone: '+5511987650001',
            contactName: 'Conceição',
            status: 'failed',
            code: 'carrier_said_no',
            reference: null,
          },
        ],
      }),
    );
    expect(cells('number-+5511900000001')).toBe('(11) 90000-0001 | — | Falhou | Número inválido');
    // A code we have no words for is shown as the service gave it.
    expect(cells('number-+5511987650001')).toBe('(11) 98765-0001 | Conceição | Falhou | carrier_said_no');
  });

  it('shows the reference the service got only when asked: it is for matching with another system', async () => {
    installFakeBridge();
    await mountInApp(() =>
      h(NumbersTable, {
        caption: 'Números',
        rows: [
          {
            key: 'a',
            phone: '+5511900000001',
            contactName: 'Ana',
            status: 'delivered',
            code: null,
            reference: 'k7f2-0-0',
          },
        ],
      }),
    );
    const headings = () => [...document.querySelectorAll('th')].map((th) => squash(th.textContent));
    expect(headings()).toEqual(['Telefone', 'Contato', 'Situação', 'Motivo']);
    expect(document.body.textContent).not.toContain('k7f2-0-0');

    await click(
      byTestId('numbers-show-reference').querySelector<HTMLElement>('.n-checkbox') ??
        byTestId('numbers-show-reference'),
    );
    expect(headings()).toEqual(['Telefone', 'Contato', 'Situação', 'Motivo', 'Referência']);
    expect(cells('number-+5511900000001')).toBe('(11) 90000-0001 | Ana | Entregue | — | k7f2-0-0');
  });
});

describe('delivery chart data', () => {
  it('turns the series into three lines over time', () => {
    const lines = deliveryLines([
      { at: '2025-03-14T13:00:00.000Z', accepted: 0, delivered: 0, failed: 0 },
      { at: '2025-03-14T13:01:00.000Z', accepted: 5, delivered: 3, failed: 1 },
    ]);
    const t0 = Date.parse('2025-03-14T13:00:00.000Z');
    expect(lines).toEqual([
      {
        key: 'accepted',
        points: [
          { x: t0, y: 0 },
          { x: t0 + 60_000, y: 5 },
        ],
      },
      {
        key: 'delivered',
        points: [
          { x: t0, y: 0 },
          { x: t0 + 60_000, y: 3 },
        ],
      },
      {
        key: 'failed',
        points: [
          { x: t0, y: 0 },
          { x: t0 + 60_000, y: 1 },
        ],
      },
    ]);
  });

  it('labels ticks with the time within a day, the date beyond', () => {
    const at = new Date(2025, 2, 14, 13, 5, 9).getTime();
    expect(timeTick(at, 60 * 60 * 1000, 'pt-BR')).toBe('13:05');
    expect(timeTick(at, 60 * 1000, 'pt-BR')).toBe('13:05:09');
    expect(timeTick(at, 3 * 24 * 60 * 60 * 1000, 'pt-BR')).toBe('14/03, 13:05');
  });
});
