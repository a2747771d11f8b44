import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { h } from 'vue';
import DeliverySummary from '@renderer/components/history/DeliverySummary.vue';
import NumbersTable, { type NumberRowView } from '@renderer/components/history/NumbersTable.vue';
import { deliveryLines, tickLabel, timeAxis } from '@renderer/components/history/delivery-chart-data';
import { installFakeBridge } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

/** The texts of an element's cells (dt/dd or td), one by one. */
const cells = (id: string) =>
  [...byTestId(id).querySelectorAll('dt, dd, td, [role="gridcell"]')]
    .map((cell) => squash(cell.textContent))
    .join(' | ');

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
  async function mountNumbers(rows: NumberRowView[]): Promise<void> {
    installFakeBridge();
    await mountInApp(() =>
      h(NumbersTable, { caption: 'Números', count: rows.length, rowAt: (i: number) => rows[i] }),
    );
  }

  it('writes phones as people do, names the reason of a failure, and marks what is unknown', async () => {
    await mountNumbers([
      {
        phone: '+5511900000001',
        contactName: null,
        status: 'failed',
        code: 'invalid_number',
        reference: 'k7f2-0-0',
      },
      {
        phone: '+5511987650001',
        contactName: 'Conceição',
        status: 'failed',
        code: 'carrier_said_no',
        reference: null,
      },
    ]);
    expect(cells('number-+5511900000001')).toBe('(11) 90000-0001 | — | Falhou | Número inválido');
    // A code we have no words for is shown as the service gave it.
    expect(cells('number-+5511987650001')).toBe('(11) 98765-0001 | Conceição | Falhou | carrier_said_no');
  });

  it('shows the reference the service got only when asked: it is for matching with another system', async () => {
    await mountNumbers([
      {
        phone: '+5511900000001',
        contactName: 'Ana',
        status: 'delivered',
        code: null,
        reference: 'k7f2-0-0',
      },
    ]);
    const headings = () =>
      [...document.querySelectorAll('[role="columnheader"]')].map((th) => squash(th.textContent));
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
  // 13:00Z is 10:00 in Brasília.
  const at = (iso: string) => Date.parse(iso);

  it('draws delivered and failed so far, nothing else', () => {
    const lines = deliveryLines([
      { at: '2025-03-14T13:00:00.000Z', accepted: 0, delivered: 0, failed: 0 },
      { at: '2025-03-14T13:01:00.000Z', accepted: 5, delivered: 3, failed: 1 },
    ]);
    const t0 = at('2025-03-14T13:00:00.000Z');
    expect(lines).toEqual([
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

  it('reads a campaign delivered within seconds on whole minutes of Brasília time, not seconds', () => {
    const axis = timeAxis(at('2025-03-14T13:05:35.000Z'), at('2025-03-14T13:05:50.000Z'));
    expect(axis.ticks.map((tick) => tickLabel(tick, axis, 'pt-BR'))).toEqual(['10:05', '10:06']);
    expect(axis.oneDay).toBe(true);
  });

  it('picks a step a person counts in, at most eight ticks', () => {
    const hours = timeAxis(at('2025-03-14T13:02:00.000Z'), at('2025-03-14T16:40:00.000Z'));
    // 10:02 to 13:40 in Brasília: half hours, from 10:00 to 14:00 (eight steps).
    expect(hours.ticks.map((tick) => tickLabel(tick, hours, 'en'))).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
    ]);
    expect(hours.step).toBe(30 * 60_000);
  });

  it('puts the day in each tick across days, and counts whole days from midnight in Brasília', () => {
    const days = timeAxis(at('2025-03-14T13:00:00.000Z'), at('2025-03-18T20:00:00.000Z'));
    expect(days.oneDay).toBe(false);
    expect(days.ticks.map((tick) => tickLabel(tick, days, 'pt-BR'))).toEqual([
      '14/03',
      '15/03',
      '16/03',
      '17/03',
      '18/03',
      '19/03',
    ]);
    const twoDays = timeAxis(at('2025-03-14T20:00:00.000Z'), at('2025-03-15T09:00:00.000Z'));
    expect(tickLabel(twoDays.ticks[1]!, twoDays, 'pt-BR')).toBe('14/03 18:00');
  });
});
