import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import WindowedTable from '@renderer/components/WindowedTable.vue';
import type { DataColumn } from '@renderer/components/data-table-column';
import { byTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

interface Person {
  id: string;
  name: string;
}

const COLUMNS: DataColumn<Person>[] = [
  { key: 'name', title: 'Nome', text: (p) => p.name },
  { key: 'id', title: 'Código', width: '120px', text: (p) => p.id },
];
const COUNT = 1_000_000;
/** Rows exist only where "loaded": the first 100 and the last 10. */
const rowAt = (index: number): Person | undefined =>
  index < 100 || index >= COUNT - 10 ? { id: `p${index}`, name: `Pessoa ${index}` } : undefined;
const cells = (row: Element) => [...row.children].map((cell) => squash(cell.textContent));

async function mountTable() {
  const events: { name: string; args: unknown[] }[] = [];
  const on =
    (name: string) =>
    (...args: unknown[]) =>
      events.push({ name, args });
  const Page = defineComponent({
    setup: () => () =>
      h(
        WindowedTable<Person>,
        {
          columns: COLUMNS,
          count: COUNT,
          rowAt,
          label: 'Pessoas',
          keysHint: 'Setas percorrem as pessoas.',
          testid: 'people',
          rowAttrs: (p: Person | undefined, index: number) => ({
            'data-testid': p ? `person-${index}` : 'loading',
          }),
          selected: (p: Person) => p.id === 'p1',
          openable: true,
          onRange: on('range'),
          onOpen: on('open'),
          onToggle: on('toggle'),
          onSelectAll: on('selectAll'),
        },
        { placeholder: () => 'Carregando…' },
      ),
  });
  mount(Page, { attachTo: document.body });
  await flushPromises();
  const grid = byTestId('people');
  const press = async (key: string, init: KeyboardEventInit = {}) => {
    grid.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init }));
    await flushPromises();
  };
  return { grid, events, press };
}

const bodyRows = (grid: HTMLElement) => [...grid.querySelectorAll('.wt__body [role="row"]')];

describe('WindowedTable: a million rows, a screenful of elements', () => {
  it('tells screen readers how many rows there are, and makes only those on screen', async () => {
    const { grid, events } = await mountTable();
    expect(grid.getAttribute('role')).toBe('grid');
    expect(grid.getAttribute('aria-label')).toBe('Pessoas');
    expect(grid.getAttribute('aria-rowcount')).toBe(String(COUNT + 1));
    expect(squash(document.getElementById(grid.getAttribute('aria-describedby')!)!.textContent)).toBe(
      'Setas percorrem as pessoas.',
    );
    expect([...grid.querySelectorAll('[role="columnheader"]')].map((c) => squash(c.textContent))).toEqual([
      'Nome',
      'Código',
    ]);
    const rows = bodyRows(grid);
    expect(rows.length).toBeLessThan(20);
    expect(rows[0]!.getAttribute('aria-rowindex')).toBe('2');
    expect(cells(rows[0]!)).toEqual(['Pessoa 0', 'p0']);
    expect(rows[1]!.getAttribute('aria-selected')).toBe('true');
    // The rows near the screen are asked for, not all of them.
    expect(events.find((e) => e.name === 'range')!.args).toEqual([0, rows.length + 20]);
  });

  it('End goes to the very last row; the arrows, Home, Enter, Space and Ctrl+A work from the keyboard', async () => {
    const { grid, events, press } = await mountTable();
    grid.focus();
    await press('End');
    const active = document.getElementById(grid.getAttribute('aria-activedescendant')!)!;
    expect(active.getAttribute('aria-rowindex')).toBe(String(COUNT + 1));
    expect(cells(active)).toEqual([`Pessoa ${COUNT - 1}`, `p${COUNT - 1}`]);

    await press('ArrowUp');
    await press('Enter');
    expect(events.at(-1)).toEqual({
      name: 'open',
      args: [{ id: `p${COUNT - 2}`, name: `Pessoa ${COUNT - 2}` }, COUNT - 2],
    });
    await press(' ');
    expect(events.at(-1)!.name).toBe('toggle');
    await press('a', { ctrlKey: true });
    expect(events.at(-1)!.name).toBe('selectAll');

    await press('Home');
    expect(
      document.getElementById(grid.getAttribute('aria-activedescendant')!)!.getAttribute('aria-rowindex'),
    ).toBe('2');
  });

  it('shows a placeholder for a row not loaded yet', async () => {
    const { grid, press } = await mountTable();
    grid.focus();
    await press('End');
    // Above the last rows loaded.
    for (let i = 0; i < 3; i++) await press('PageUp');
    const rows = bodyRows(grid);
    expect(rows.some((r) => r.getAttribute('data-testid') === 'loading')).toBe(true);
    expect(squash(grid.querySelector('[data-testid="loading"]')!.textContent)).toBe('Carregando…');
  });
});
