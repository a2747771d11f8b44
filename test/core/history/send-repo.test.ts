/** The kept copy of a send, written by reads that come again and again (a real SQLite file). */
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { SendDetail } from '@core/api/wire-schemas';
import { openDatabase } from '@core/db/open-database';
import { outcomeOfWord } from '@core/history/number-outcome';
import { createSendRepo, type FetchedNumber } from '@core/history/send-repo';
import { tempDir } from '../../support/temp-dir';

function repo() {
  const db = openDatabase(path.join(tempDir(), 'torpedo.db'));
  onTestFinished(() => {
    db.close();
  });
  return { db, sends: createSendRepo(db) };
}

const number = (phone: string, status: string, code: string | null = null): FetchedNumber => ({
  id: `m-${phone}`,
  phone,
  status,
  code,
  outcome: outcomeOfWord(status),
  cost: 0.09,
});

function detail(numbers: FetchedNumber[]): SendDetail {
  const delivered = numbers.filter((n) => n.status === 'delivered').length;
  const failed = numbers.filter((n) => n.status === 'failed').length;
  return {
    id: 'send-1',
    quantity: numbers.length,
    characters: 10,
    date: null,
    total: numbers.length,
    cost: 0.09 * numbers.length,
    user: 'Loja',
    status: 'sending',
    type: 'Padrão',
    summary: {
      total: numbers.length,
      delivered,
      failed,
      inProgress: numbers.length - delivered - failed,
      done: delivered + failed === numbers.length,
    },
    phones: numbers.map((n) => ({
      ...n,
      characters: 10,
      cost: 0.09,
      message: 'Oi',
      template: null,
      created_at: '2025-03-14T13:00:00.000Z',
    })),
  };
}

const A = '+5511987650001';
const B = '+5511987650002';

describe('send repo', () => {
  it('keeps what the last read said, and tells whether anything a user sees changed', () => {
    const { sends } = repo();
    const first = [number(A, 'queued'), number(B, 'queued')];
    expect(sends.saveDetail('default', detail(first), first, '2025-03-14T13:00:01.000Z')).toBe(true);
    expect(sends.saveDetail('default', detail(first), first, '2025-03-14T13:00:02.000Z')).toBe(false);
    const later = [number(A, 'delivered'), number(B, 'failed', 'undelivered')];
    expect(sends.saveDetail('default', detail(later), later, '2025-03-14T13:00:09.000Z')).toBe(true);
    const send = sends.get('default', 'send-1')!;
    expect(send).toMatchObject({
      delivered: 1,
      failed: 1,
      in_progress: 0,
      done: 1,
      detail_at: '2025-03-14T13:00:09.000Z',
    });
    expect(sends.numbers(send, 'failed', 0, 10)).toEqual({
      rows: [
        {
          position: 1,
          id: `m-${B}`,
          phone: B,
          status: 'failed',
          outcome: 'failed',
          code: 'undelivered',
          cost: 0.09,
        },
      ],
      total: 1,
    });
  });

  it('records the counts only when a read finds them changed (the delivery chart’s points)', () => {
    const { db, sends } = repo();
    const queued = [number(A, 'queued'), number(B, 'queued')];
    const half = [number(A, 'delivered'), number(B, 'sent')];
    sends.saveDetail('default', detail(queued), queued, '2025-03-14T13:00:01.000Z');
    sends.saveDetail('default', detail(queued), queued, '2025-03-14T13:00:02.000Z');
    sends.saveDetail('default', detail(half), half, '2025-03-14T13:00:03.000Z');
    sends.saveDetail('default', detail(half), half, '2025-03-14T13:00:04.000Z');
    expect(db.prepare('SELECT at, delivered, failed FROM history_progress ORDER BY at').all()).toEqual([
      { at: '2025-03-14T13:00:01.000Z', delivered: 0, failed: 0 },
      { at: '2025-03-14T13:00:03.000Z', delivered: 1, failed: 0 },
    ]);
  });

  it('takes the numbers in a new order, a repeated phone, and a send that shrank', () => {
    const { sends } = repo();
    const first = [number(A, 'queued'), number(B, 'queued'), number(A, 'queued')];
    sends.saveDetail('default', detail(first), first, '2025-03-14T13:00:01.000Z');
    const reordered = [number(B, 'delivered'), number(A, 'delivered')];
    sends.saveDetail('default', detail(reordered), reordered, '2025-03-14T13:00:02.000Z');
    const send = sends.get('default', 'send-1')!;
    expect(sends.numbers(send, null, 0, 10).rows.map((r) => [r.position, r.phone, r.outcome])).toEqual([
      [0, B, 'delivered'],
      [1, A, 'delivered'],
    ]);
  });

  it('counts by the service’s summary, never by the words: a word it does not know is not "failed"', () => {
    const { sends } = repo();
    const moving = [number(A, 'delivered'), number(B, 'pending_carrier')];
    sends.saveDetail('default', detail(moving), moving, '2025-03-14T13:00:01.000Z');
    expect(sends.numbers(sends.get('default', 'send-1')!, 'in_progress', 0, 10).total).toBe(1);
    const done = {
      ...detail(moving),
      summary: { total: 2, delivered: 1, failed: 1, inProgress: 0, done: true },
    };
    sends.saveDetail('default', done, moving, '2025-03-14T13:00:09.000Z');
    const send = sends.get('default', 'send-1')!;
    expect(send).toMatchObject({ delivered: 1, failed: 1, in_progress: 0, done: 1 });
    // The word alone does not make it a failure (send-history asks the service's filter for that).
    expect(sends.numbers(send, 'failed', 0, 10).total).toBe(0);
  });

  it('makes the counts from the numbers when the service leaves the summary out', () => {
    const { sends } = repo();
    const words = [number(A, 'entregue'), number(B, 'em andamento')];
    sends.saveDetail('default', { ...detail(words), summary: null }, words, '2025-03-14T13:00:01.000Z');
    expect(sends.get('default', 'send-1')).toMatchObject({
      delivered: 1,
      failed: 0,
      in_progress: 1,
      done: 0,
    });
  });
});
