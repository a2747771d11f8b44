import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ComposerView from '@renderer/views/campaigns/ComposerView.vue';
import { useComposerDraftStore } from '@renderer/stores/campaigns/composer/use-composer-draft-store';
import { useComposerFactsStore } from '@renderer/stores/campaigns/composer/use-composer-facts-store';
import { installFakeBridge, ok } from '../support/fake-bridge';
import { byTestId, click, squash } from '../support/mount-helpers';
import { composerBridge, mountAt, sampleCampaign, sampleEstimate } from '../campaigns/campaign-samples';
import { sampleTemplate, templatesBridge } from './template-samples';

enableAutoUnmount(afterEach);
vi.setConfig({ testTimeout: 20_000 });

const routes = [
  { path: '/campaigns/:id/edit', component: ComposerView },
  { path: '/campaigns/:id', component: { render: () => null } },
];
const textarea = () => byTestId('composer-template').querySelector('textarea')!;

async function typeAt(text: string, cursor: number): Promise<void> {
  const field = textarea();
  field.value = text;
  field.dispatchEvent(new Event('input'));
  await flushPromises();
  field.setSelectionRange(cursor, cursor);
}

async function open(template: string, templates = [sampleTemplate()]) {
  const bridge = installFakeBridge();
  const state = composerBridge(bridge, sampleCampaign({ template }));
  templatesBridge(bridge, templates);
  await mountAt('/campaigns/camp-1/edit', routes);
  return { bridge, state, store: useComposerDraftStore() };
}

describe('templates in the composer', () => {
  it('Usar modelo puts the template’s text where the cursor is', async () => {
    const { store } = await open('');
    await typeAt('Bom dia!  Até logo.', 9);
    await click(byTestId('composer-use-template'));
    expect(squash(byTestId('use-template-text').textContent)).toBe(
      'Olá {{nome|cliente}}! Pão em dobro no sábado.',
    );
    await click(byTestId('use-template-insert'));
    expect(store.draft.template).toBe('Bom dia! Olá {{nome|cliente}}! Pão em dobro no sábado. Até logo.');
  });

  it('Substituir o texto takes the whole text, and the template’s sender and SMS type when it has them', async () => {
    const { bridge, store } = await open('Texto antigo', [
      sampleTemplate(),
      sampleTemplate({
        id: 'tpl-2',
        name: 'Natal',
        category: null,
        text: 'Feliz Natal!',
        from: 'PADARIA',
        smsTypeId: 2,
      }),
    ]);
    await click(byTestId('composer-use-template'));
    const search = byTestId('use-template-search').querySelector('input')!;
    search.value = 'natal';
    search.dispatchEvent(new Event('input'));
    await flushPromises();
    const options = [...document.querySelectorAll<HTMLElement>('[data-testid="use-template-option"]')];
    expect(options.map((o) => o.dataset.templateName)).toEqual(['Natal']);
    await click(byTestId('use-template-replace'));
    expect(store.draft.template).toBe('Feliz Natal!');
    expect(store.draft.options).toMatchObject({ from: 'PADARIA', smsTypeId: 2 });
    await store.flush();
    expect(bridge.inputsOf('campaigns:saveDraft').at(-1)).toMatchObject({
      template: 'Feliz Natal!',
      options: { from: 'PADARIA', smsTypeId: 2 },
    });
  });

  it('Salvar como modelo keeps the text with the campaign’s sender and type, under a name not in use', async () => {
    const { bridge } = await open('Oi {{primeiro_nome|}}, chegou pão!');
    await click(byTestId('composer-save-template'));
    const name = byTestId('save-template-name').querySelector('input')!;
    expect(name.value).toBe('Promoção de sábado');
    // Named like a template already kept (case and accents aside): said before saving.
    await flushPromises();
    expect(squash(byTestId('save-template-name-error').textContent)).toBe(
      'Já existe um modelo chamado “Promoção de sábado”.',
    );
    name.value = 'Pão chegou';
    name.dispatchEvent(new Event('input'));
    await flushPromises();
    await click(byTestId('save-template-confirm'));
    expect(bridge.inputsOf('templates:create')).toEqual([
      {
        name: 'Pão chegou',
        category: null,
        text: 'Oi {{primeiro_nome|}}, chegou pão!',
        from: null,
        smsTypeId: null,
      },
    ]);
  });

  it('shows the check under the text, and holds Send back while the text has a refused field', async () => {
    const { bridge } = await open('Oi {{nome|cliente}} de {{cidadee}}');
    bridge.handle('campaigns:estimate', () =>
      ok(
        sampleEstimate({
          problems: [{ kind: 'field_nobody_has', field: '{{cidadee}}', key: 'cidadee' }],
          fallbacks: [
            { field: '{{nome|cliente}}', key: 'nome', fallback: 'cliente', count: 1 },
            { field: '{{cidadee}}', key: 'cidadee', fallback: null, count: 3 },
          ],
        }),
      ),
    );
    await useComposerFactsStore().loadEstimate();
    await flushPromises();
    const lines = [...document.querySelectorAll('[data-testid="template-check-fallback"]')].map((l) =>
      squash(l.textContent),
    );
    expect(lines).toEqual([
      '1 contato sem nome vai receber “cliente”.',
      '3 contatos sem cidadee: saem em branco.',
    ]);
    expect(squash(byTestId('template-check-problem').textContent)).toContain(
      'Nenhum destinatário tem {{cidadee}} preenchido',
    );
    expect(byTestId('composer-send').hasAttribute('disabled')).toBe(true);
    expect(squash(byTestId('composer-blockers').textContent)).toContain('corrija os campos do texto');
  });
});
