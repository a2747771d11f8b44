import { describe, expect, it, onTestFinished } from 'vitest';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { openDatabase } from '@core/db/open-database';
import { find, names, numberedRows, openRepo, row } from './repo-fixture';

/** A small address book with the accents, formats and shapes people have. */
function seeded() {
  const fx = openRepo();
  fx.repo.upsertMany(
    'default',
    [
      row('João da Silva', '+5511987654321', { email: 'joao.silva@gmail.com' }),
      row('Maria Conceição', '+5521912340123', { email: 'maria@empresa.com.br' }),
      row('ÁLVARO Gonçalves', '+5531999990000'),
      row('alice Souza', '+5511955554444', { email: 'alice.souza@hotmail.com' }),
      row('Ângela Müller', '+5585988887777'),
      row('Bruno Araújo', '+5511933332222'),
      row('', '+5547991112222'),
      row('Ann Lee', '+14155550123', { email: 'ann@example.com' }),
    ],
    'skip',
  );
  return fx;
}

describe('contacts search: what the user typed', () => {
  it('finds names without accents, in any case, as prefixes of any word', () => {
    const { repo } = seeded();
    expect(find(repo, 'joao')).toEqual(['João da Silva']);
    expect(find(repo, 'JOÃO')).toEqual(['João da Silva']);
    expect(find(repo, 'conceicao')).toEqual(['Maria Conceição']);
    expect(find(repo, 'conc')).toEqual(['Maria Conceição']);
    expect(find(repo, 'alvaro')).toEqual(['ÁLVARO Gonçalves']);
    expect(find(repo, 'goncal')).toEqual(['ÁLVARO Gonçalves']);
    expect(find(repo, 'angela muller')).toEqual(['Ângela Müller']);
    expect(find(repo, 'jo si')).toEqual(['João da Silva']);
    expect(find(repo, 'si jo')).toEqual(['João da Silva']);
    expect(find(repo, 'a')).toEqual([
      'alice Souza',
      'ÁLVARO Gonçalves',
      'Ângela Müller',
      'Ann Lee',
      'Bruno Araújo',
    ]);
  });

  it.each([
    ['(11) 98765'],
    ['(11) 98765-4321'],
    ['11987654321'],
    ['98765-43'],
    ['98765'],
    ['8765-4321'],
    ['+55 11 9876'],
    ['+55 (11) 98765-4321'],
    ['5511987654321'],
    ['011 98765-4321'],
    ['11 9 8765 4321'],
  ])('finds a phone typed as %j', (typed) => {
    const { repo } = seeded();
    expect(find(repo, typed)).toEqual(['João da Silva']);
  });

  it('finds a number whose last 8 digits start with 0, and another country\u2019s number', () => {
    const { repo } = seeded();
    expect(find(repo, '0123')).toEqual(['Maria Conceição']);
    expect(find(repo, '9 1234-0123')).toEqual(['Maria Conceição']);
    expect(find(repo, '+1 415 555')).toEqual(['Ann Lee']);
    expect(find(repo, '(415) 555-0123')).toEqual(['Ann Lee']);
  });

  it('finds e-mails by any part, and a name with a phone together', () => {
    const { repo } = seeded();
    expect(find(repo, 'joao.silva@gm')).toEqual(['João da Silva']);
    expect(find(repo, 'hotmail')).toEqual(['alice Souza']);
    expect(find(repo, 'empresa.com')).toEqual(['Maria Conceição']);
    expect(find(repo, 'joão 98765')).toEqual(['João da Silva']);
    expect(find(repo, 'maria 98765')).toEqual([]);
  });

  it('finds the digits in a name or e-mail typed alone, besides phones that start with them', () => {
    const fx = openRepo();
    fx.repo.upsertMany(
      'default',
      [
        row('Cliente 09999', '+5511980001111'),
        row('Loja 2024', '+5521912345678', { email: 'vendas2024@loja.com.br' }),
        row('Ana', '+5511909999000'),
      ],
      'skip',
    );
    expect(find(fx.repo, '09999')).toEqual(['Ana', 'Cliente 09999']);
    expect(find(fx.repo, '2024')).toEqual(['Loja 2024']);
    // With spaces it is a phone typed in parts: the name's digits do not count.
    expect(find(fx.repo, '0 9999')).toEqual(['Ana']);
  });

  it('orders by name without regard to case or accents, nameless contacts last', () => {
    const { repo } = seeded();
    expect(names(repo.search({ profile: 'default', offset: 0, limit: 50 }))).toEqual([
      'alice Souza',
      'ÁLVARO Gonçalves',
      'Ângela Müller',
      'Ann Lee',
      'Bruno Araújo',
      'João da Silva',
      'Maria Conceição',
      '',
    ]);
  });

  it.each([
    '"',
    '*',
    'AND(',
    'OR',
    'NOT',
    'NEAR(a b, 2)',
    'name:joao',
    '{name}:x',
    '^joao',
    '"joao',
    'jo*ao',
    "jo'ao",
    '(((',
    '-',
    '+',
    '+++',
    '\u0000',
    '🙂',
    'joão🙂silva',
    '\\',
    'a'.repeat(200),
    '9'.repeat(200),
    '   ',
    'AND OR NOT NEAR',
  ])('never throws on %j', (typed) => {
    const { repo } = seeded();
    expect(() => repo.search({ profile: 'default', query: typed, offset: 0, limit: 50 })).not.toThrow();
  });

  it('never throws on random text', () => {
    const { repo } = seeded();
    const alphabet = ' "*()^:+-{}[]\\\'.,;@#~`?!&|<>=/%$0123456789abcXYZãçÉ\u0301\u200b\ufeff🙂\t\n';
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let i = 0; i < 500; i++) {
      let typed = '';
      for (let n = Math.floor(random() * 12); n >= 0; n--)
        typed += [...alphabet][Math.floor(random() * [...alphabet].length)];
      expect(
        () => repo.search({ profile: 'default', query: typed, offset: 0, limit: 10 }),
        typed,
      ).not.toThrow();
    }
  });

  it('treats punctuation only as no search at all', () => {
    const { repo } = seeded();
    expect(repo.search({ profile: 'default', query: '"*()', offset: 0, limit: 50 }).total).toBe(8);
  });
});

describe('contacts search: filters, pages and profiles', () => {
  it('filters by list, alone and with a query', () => {
    const { repo } = seeded();
    const vip = repo.createList('default', 'VIP');
    const ids = repo
      .search({ profile: 'default', query: 'maria', offset: 0, limit: 10 })
      .rows.map((r) => r.id);
    const joao = repo.search({ profile: 'default', query: 'joao', offset: 0, limit: 10 }).rows[0]!.id;
    repo.addToList('default', vip.id, [...ids, joao]);
    expect(find(repo, '', { listId: vip.id })).toEqual(['João da Silva', 'Maria Conceição']);
    expect(find(repo, 'mar', { listId: vip.id })).toEqual(['Maria Conceição']);
    expect(find(repo, 'alice', { listId: vip.id })).toEqual([]);
    expect(find(repo, '', { listId: 'no-such-list' })).toEqual([]);
  });

  it('filters by opt-out', () => {
    const { repo } = seeded();
    repo.optOut('default', { phones: ['+5511987654321', '+5500000000000'] }, 'manual');
    expect(find(repo, '', { optedOut: true })).toEqual(['João da Silva']);
    expect(find(repo, 'jo', { optedOut: false })).toEqual([]);
    expect(find(repo, '', { optedOut: false })).toHaveLength(7);
  });

  it('pages in order with the total of all matches, and answers past the end with no rows', () => {
    const { repo } = openRepo();
    const rows = Array.from({ length: 450 }, (_, i) =>
      row(`Pessoa ${String(i).padStart(3, '0')}`, `+55119${String(10000000 + i)}`),
    );
    repo.upsertMany('default', rows, 'skip');
    const seen: string[] = [];
    for (let offset = 0; offset < 450; offset += 200) {
      const page = repo.search({ profile: 'default', offset, limit: 200 });
      expect(page.total).toBe(450);
      seen.push(...names(page));
    }
    expect(seen).toEqual(rows.map((r) => r.name));
    expect(repo.search({ profile: 'default', offset: 450, limit: 10 })).toEqual({ rows: [], total: 450 });
    expect(repo.search({ profile: 'default', query: 'pessoa 04', offset: 5, limit: 3 })).toMatchObject({
      total: 10,
    });
    expect(names(repo.search({ profile: 'default', query: 'pessoa 04', offset: 5, limit: 3 }))).toEqual([
      'Pessoa 045',
      'Pessoa 046',
      'Pessoa 047',
    ]);
  });

  it('gives the last pages in the same order as the first ones, people with the same name included', () => {
    const { repo } = openRepo();
    const rows = Array.from({ length: 301 }, (_, i) =>
      row(['Ana Lima', 'Bia Reis', 'Caio Sá'][i % 3]!, `+55119${String(20000000 + i)}`),
    );
    repo.upsertMany('default', rows, 'skip');
    const everyone = [0, 200].flatMap(
      (offset) => repo.search({ profile: 'default', offset, limit: 200 }).rows,
    );
    const phones = everyone.map((c) => c.phone);
    // Pages of 7 from anywhere, the end (read backwards) included, agree with reading from the start.
    for (const offset of [0, 143, 150, 151, 160, 290, 294, 295, 300]) {
      const page = repo.search({ profile: 'default', offset, limit: 7 });
      expect(page.total).toBe(301);
      expect(page.rows.map((c) => c.phone)).toEqual(phones.slice(offset, offset + 7));
    }
  });

  it('gives the same pages whether most or few contacts match (both plans)', () => {
    const { repo } = openRepo();
    const first = ['Ana', 'Bia', 'Caio', 'Davi', 'Eva', 'Ana Maria', 'Anabela'];
    const rows = Array.from({ length: 1200 }, (_, i) =>
      row(
        `${first[i % first.length]} ${['Silva', 'Souza', 'Lima'][i % 3]} ${i}`,
        `+55219${String(80000000 + i)}`,
      ),
    );
    repo.upsertMany('default', rows, 'skip');
    const all = repo.search({ profile: 'default', offset: 0, limit: 200 }).total;
    expect(all).toBe(1200);
    const everyone: string[] = [];
    for (let offset = 0; offset < all; offset += 200) {
      everyone.push(...names(repo.search({ profile: 'default', offset, limit: 200 })));
    }
    for (const query of ['s', 'silva', 'ana', 'anab', 'lima 11', 'eva souza']) {
      const words = query.split(' ');
      const expected = everyone.filter((name) => {
        const tokens = name.toLowerCase().split(' ');
        return words.every((w) => tokens.some((t) => t.startsWith(w)));
      });
      for (const [offset, limit] of [
        [0, 50],
        [0, 200],
        [37, 13],
        [150, 200],
        [expected.length - 1, 5],
      ] as const) {
        const page = repo.search({ profile: 'default', query, offset: Math.max(0, offset), limit });
        expect(page.total, query).toBe(expected.length);
        expect(names(page), `${query} @${offset}`).toEqual(
          expected.slice(Math.max(0, offset), offset + limit),
        );
      }
    }
  });

  it('finds the page when the matches come late in name order (the first names and the walk fall short)', () => {
    const { repo } = openRepo();
    const rows = [
      ...Array.from({ length: 7000 }, (_, i) =>
        row(`Abel ${String(i).padStart(4, '0')}`, `+55319${String(80000000 + i)}`),
      ),
      ...Array.from({ length: 3000 }, (_, i) =>
        row(`Zé ${String(i).padStart(4, '0')} Abel`, `+55319${String(90000000 + i)}`),
      ),
    ];
    repo.upsertMany('default', rows, 'skip');
    const page = (query: string, offset: number, limit: number) => {
      const result = repo.search({ profile: 'default', query, offset, limit });
      return [result.total, names(result)];
    };
    const expected = (from: number, count: number) => rows.slice(from, from + count).map((r) => r.name);
    // Every contact matches: the first page is among the first names; a deep page is a short walk.
    expect(page('abel', 0, 3)).toEqual([10000, expected(0, 3)]);
    expect(page('abel', 6000, 100)).toEqual([10000, expected(6000, 100)]);
    // Matches only after the first names: the first pages, and a deep page, sort.
    expect(page('ze', 100, 50)).toEqual([3000, expected(7100, 50)]);
    expect(page('ze', 300, 50)).toEqual([3000, expected(7300, 50)]);
    expect(page('abel', 9998, 5)).toEqual([10000, expected(9998, 2)]);
  });

  it('refuses a page of more than 200 rows or a negative offset', () => {
    const { repo } = seeded();
    expect(() => repo.search({ profile: 'default', offset: 0, limit: 201 })).toThrow(RangeError);
    expect(() => repo.search({ profile: 'default', offset: 0, limit: 0 })).toThrow(RangeError);
    expect(() => repo.search({ profile: 'default', offset: -1, limit: 10 })).toThrow(RangeError);
  });

  it('keeps each profile\u2019s contacts to itself (the demo never shows in the account)', () => {
    const { repo } = seeded();
    repo.create('demo', { name: 'João Demo', phone: '+5511987654321' });
    expect(find(repo, 'joao')).toEqual(['João da Silva']);
    expect(names(repo.search({ profile: 'demo', query: 'joao', offset: 0, limit: 10 }))).toEqual([
      'João Demo',
    ]);
    expect(repo.search({ profile: 'demo', offset: 0, limit: 10 }).total).toBe(1);
    expect(repo.search({ profile: 'default', offset: 0, limit: 10 }).total).toBe(8);
    expect(repo.search({ profile: 'nobody', query: 'a', offset: 0, limit: 10 }).total).toBe(0);
  });

  it('counts everyone right after each change, this connection’s or another’s', () => {
    const { db, repo } = seeded();
    const total = () => repo.search({ profile: 'default', offset: 0, limit: 1 }).total;
    expect(total()).toBe(8);
    const added = repo.create('default', { name: 'Nova Pessoa', phone: '+5511900000009' });
    expect(total()).toBe(9);
    const deleted = repo.delete('default', [added.id]);
    expect(total()).toBe(8);
    repo.undoDelete('default', deleted.undoToken);
    expect(total()).toBe(9);
    const other = openDatabase(db.name);
    onTestFinished(() => {
      other.close();
    });
    createContactsRepo(other).upsertMany('default', numberedRows('Lote', 5), 'skip');
    expect(total()).toBe(14);
  });

  it('keeps profiles apart after another repo or another connection adds contacts elsewhere', () => {
    const { db, repo } = seeded();
    expect(find(repo, 'an')).toEqual(['Ângela Müller', 'Ann Lee']);
    createContactsRepo(db).create('demo', { name: 'Ana Demo', phone: '+5511900000001' });
    expect(find(repo, 'an')).toEqual(['Ângela Müller', 'Ann Lee']);
    const other = openDatabase(db.name);
    onTestFinished(() => {
      other.close();
    });
    createContactsRepo(other).create('shop-b', { name: 'Ana Loja B', phone: '+5511900000002' });
    expect(find(repo, 'an')).toEqual(['Ângela Müller', 'Ann Lee']);
    expect(names(repo.search({ profile: 'shop-b', query: 'an', offset: 0, limit: 10 }))).toEqual([
      'Ana Loja B',
    ]);
  });
});
