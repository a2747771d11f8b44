import { describe, expect, it } from 'vitest';
import type { SavedSegmentView, SegmentCountView, SegmentFieldView } from '@shared/dto/segments';
import type { ContactsPageView, ListView } from '@shared/dto';
import type { SegmentDefinition } from '@shared/segments/segment-model';
import { failed, ok, shopCore } from './segment-fixture';

describe('a shop sheet imported with typed columns', () => {
  it('offers each column’s type, refuses an impossible date with its reason, keeps typed values in one form', async () => {
    const { core, plan, opened } = await shopCore();
    const { preview } = opened;
    expect(preview.columnTypes).toEqual([
      { type: 'text' },
      { type: 'number' },
      { type: 'text' },
      { type: 'text' },
      { type: 'date', dayOrder: 'dmy' },
      { type: 'number' },
    ]);
    expect(preview.mapping.custom).toEqual([
      { column: 3, field: 'cidade' },
      { column: 4, field: 'ultima_compra', type: 'date', dayOrder: 'dmy' },
      { column: 5, field: 'total_gasto', type: 'number' },
    ]);
    expect(plan.counts.invalid).toBe(1);
    expect(plan.rejectedSample.items[0]).toMatchObject({ line: 6, reason: 'date_impossible' });
    expect(plan.rejectedSample.items[0]!.message).toContain('31/02/2026');
    const page = ok<ContactsPageView>(await core.dispatch('contacts:search', { limit: 10 }));
    const bia = page.rows.find((r) => r.name === 'Bia')!;
    const caio = page.rows.find((r) => r.name === 'Caio')!;
    expect(bia.fields).toEqual({ cidade: 'São Paulo', ultima_compra: '01/01/2025', total_gasto: '1234,5' });
    expect(caio.fields.ultima_compra).toBe('20/04/2026');
    const fields = ok<SegmentFieldView[]>(await core.dispatch('segments:fields', {}));
    expect(fields.filter((f) => !f.field.startsWith('@'))).toEqual([
      { field: 'cidade', kind: 'text', name: 'cidade' },
      { field: 'total_gasto', kind: 'number', name: 'total_gasto' },
      { field: 'ultima_compra', kind: 'date', name: 'ultima_compra' },
    ]);
  });
});

describe('segments, counted from the contacts’ indexes', () => {
  it('reads and counts every example of the issue, in Portuguese and English names', async () => {
    const { core } = await shopCore();
    const vip = ok<ListView>(await core.dispatch('lists:create', { name: 'Clientes VIP' }));
    const page = ok<ContactsPageView>(await core.dispatch('contacts:search', { limit: 10 }));
    const idOf = (name: string) => page.rows.find((r) => r.name === name)!.id;
    ok(await core.dispatch('contacts:addToList', { listId: vip.id, ids: [idOf('Ana'), idOf('Davi')] }));

    const count = async (where: string[], match: 'all' | 'any' = 'all') => {
      const definition = ok<SegmentDefinition>(await core.dispatch('segments:read', { where, match }));
      return ok<SegmentCountView>(await core.dispatch('segments:count', definition)).contacts;
    };
    const cases: [string, number][] = [
      ['cidade = Recife', 3],
      ['cidade != Recife', 2],
      ['cidade contains rec', 3],
      ['email empty', 3],
      ['email not-empty', 2],
      ['ddd = 11', 2],
      ['uf = PE', 2],
      ['lista = "Clientes VIP"', 2],
      ['ultima_compra before 2026-06-01', 4],
      ['ultima_compra before 01/06/2026', 4],
      ['ultima_compra in-last 90d', 3],
      ['total_gasto > 500', 2],
      ['ultima_compra month = 3', 1],
      ['nome contains fab', 1],
      ['telefone = (11) 98765-0003', 1],
      ['state = CE', 1],
      ['list != "Clientes VIP"', 3],
      ['total_gasto <= 500', 2],
      ['ultima_compra between 01/04/2026 and 10/05/2026', 2],
      ['cadastro after 01/01/2000', 5],
      ['cadastro before 01/01/2000', 0],
      ['descadastrado = não', 5],
      ['ultimo_envio empty', 5],
    ];
    for (const [where, expected] of cases) expect([where, await count([where])]).toEqual([where, expected]);
    expect(await count(['cidade = Recife', 'ultima_compra in-last 90d'])).toBe(3);
    expect(await count(['cidade = Recife', 'total_gasto > 100'])).toBe(2);
    expect(await count(['ddd = 11', 'uf = PE'], 'any')).toBe(4);
    expect(await count(['cidade != Recife', 'email empty'], 'any')).toBe(3);
    expect(await count(['cidade != Recife', 'email empty'])).toBe(2);
  });

  it('refuses an unknown field, an operator that does not fit its type and a bad value, naming them', async () => {
    const { core } = await shopCore();
    const read = async (where: string) => failed(await core.dispatch('segments:read', { where: [where] }));
    expect(await read('bairro = Centro')).toMatchObject({
      code: 'invalid_input',
      details: { reason: 'unknown_field', params: { field: 'bairro' } },
    });
    expect(await read('total_gasto contains 5')).toMatchObject({
      details: { reason: 'operator', params: { field: 'total_gasto', op: 'contains', kind: 'number' } },
    });
    expect(await read('ultima_compra before 31/02/2026')).toMatchObject({ details: { reason: 'value' } });
    expect(await read('lista = Fantasma')).toMatchObject({
      code: 'not_found',
      details: { params: { what: 'list' } },
    });
    expect(
      failed(
        await core.dispatch('segments:count', {
          match: 'all',
          conditions: [{ field: 'cidade', op: 'gt', value: '1' }],
        }),
      ),
    ).toMatchObject({ details: { reason: 'operator' } });
  });

  it('saves, lists, renames, counts by id; leaves opted-out numbers out of the recipients; exports and fills a list', async () => {
    const { core, host } = await shopCore();
    const definition = ok<SegmentDefinition>(
      await core.dispatch('segments:read', { where: ['cidade = Recife', 'ultima_compra in-last 90d'] }),
    );
    const saved = ok<SavedSegmentView>(
      await core.dispatch('segments:create', { name: 'Recife recentes', ...definition }),
    );
    expect(saved.conditions).toEqual([
      { field: 'cidade', op: 'eq', value: 'Recife' },
      { field: 'ultima_compra', op: 'in-last', value: '90' },
    ]);
    expect(
      failed(await core.dispatch('segments:create', { name: 'RECIFE Recentes', ...definition })),
    ).toMatchObject({
      details: { reason: 'name_taken' },
    });
    const ana = ok<ContactsPageView>(await core.dispatch('contacts:search', { query: 'Ana', limit: 1 }))
      .rows[0]!;
    ok(await core.dispatch('contacts:optOut', { ids: [ana.id] }));
    expect(ok(await core.dispatch('segments:count', { id: saved.id }))).toEqual({
      contacts: 3,
      optedOut: 1,
      landlines: 0,
      recipients: 2,
    });

    const renamed = ok<SavedSegmentView>(
      await core.dispatch('segments:update', { id: saved.id, name: 'Recife, 90 dias' }),
    );
    expect(renamed.name).toBe('Recife, 90 dias');
    expect(ok<SavedSegmentView[]>(await core.dispatch('segments:list', {})).map((s) => s.name)).toEqual([
      'Recife, 90 dias',
    ]);

    const exported = ok<{ saved: boolean; count: number }>(
      await core.dispatch('segments:export', { id: saved.id }),
    );
    expect(exported).toMatchObject({ saved: true, count: 3 });
    const csv = host.savedFiles[0]!;
    expect(csv.suggestedName).toBe('Recife, 90 dias.csv');
    expect(csv.content.split('\r\n')).toEqual([
      '\uFEFFnome;telefone;email;cidade;total_gasto;ultima_compra',
      'Ana;+5581987650001;ana@x.com;Recife;500;15/03/2026',
      'Caio;+5511987650003;caio@x.com;RECIFE;50;20/04/2026',
      'Fábio;+5585987650006;;Recífe;700;10/05/2026',
      '',
    ]);
    const joined = ok<{ list: { name: string }; added: number; contacts: number }>(
      await core.dispatch('segments:addToList', { id: saved.id, listName: 'Recife' }),
    );
    expect(joined).toMatchObject({ list: { name: 'Recife' }, added: 3, contacts: 3 });
    expect(ok(await core.dispatch('segments:delete', { id: saved.id }))).toEqual({ deleted: true });
    expect(failed(await core.dispatch('segments:count', { id: saved.id })).code).toBe('not_found');
  });
});
