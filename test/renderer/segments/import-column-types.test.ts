import { describe, expect, it } from 'vitest';
import { chooseRole, choicesOf, mappingOf } from '@renderer/composables/contacts/import-mapping';

// The import's columns carry their type to the core: a date column imported in the window is a date a segment can ask "in the last 30 days" of.
describe('a custom column’s type in the import mapping', () => {
  const headers = ['Nome', 'Celular', 'Cidade', 'Última compra', 'Total'];
  const types = [
    { type: 'text' as const },
    { type: 'text' as const },
    { type: 'text' as const },
    { type: 'date' as const, dayOrder: 'dmy' as const },
    { type: 'number' as const },
  ];

  it('starts as the values suggest, and goes back to the core with the mapping', () => {
    const choices = choicesOf(
      {
        name: 0,
        phone: 1,
        custom: [
          { column: 2, field: 'cidade' },
          { column: 3, field: 'ultima_compra' },
        ],
      },
      headers,
      types,
    );
    expect(choices[3]).toEqual({ role: 'custom', field: 'ultima_compra', type: 'date', dayOrder: 'dmy' });
    // A column made custom by hand takes its detected type too.
    const more = chooseRole(choices, 4, 'custom', 'Total', types);
    expect(mappingOf(more).custom).toEqual([
      { column: 2, field: 'cidade', type: 'text' },
      { column: 3, field: 'ultima_compra', type: 'date', dayOrder: 'dmy' },
      { column: 4, field: 'total', type: 'number' },
    ]);
  });

  it('keeps the type the owner chose over the one detected', () => {
    const choices = choicesOf(
      { phone: 1, custom: [{ column: 3, field: 'ultima_compra', type: 'text' }] },
      headers,
      types,
    );
    expect(mappingOf(choices).custom).toEqual([{ column: 3, field: 'ultima_compra', type: 'text' }]);
  });
});
