import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { NSelect } from 'naive-ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedSegmentView, SegmentFieldView } from '@shared/dto';
import type { SegmentDefinition } from '@shared/segments/segment-model';
import { COUNT_DEBOUNCE_MS } from '@renderer/stores/segments/use-segment-builder-store';
import SegmentsView from '@renderer/views/contacts/SegmentsView.vue';
import { type FakeBridge, installFakeBridge, ok, sampleList } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);
vi.setConfig({ testTimeout: 20_000 });

const FIELDS: SegmentFieldView[] = [
  { field: '@name', kind: 'text', name: 'nome' },
  { field: '@phone', kind: 'phone', name: 'telefone' },
  { field: '@ddd', kind: 'ddd', name: 'ddd' },
  { field: '@list', kind: 'list', name: 'lista' },
  { field: 'cidade', kind: 'text', name: 'cidade' },
  { field: 'ultima_compra', kind: 'date', name: 'ultima_compra' },
  { field: 'total_gasto', kind: 'number', name: 'total_gasto' },
];

const saved = (over: Partial<SavedSegmentView> = {}): SavedSegmentView => ({
  id: 'seg-1',
  name: 'Recife recente',
  match: 'all',
  conditions: [
    { field: 'cidade', op: 'contains', value: 'rec' },
    { field: 'ultima_compra', op: 'in-last', value: '30' },
  ],
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
  ...over,
});

/** A bridge whose segments live in memory, counting 3 contacts for `cidade`, 7 otherwise. */
function segmentsBridge(initial: SavedSegmentView[] = []): {
  bridge: FakeBridge;
  list: () => SavedSegmentView[];
} {
  let segments = [...initial];
  let next = 2;
  const bridge = installFakeBridge()
    .reply('segments:fields', FIELDS)
    .reply('lists:list', [sampleList('l1', 'Clientes VIP', 4)])
    .reply('campaigns:list', [])
    .handle('segments:list', () => ok(segments))
    .handle('segments:count', (input) => {
      const def = input as SegmentDefinition;
      const contacts = def.conditions.some((c) => c.field === 'cidade') ? 3 : 7;
      return ok({ contacts, optedOut: 1, landlines: 0, recipients: contacts - 1 });
    })
    .handle('segments:create', (input) => {
      const made = saved({
        id: `seg-${next++}`,
        name: input.name,
        match: input.match,
        conditions: input.conditions,
      });
      segments = [...segments, made];
      return ok(made);
    })
    .handle('segments:delete', (input) => {
      segments = segments.filter((s) => s.id !== input.id);
      return ok({ deleted: true as const });
    });
  return { bridge, list: () => segments };
}

async function typeInto(testId: string, text: string, within: ParentNode = document): Promise<void> {
  const input = within.querySelector<HTMLInputElement>(`[data-testid="${testId}"] input`)!;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}

describe('SegmentsView: building a segment (with a fake bridge)', () => {
  beforeEach(() => void vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => void vi.useRealTimers());

  it('counts as the owner builds, once the conditions are complete and a moment after the last change', async () => {
    const { bridge, list } = segmentsBridge();
    const { wrapper } = await mountInApp(SegmentsView);
    expect(squash(byTestId('segments-empty').textContent)).toContain('Nenhum segmento ainda');

    await click(byTestId('segments-new'));
    // The name field takes the focus: the keyboard starts where the owner does.
    expect(document.activeElement?.id).toBe('segment-name-input');
    // A first condition on the name, empty: nothing to count yet.
    expect(squash(byTestId('segment-count-incomplete').textContent)).toContain('Complete as condições');

    // The field select offers the owner's own columns with their type, then the built-ins by their names.
    const fieldSelect = wrapper
      .findAllComponents(NSelect)
      .find((c) => c.attributes('data-testid') === 'segment-field')!;
    const groups = fieldSelect.props('options') as { label: string; children: { label: string }[] }[];
    expect(groups.map((g) => g.label)).toEqual(['Colunas da sua planilha', 'Dados do contato']);
    expect(groups[0]!.children.map((o) => o.label)).toContain('ultima_compra (data)');
    expect(groups[1]!.children.map((o) => o.label)).toContain('Nome');

    fieldSelect.vm.$emit('update:value', 'cidade');
    await flushPromises();
    // A text column: the operators of text, in words.
    const opSelect = wrapper
      .findAllComponents(NSelect)
      .find((c) => c.attributes('data-testid') === 'segment-op')!;
    expect((opSelect.props('options') as { label: string }[]).map((o) => o.label)).toEqual([
      'é',
      'não é',
      'contém',
      'está vazio',
      'não está vazio',
    ]);
    opSelect.vm.$emit('update:value', 'contains');
    await flushPromises();
    await typeInto('segment-value', 's');
    await typeInto('segment-value', 'sao');
    await typeInto('segment-value', 'sao paulo');
    // Three keystrokes, no count yet: it waits for a pause.
    expect(bridge.inputsOf('segments:count')).toEqual([]);
    await vi.advanceTimersByTimeAsync(COUNT_DEBOUNCE_MS);
    await flushPromises();
    expect(bridge.inputsOf('segments:count')).toEqual([
      { match: 'all', conditions: [{ field: 'cidade', op: 'contains', value: 'sao paulo' }] },
    ]);
    expect(squash(byTestId('segment-count-contacts').textContent)).toBe('3 contatos');
    expect(squash(byTestId('segment-count-recipients').textContent)).toBe('· 2 vão receber');
    expect(squash(byTestId('segment-count-optedout').textContent)).toBe('· 1 descadastrado fica de fora');

    // Saving without a name says so and saves nothing.
    await click(byTestId('segment-save'));
    expect(squash(byTestId('segment-name-problem').textContent)).toBe('Dê um nome ao segmento.');
    expect(bridge.inputsOf('segments:create')).toEqual([]);

    await typeInto('segment-name', 'Paulistanos');
    await click(byTestId('segment-save'));
    expect(bridge.inputsOf('segments:create')).toEqual([
      {
        name: 'Paulistanos',
        match: 'all',
        conditions: [{ field: 'cidade', op: 'contains', value: 'sao paulo' }],
      },
    ]);
    expect(list().map((s) => s.name)).toEqual(['Paulistanos']);
    expect(squash(byTestId('segment-summary').textContent)).toBe('cidade contém “sao paulo”');
  });

  it('gives the value box our own words, never naive-ui’s “Please Input”, in both languages', async () => {
    segmentsBridge();
    const { wrapper } = await mountInApp(SegmentsView, { locale: 'en' });
    await click(byTestId('segments-new'));
    const value = () => document.querySelector<HTMLInputElement>('[data-testid="segment-value"] input')!;
    expect(value().placeholder).toBe('Type what to look for');
    wrapper
      .findAllComponents(NSelect)
      .find((c) => c.attributes('data-testid') === 'segment-field')!
      .vm.$emit('update:value', 'total_gasto');
    await flushPromises();
    expect(value().placeholder).toBe('Type a number, e.g. 100');
    wrapper.unmount();

    segmentsBridge();
    await mountInApp(SegmentsView);
    await click(byTestId('segments-new'));
    expect(value().placeholder).toBe('Digite o que procurar');
  });

  it('says a name is taken, as the core refuses it', async () => {
    const { bridge } = segmentsBridge();
    bridge.fail('segments:create', 'invalid_input', { reason: 'name_taken', fields: [] });
    await mountInApp(SegmentsView);
    await click(byTestId('segments-new'));
    await typeInto('segment-name', 'VIP');
    await typeInto('segment-value', 'Ana');
    await vi.advanceTimersByTimeAsync(COUNT_DEBOUNCE_MS);
    await click(byTestId('segment-save'));
    expect(squash(byTestId('segment-name-problem').textContent)).toBe('Já existe um segmento com este nome.');
  });
});

describe('SegmentsView: the saved segments (with a fake bridge)', () => {
  it('reads each in words, and a delete is undone with its name and conditions', async () => {
    const { bridge, list } = segmentsBridge([saved()]);
    await mountInApp(SegmentsView);
    expect(squash(byTestId('segment-summary').textContent)).toBe(
      'cidade contém “rec” e ultima_compra nos últimos 30 dias',
    );

    await click(byTestId('segment-delete'));
    expect(bridge.inputsOf('segments:delete')).toEqual([{ id: 'seg-1' }]);
    expect(queryTestId('segment-row')).toBeNull();
    expect(squash(byTestId('undo-snackbar').textContent)).toContain('Segmento “Recife recente” excluído.');

    await click(byTestId('segment-undo'));
    expect(bridge.inputsOf('segments:create')).toEqual([
      { name: 'Recife recente', match: 'all', conditions: saved().conditions },
    ]);
    expect(list().map((s) => s.name)).toEqual(['Recife recente']);
    expect(queryTestId('undo-snackbar')).toBeNull();
  });

  it('adds a segment to a list by its name, and exports it', async () => {
    const { bridge } = segmentsBridge([saved()]);
    bridge
      .handle('segments:addToList', (input) =>
        ok({ list: { id: 'l1', name: input.listName }, added: 2, contacts: 3 }),
      )
      .reply('segments:export', { saved: true, fileName: 'recife-recente.csv', count: 3 });
    await mountInApp(SegmentsView);

    await click(byTestId('segment-to-list'));
    await typeInto('segment-to-list-name', ' Clientes VIP ');
    await click(byTestId('segment-to-list-confirm'));
    expect(bridge.inputsOf('segments:addToList')).toEqual([{ id: 'seg-1', listName: 'Clientes VIP' }]);
    expect(document.body.textContent).toContain('2 contatos entraram na lista “Clientes VIP”.');

    await click(byTestId('segment-export'));
    expect(bridge.inputsOf('segments:export')).toEqual([{ id: 'seg-1' }]);
    expect(document.body.textContent).toContain('3 contatos exportados para recife-recente.csv.');
  });
});
