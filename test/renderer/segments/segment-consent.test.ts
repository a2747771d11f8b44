import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { NSelect } from 'naive-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SegmentFieldView } from '@shared/dto';
import type { SegmentDefinition } from '@shared/segments/segment-model';
import SegmentsView from '@renderer/views/contacts/SegmentsView.vue';
import { installFakeBridge, ok, sampleList } from '../support/fake-bridge';
import { byTestId, click, mountInApp, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);
vi.setConfig({ testTimeout: 20_000 });

const FIELDS: SegmentFieldView[] = [
  { field: '@name', kind: 'text', name: 'nome' },
  { field: '@consent', kind: 'flag', name: 'consentimento' },
  { field: 'cidade', kind: 'text', name: 'cidade' },
];

describe('a segment that requires consent, on the Segmentos page', () => {
  it('offers “Consentimento registrado” among the contact’s data, counts with it and shows it on the saved segment', async () => {
    const bridge = installFakeBridge()
      .reply('segments:fields', FIELDS)
      .reply('lists:list', [sampleList('l1', 'Clientes VIP', 4)])
      .reply('campaigns:list', [])
      .reply('segments:list', [
        {
          id: 'seg-1',
          name: 'Só com consentimento',
          match: 'all',
          conditions: [{ field: '@consent', op: 'eq', value: 'yes' }],
          createdAt: '2026-11-01T12:00:00.000Z',
          updatedAt: '2026-11-01T12:00:00.000Z',
        },
      ])
      .handle('segments:count', (input) => {
        const consented = (input as SegmentDefinition).conditions.some((c) => c.field === '@consent');
        return ok({ contacts: consented ? 2 : 7, optedOut: 0, landlines: 0, recipients: consented ? 2 : 7 });
      });
    const { wrapper } = await mountInApp(SegmentsView);
    expect(squash(byTestId('segment-summary').textContent)).toBe('Consentimento registrado (LGPD) é sim');

    await click(byTestId('segments-new'));
    const select = (testId: string) =>
      wrapper.findAllComponents(NSelect).find((c) => c.attributes('data-testid') === testId)!;
    const groups = select('segment-field').props('options') as {
      children: { value: string; label: string }[];
    }[];
    expect(groups.at(-1)!.children).toContainEqual({
      value: '@consent',
      label: 'Consentimento registrado (LGPD)',
    });

    select('segment-field').vm.$emit('update:value', '@consent');
    await flushPromises();
    select('segment-op').vm.$emit('update:value', 'eq');
    await flushPromises();
    expect((select('segment-value').props('options') as { label: string }[]).map((o) => o.label)).toEqual([
      'sim',
      'não',
    ]);
    select('segment-value').vm.$emit('update:value', 'yes');
    await flushPromises();
    await vi.waitFor(() =>
      expect(bridge.inputsOf('segments:count')).toContainEqual({
        match: 'all',
        conditions: [{ field: '@consent', op: 'eq', value: 'yes' }],
      }),
    );
  });
});
