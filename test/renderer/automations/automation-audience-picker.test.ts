import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import AutomationForm from '@renderer/views/automations/AutomationForm.vue';
import { installFakeBridge, ok } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);
vi.setConfig({ testTimeout: 20_000 });

// The form's audience: everyone, a list or a segment; a list and a segment are picked by the same select.
async function openForm() {
  const bridge = installFakeBridge();
  bridge.handle('templates:list', () => ok([] as never));
  bridge.handle('lists:list', () => ok([{ id: 'l1', name: 'Clientes VIP' }] as never));
  bridge.handle('segments:list', () => ok([{ id: 's1', name: 'Recife' }] as never));
  const show = ref(false);
  const Host = defineComponent({
    setup: () => () =>
      h(AutomationForm, {
        show: show.value,
        'onUpdate:show': (v: boolean) => (show.value = v),
        editing: null,
        today: '2026-11-27',
      }),
  });
  await mountInApp(Host);
  show.value = true;
  await flushPromises();
  return bridge;
}

const radio = (id: string) => byTestId(id).querySelector('input') as HTMLInputElement;
// The select shows its label as its placeholder until something is picked.
const pickerLabel = (id: string) => squash(byTestId(id).textContent);

describe('the automation form’s audience', () => {
  it('offers no picker for everyone, the lists for a list and the segments for a segment', async () => {
    await openForm();
    expect(queryTestId('automation-list')).toBeNull();
    expect(queryTestId('automation-segment')).toBeNull();

    await click(radio('automation-audience-list'));
    expect(pickerLabel('automation-list')).toBe('Lista');
    expect(queryTestId('automation-segment')).toBeNull();

    await click(radio('automation-audience-segment'));
    expect(pickerLabel('automation-segment')).toBe('Segmento');
    expect(queryTestId('automation-list')).toBeNull();
  });

  it('names the missing segment, not the list, when saved without one', async () => {
    const bridge = await openForm();
    await click(radio('automation-audience-segment'));
    await click(byTestId('automation-save'));
    const form = squash(byTestId('automation-form').textContent);
    expect(form).toContain('Escolha o segmento');
    expect(form).not.toContain('Escolha a lista');
    expect(bridge.calls.some((c) => c.channel === 'automations:create')).toBe(false);
  });
});
