import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TemplatesView from '@renderer/views/templates/TemplatesView.vue';
import { installFakeBridge } from '../support/fake-bridge';
import { byTestId, click, queryTestId, squash } from '../support/mount-helpers';
import { mountAt, sampleSmsTypes } from '../campaigns/campaign-samples';
import { sampleCheck, sampleTemplate, templatesBridge } from './template-samples';

enableAutoUnmount(afterEach);
vi.setConfig({ testTimeout: 20_000 });

const routes = [{ path: '/templates', component: TemplatesView }];

async function type(testId: string, text: string): Promise<void> {
  const field = byTestId(testId).querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea')!;
  field.value = text;
  field.dispatchEvent(new Event('input'));
  await flushPromises();
}
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="template-row"]')];

describe('the Modelos page', () => {
  it('lists the templates by name with their category, text and fields', async () => {
    const bridge = installFakeBridge();
    templatesBridge(bridge, [
      sampleTemplate(),
      sampleTemplate({ id: 'tpl-2', name: 'Aniversário', category: null, text: 'Parabéns!', fields: [] }),
    ]);
    await mountAt('/templates', routes);
    expect(rows().map((r) => r.dataset.templateName)).toEqual(['Aniversário', 'Promoção de sábado']);
    expect(squash(rows()[1]!.textContent)).toContain('Promoções');
    expect(squash(rows()[1]!.textContent)).toContain('Campos: nome');
  });

  it('says when there is none yet, and how to make one', async () => {
    templatesBridge(installFakeBridge(), []);
    await mountAt('/templates', routes);
    expect(squash(byTestId('templates-empty').textContent)).toContain('Salvar como modelo');
  });

  it('writes a new template: a name in use is said before saving, the check shows who gets the fallback', async () => {
    const bridge = installFakeBridge();
    bridge.reply('campaigns:smsTypes', sampleSmsTypes);
    templatesBridge(bridge, [sampleTemplate()]);
    await mountAt('/templates', routes);

    await click(byTestId('template-new'));
    await type('template-name', 'promocao de SABADO');
    expect(squash(byTestId('template-name-error').textContent)).toBe(
      'Já existe um modelo chamado “Promoção de sábado”.',
    );
    await type('template-name', 'Natal');
    // A field from the buttons, with what to use where it is missing, goes where the cursor is.
    await type('template-text', 'Feliz Natal, !');
    byTestId('template-text').querySelector('textarea')!.setSelectionRange(13, 13);
    await type('template-fallback', 'cliente');
    await click(byTestId('template-field-nome'));
    expect(byTestId('template-text').querySelector('textarea')!.value).toBe('Feliz Natal, {{nome|cliente}}!');
    // The check waits for a pause in the typing, then shows what the core found over every contact.
    await vi.waitFor(() =>
      expect(bridge.inputsOf('templates:check').at(-1)).toEqual({ text: 'Feliz Natal, {{nome|cliente}}!' }),
    );
    await flushPromises();
    expect(squash(byTestId('template-check-scope').textContent)).toBe(
      // What it counts, said: not "seus 120 contatos" beside a Contatos page that also counts opt-outs.
      'Conferido com os 120 contatos que podem receber SMS (quem pediu para sair fica de fora).',
    );
    expect(squash(byTestId('template-check-fallback').textContent)).toBe(
      '37 contatos sem nome vão receber “cliente”.',
    );
    expect(squash(byTestId('template-check-worst').textContent)).toContain(
      'A mensagem mais longa ocupa 1 SMS',
    );

    await click(byTestId('template-save'));
    expect(bridge.inputsOf('templates:create')).toEqual([
      { name: 'Natal', category: null, text: 'Feliz Natal, {{nome|cliente}}!', from: null, smsTypeId: null },
    ]);
    expect(rows().map((r) => r.dataset.templateName)).toEqual(['Natal', 'Promoção de sábado']);
  });

  it('shows what the send would refuse, as the composer says it', async () => {
    const bridge = installFakeBridge();
    bridge.reply('campaigns:smsTypes', sampleSmsTypes);
    templatesBridge(
      bridge,
      [],
      sampleCheck({
        problems: [
          { kind: 'unknown_field', field: '{{cidadee|sua cidade}}', key: 'cidadee', fallback: 'sua cidade' },
        ],
      }),
    );
    await mountAt('/templates', routes);
    await click(byTestId('template-new'));
    await type('template-text', 'Oi de {{cidadee|sua cidade}}');
    await vi.waitFor(() => expect(queryTestId('template-check-problem')).not.toBeNull());
    expect(squash(byTestId('template-check-problem').textContent)).toContain(
      'Nenhum contato tem o campo cidadee (em {{cidadee|sua cidade}})',
    );
  });

  it('deletes at once, and brings it back with Desfazer', async () => {
    const bridge = installFakeBridge();
    templatesBridge(bridge, [sampleTemplate()]);
    await mountAt('/templates', routes);
    await click(rows()[0]!.querySelector<HTMLElement>('[data-testid="template-delete"]')!);
    expect(rows()).toHaveLength(0);
    expect(squash(byTestId('undo-snackbar').textContent)).toContain('Modelo “Promoção de sábado” excluído.');
    await click(byTestId('template-undo'));
    expect(bridge.inputsOf('templates:restore')).toEqual([{ id: 'tpl-1' }]);
    expect(rows().map((r) => r.dataset.templateName)).toEqual(['Promoção de sábado']);
    expect(queryTestId('undo-snackbar')).toBeNull();
  });

  it('starts a campaign with a copy of the template’s text and its sender and type', async () => {
    const bridge = installFakeBridge();
    templatesBridge(bridge, [sampleTemplate({ from: 'PADARIA', smsTypeId: 2 })]);
    bridge.reply('campaigns:create', { id: 'camp-9' } as never).reply('campaigns:saveDraft', {} as never);
    const { router } = await mountAt('/templates', routes);
    await click(rows()[0]!.querySelector<HTMLElement>('[data-testid="template-use"]')!);
    expect(bridge.inputsOf('campaigns:create')).toEqual([{ name: 'Promoção de sábado' }]);
    expect(bridge.inputsOf('campaigns:saveDraft')).toEqual([
      {
        id: 'camp-9',
        template: 'Olá {{nome|cliente}}! Pão em dobro no sábado.',
        options: { from: 'PADARIA', smsTypeId: 2 },
      },
    ]);
    expect(router.currentRoute.value.fullPath).toBe('/campaigns/camp-9/edit');
  });

  it('reads in English', async () => {
    const bridge = installFakeBridge();
    templatesBridge(bridge, [sampleTemplate()]);
    await mountAt('/templates', routes, { locale: 'en' });
    await click(rows()[0]!.querySelector<HTMLElement>('[data-testid="template-delete"]')!);
    expect(squash(byTestId('undo-snackbar').textContent)).toContain('Template “Promoção de sábado” deleted.');
  });
});
