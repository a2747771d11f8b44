import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { NSelect } from 'naive-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ComposerView from '@renderer/views/campaigns/ComposerView.vue';
import { installFakeBridge, ok } from '../support/fake-bridge';
import { byTestId, squash } from '../support/mount-helpers';
import { composerBridge, mountAt, sampleCampaign } from '../campaigns/campaign-samples';

/** Nobody left out by the sending rules. */
const NO_RULES = { blocked: [], capped: 0 };

enableAutoUnmount(afterEach);
vi.setConfig({ testTimeout: 20_000 });

const routes = [
  { path: '/campaigns/:id/edit', component: ComposerView },
  { path: '/campaigns/:id', component: { render: () => null } },
];

const segment = (id: string, name: string) => ({
  id,
  name,
  match: 'all' as const,
  conditions: [{ field: 'cidade', op: 'contains' as const, value: 'rec' }],
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
});

describe('a segment as the composer’s audience (with a fake bridge)', () => {
  it('is chosen beside the lists, saved in the draft, and the summary shows the core’s counts (each person once)', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge, sampleCampaign());
    bridge.reply('segments:list', [segment('seg-1', 'Recife recente')]);
    // The core's counts with a list and a segment that share two people.
    bridge.handle('campaigns:audience', () =>
      ok(
        bridge.inputsOf('campaigns:saveDraft').some((d) => d.audience?.segmentIds?.length)
          ? { ...NO_RULES, selected: 9, optedOut: 1, landlines: 0, duplicates: 2, recipients: 6 }
          : { ...NO_RULES, selected: 5, optedOut: 0, landlines: 0, duplicates: 0, recipients: 5 },
      ),
    );
    const { wrapper } = await mountAt('/campaigns/camp-1/edit', routes);

    const select = wrapper
      .findAllComponents(NSelect)
      .find((c) => c.attributes('data-testid') === 'composer-segments')!;
    expect((select.props('options') as { label: string }[]).map((o) => o.label)).toEqual(['Recife recente']);
    select.vm.$emit('update:value', ['seg-1']);
    await flushPromises();

    const saved = bridge.inputsOf('campaigns:saveDraft').at(-1)!;
    expect(saved.audience).toEqual({ listIds: ['l1'], contactIds: [], segmentIds: ['seg-1'] });
    expect(document.body.textContent).toContain('Quem está numa lista e num segmento recebe uma vez só.');
    expect(squash(byTestId('audience-duplicates').querySelector('dd')!.textContent)).toBe('2');
    expect(squash(byTestId('audience-recipients').querySelector('dd')!.textContent)).toBe('6');
  });
});
