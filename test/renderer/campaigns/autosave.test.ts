import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_MS } from '@renderer/stores/campaigns/composer/use-composer-draft-store';
import ComposerView from '@renderer/views/campaigns/ComposerView.vue';
import { installFakeBridge } from '../support/fake-bridge';
import { byTestId, click, queryTestId, squash } from '../support/mount-helpers';
import { composerBridge, mountAt } from './campaign-samples';

enableAutoUnmount(afterEach);
// Whole pages mount here: on a busy two-core machine the first one can take seconds.
vi.setConfig({ testTimeout: 20_000 });

// Only the timers: flushPromises needs setImmediate to stay real.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

const routes = [
  { path: '/campaigns/:id/edit', component: ComposerView },
  { path: '/campaigns/:id', component: { render: () => null } },
];

async function type(testId: string, text: string): Promise<void> {
  const field = byTestId(testId).querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea')!;
  field.value = text;
  field.dispatchEvent(new Event('input'));
  await flushPromises();
}

async function wait(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await flushPromises();
}

const saveState = () => byTestId('composer-save-state').dataset.state;

describe('the composer saves the draft as the user types', () => {
  it('saves once typing pauses, with the latest text, then refreshes the preview and the cost', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    await mountAt('/campaigns/camp-1/edit', routes);
    expect(saveState()).toBe('saved');
    const estimates = bridge.inputsOf('campaigns:estimate').length;

    await type('composer-template', 'Oi');
    await type('composer-template', 'Oi {{nome}}');
    await type('composer-name', 'Sábado');
    expect(saveState()).toBe('pending');
    await wait(AUTOSAVE_MS - 1);
    expect(bridge.inputsOf('campaigns:saveDraft')).toEqual([]);

    await wait(1);
    expect(bridge.inputsOf('campaigns:saveDraft')).toEqual([
      { id: 'camp-1', template: 'Oi {{nome}}', name: 'Sábado' },
    ]);
    expect(saveState()).toBe('saved');
    expect(squash(byTestId('composer-save-state').textContent)).toContain('Salvo');
    expect(bridge.inputsOf('campaigns:estimate').length).toBe(estimates + 1);
    expect(squash(byTestId('preview-text').textContent)).toBe('Oi Maria da Silva');
  });

  it('holds back a field with a problem, saving the rest, until it is fixed', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    await mountAt('/campaigns/camp-1/edit', routes);

    await click(byTestId('composer-advanced'));
    await type('composer-callback', 'http://loja.example.com/aviso');
    await type('composer-from', 'Loja');
    await wait(AUTOSAVE_MS);
    expect(squash(byTestId('composer-callback-help').textContent)).toBe(
      'Digite o endereço completo, começando com https://',
    );
    expect(bridge.inputsOf('campaigns:saveDraft')).toEqual([{ id: 'camp-1', options: { from: 'Loja' } }]);
    expect(saveState()).toBe('held');
    expect(byTestId('composer-send').hasAttribute('disabled')).toBe(true);

    await type('composer-callback', 'https://loja.example.com/aviso');
    await wait(AUTOSAVE_MS);
    expect(bridge.inputsOf('campaigns:saveDraft')[1]).toEqual({
      id: 'camp-1',
      options: { callbackUrl: 'https://loja.example.com/aviso' },
    });
    expect(saveState()).toBe('saved');

    await type('composer-name', '');
    await wait(AUTOSAVE_MS);
    expect(squash(byTestId('composer-name-problem').textContent)).toBe('Dê um nome à campanha.');
    expect(bridge.inputsOf('campaigns:saveDraft')).toHaveLength(2);
  });

  it('keeps what was typed when a save fails, says why, and saves it on retry', async () => {
    const bridge = installFakeBridge();
    const state = composerBridge(bridge);
    const save = bridge['handlers'].get('campaigns:saveDraft')!;
    bridge.fail('campaigns:saveDraft', 'database_busy');
    const mounted = await mountAt('/campaigns/camp-1/edit', routes);

    await type('composer-template', 'Nova mensagem');
    await wait(AUTOSAVE_MS);
    expect(saveState()).toBe('error');
    expect(byTestId('composer-save-state').textContent).toContain('Não foi salvo');
    expect(state.campaign.template).toBe('Olá {{nome}}, aproveite!');

    // Leaving now would lose the text: the user is asked, and stays.
    const { router } = mounted;
    const leaving = router.push('/campaigns/camp-1');
    await flushPromises();
    expect(document.body.textContent).toContain('Sair sem salvar?');
    await click(
      [...document.querySelectorAll<HTMLElement>('.n-dialog button')].find((b) =>
        b.textContent?.includes('Ficar'),
      )!,
    );
    await leaving;
    expect(router.currentRoute.value.path).toBe('/campaigns/camp-1/edit');

    bridge.handle('campaigns:saveDraft', save);
    await click(byTestId('composer-save-retry'));
    expect(bridge.inputsOf('campaigns:saveDraft').at(-1)).toEqual({
      id: 'camp-1',
      template: 'Nova mensagem',
    });
    expect(state.campaign.template).toBe('Nova mensagem');
    expect(saveState()).toBe('saved');
  });

  it('saves at once on Ctrl+S, and before leaving the page', async () => {
    const bridge = installFakeBridge();
    const state = composerBridge(bridge);
    const { router } = await mountAt('/campaigns/camp-1/edit', routes);

    await type('composer-name', 'Agora');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 's', ctrlKey: true }));
    await flushPromises();
    expect(state.campaign.name).toBe('Agora');

    await type('composer-name', 'Antes de sair');
    await router.push('/campaigns/camp-1');
    await flushPromises();
    expect(state.campaign.name).toBe('Antes de sair');
    expect(queryTestId('composer-name')).toBeNull();
  });

  it('explains a save refused because the campaign was sent meanwhile, and links to it', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    bridge.fail('campaigns:saveDraft', 'campaign_not_draft');
    const { router } = await mountAt('/campaigns/camp-1/edit', routes);
    await type('composer-template', 'x');
    await wait(AUTOSAVE_MS);
    expect(squash(byTestId('composer-save-state').textContent)).toContain(
      'Não foi salvo: Esta campanha já foi enviada: não dá mais para editá-la.',
    );
    expect(queryTestId('composer-save-retry')).toBeNull();
    await click(byTestId('composer-open-campaign'));
    expect(router.currentRoute.value.path).toBe('/campaigns/camp-1');
  });
});
