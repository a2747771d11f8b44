import { describe, expect, it } from 'vitest';
import { find, openRepo, row } from './repo-fixture';

describe('opt-outs', () => {
  it('opts numbers out by phone or by contact, keeping the first date and source', () => {
    const fx = openRepo();
    const ana = fx.repo.create('default', { name: 'Ana', phone: '11987654321' });
    expect(fx.repo.optOut('default', { contactIds: [ana.id] }, 'contact', 'asked by phone')).toEqual({
      added: 1,
      already: 0,
    });
    fx.advance(60_000);
    expect(fx.repo.optOut('default', { phones: ['+5511987654321', '+5521912345678'] }, 'manual')).toEqual({
      added: 1,
      already: 1,
    });
    expect(fx.repo.get('default', ana.id)?.optedOut).toBe(true);
    expect(fx.repo.isOptedOut('default', '+5511987654321')).toBe(true);
    expect(fx.repo.isOptedOut('demo', '+5511987654321')).toBe(false);
    expect(fx.repo.listOptOuts('default', { offset: 0, limit: 10 })).toEqual({
      total: 2,
      rows: [
        {
          phone: '+5521912345678',
          source: 'manual',
          note: null,
          createdAt: '2024-05-01T12:01:00.000Z',
          contact: null,
        },
        {
          phone: '+5511987654321',
          source: 'contact',
          note: 'asked by phone',
          createdAt: '2024-05-01T12:00:00.000Z',
          contact: { id: ana.id, name: 'Ana' },
        },
      ],
    });
  });

  it('holds for the number when the contact is deleted and comes back (created or imported)', () => {
    const fx = openRepo({ undoWindowMs: 1000 });
    const ana = fx.repo.create('default', { name: 'Ana', phone: '11987654321' });
    fx.repo.optOut('default', { contactIds: [ana.id] }, 'contact');
    fx.repo.delete('default', [ana.id]);
    fx.advance(2000);
    fx.repo.purgeExpired();
    expect(fx.repo.isOptedOut('default', '+5511987654321')).toBe(true);

    const again = fx.repo.create('default', { name: 'Ana de novo', phone: '(11) 98765-4321' });
    expect(again.optedOut).toBe(true);
    expect(find(fx.repo, '', { optedOut: true })).toEqual(['Ana de novo']);

    fx.repo.delete('default', [again.id]);
    fx.repo.upsertMany('default', [row('Ana importada', '+5511987654321')], 'update');
    expect(find(fx.repo, 'ana')).toEqual(['Ana importada']);
    expect(find(fx.repo, '', { optedOut: true })).toEqual(['Ana importada']);
  });

  it('removes opt-outs, and the contact can receive messages again', () => {
    const fx = openRepo();
    fx.repo.create('default', { name: 'Ana', phone: '11987654321' });
    fx.repo.optOut('default', { phones: ['+5511987654321'] }, 'reply', 'SAIR');
    expect(fx.repo.removeOptOut('default', ['+5511987654321', '+5500000000000'])).toBe(1);
    expect(find(fx.repo, '', { optedOut: true })).toEqual([]);
    expect(find(fx.repo, '', { optedOut: false })).toEqual(['Ana']);
  });

  it('pages the list newest first, and filters it by digits', () => {
    const fx = openRepo();
    for (let i = 0; i < 25; i++) {
      fx.repo.optOut('default', { phones: [`+55119876543${String(i).padStart(2, '0')}`] }, 'import');
      fx.advance(1000);
    }
    const first = fx.repo.listOptOuts('default', { offset: 0, limit: 10 });
    expect(first.total).toBe(25);
    expect(first.rows.map((r) => r.phone.slice(-2))).toEqual([
      '24',
      '23',
      '22',
      '21',
      '20',
      '19',
      '18',
      '17',
      '16',
      '15',
    ]);
    expect(fx.repo.listOptOuts('default', { offset: 20, limit: 10 }).rows).toHaveLength(5);
    expect(
      fx.repo
        .listOptOuts('default', { offset: 0, limit: 10, query: '(11) 98765-4321' })
        .rows.map((r) => r.phone),
    ).toEqual(['+5511987654321']);
    expect(fx.repo.listOptOuts('default', { offset: 0, limit: 10, query: '65432' }).total).toBe(5);
    expect(fx.repo.listOptOuts('demo', { offset: 0, limit: 10 }).total).toBe(0);
  });
});
