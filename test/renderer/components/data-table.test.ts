import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import DataTable from '@renderer/components/DataTable.vue';
import type { DataColumn } from '@renderer/components/data-table-column';
import { byTestId, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

interface Fruit {
  id: string;
  name: string;
  count: number;
}

const FRUITS: Fruit[] = [
  { id: 'a', name: 'Acerola', count: 12 },
  { id: 'c', name: 'Caju', count: 3 },
];

const COLUMNS: DataColumn<Fruit>[] = [
  { key: 'name', title: 'Fruta', rowHeader: true, colspan: (fruit) => (fruit.id === 'c' ? 2 : 1) },
  { key: 'count', title: 'Quantidade', align: 'right', width: '120px', text: (fruit) => fruit.count },
  { key: 'actions', title: 'Ações', hideTitle: true },
];

async function mountTable(rows: Fruit[], slots: Record<string, (scope: never) => unknown> = {}) {
  const Page = defineComponent({
    setup: () => () =>
      h(
        DataTable<Fruit>,
        {
          columns: COLUMNS,
          rows,
          rowKey: (fruit: Fruit) => fruit.id,
          rowAttrs: (fruit: Fruit) => ({ 'data-testid': `fruit-${fruit.id}` }),
          caption: 'Frutas da feira',
          testid: 'fruits',
        },
        slots,
      ),
  });
  mount(Page, { attachTo: document.body });
  await flushPromises();
}

describe('DataTable', () => {
  it('names itself with its caption and each column with a header cell of scope col', async () => {
    await mountTable(FRUITS);
    const table = byTestId('fruits');
    expect(table.tagName).toBe('TABLE');
    expect(squash(table.querySelector('caption')!.textContent)).toBe('Frutas da feira');
    const heads = [...table.querySelectorAll('thead th')];
    expect(heads.map((th) => th.getAttribute('scope'))).toEqual(['col', 'col', 'col']);
    expect(heads.map((th) => squash(th.textContent))).toEqual(['Fruta', 'Quantidade', 'Ações']);
    // A column of buttons has its name for screen readers only.
    expect(heads[2]!.querySelector('.visually-hidden')).not.toBeNull();
    expect((heads[1] as HTMLElement).style.width).toBe('120px');
  });

  it('draws each row from its slots or its text, with the attributes and spans it is given', async () => {
    await mountTable(FRUITS, {
      'cell-name': ({ row }: { row: Fruit }) => h('strong', row.name),
      'cell-actions': ({ row }: { row: Fruit }) => h('button', `Remover ${row.name}`),
    });
    const acerola = byTestId('fruit-a');
    const cells = [...acerola.children];
    expect(cells.map((cell) => cell.tagName)).toEqual(['TH', 'TD', 'TD']);
    expect(cells[0]!.getAttribute('scope')).toBe('row');
    expect(cells.map((cell) => squash(cell.textContent))).toEqual(['Acerola', '12', 'Remover Acerola']);

    // Caju's name takes the count's place too.
    const caju = [...byTestId('fruit-c').children];
    expect(caju).toHaveLength(2);
    expect(caju[0]!.getAttribute('colspan')).toBe('2');
  });

  it('shows its #empty slot instead of the table when there are no rows', async () => {
    await mountTable([], { empty: () => h('p', { 'data-testid': 'no-fruit' }, 'Nenhuma fruta.') });
    expect(queryTestId('fruits')).toBeNull();
    expect(squash(byTestId('no-fruit').textContent)).toBe('Nenhuma fruta.');
  });
});
