import { enableAutoUnmount, flushPromises, type VueWrapper } from '@vue/test-utils';
import { NInputNumber, NSelect } from 'naive-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import GalleryView from '@renderer/views/templates/gallery/GalleryView.vue';
import { installFakeBridge } from '../support/fake-bridge';
import { byTestId, click, squash } from '../support/mount-helpers';
import { mountAt } from '../campaigns/campaign-samples';
import { galleryBridge } from './gallery-samples';

enableAutoUnmount(afterEach);
vi.setConfig({ testTimeout: 20_000 });

const routes = [{ path: '/templates/gallery', component: GalleryView }];
const cards = () => [...document.querySelectorAll<HTMLElement>('[data-testid="gallery-card"]')];
const card = (id: string) => cards().find((c) => c.dataset.galleryId === id)!;
const inCard = (id: string, testId: string) =>
  squash(card(id).querySelector(`[data-testid="${testId}"]`)?.textContent);

/** Picks the option the select offers under `label`, as a click on it would. */
async function pickOption(wrapper: VueWrapper, testId: string, label: string): Promise<void> {
  const select = wrapper.findAllComponents(NSelect).find((c) => c.attributes('data-testid') === testId)!;
  const options = select.props('options') as { value: unknown; label: string }[];
  const option = options.find((o) => o.label === label);
  if (!option) throw new Error(`no option “${label}” in ${options.map((o) => o.label).join(', ')}`);
  select.vm.$emit('update:value', option.value);
  await flushPromises();
}

describe('Modelos › Galeria', () => {
  it('shows the owner’s business’s messages, each as a customer gets it, with whom, when and its SMS count', async () => {
    const bridge = installFakeBridge();
    galleryBridge(bridge, { settings: { business: 'pet-shop' } });
    await mountAt('/templates/gallery', routes);

    expect(cards().map((c) => c.dataset.galleryId)).toEqual([
      'pet-shop/cliente-sumido',
      'pet-shop/boas-vindas',
      'pet-shop/pos-venda',
    ]);
    const id = 'pet-shop/cliente-sumido';
    expect(inCard(id, 'gallery-purpose')).toBe('Cliente sumido');
    // The field without a value gives way to its (empty) fallback; the rules' name and "Como sair" around it.
    expect(inCard(id, 'gallery-text')).toBe(
      'Pet Amigo: Oi! Faz tempo que seu pet nao vem tomar banho. Vamos agendar esta semana? É so responder. Para sair, responda SAIR.',
    );
    expect(inCard(id, 'segment-count')).toBe('1 SMS');
    expect(card(id).querySelector<HTMLElement>('[data-testid="segment-counter"]')!.dataset.encoding).toBe(
      'GSM-7',
    );
    expect(inCard(id, 'gallery-fields')).toContain('Campos: primeiro_nome');
    expect(inCard(id, 'gallery-audience')).toBe('Para quem: Sem comprar há 60 a 180 dias');
    expect(inCard(id, 'gallery-hour')).toBe('Horário sugerido: 10:00, no relógio de cada cliente');
    expect(card(id).querySelector('[data-testid="gallery-audience-missing"]')).toBeNull();
    // Already the owner's business: nothing to save.
    expect(document.querySelector('[data-testid="gallery-save-business"]')).toBeNull();
  });

  it('Criar campanha makes the draft with the audience and hour, says so, and opens the composer on it', async () => {
    const bridge = installFakeBridge();
    galleryBridge(bridge, { settings: { business: 'pet-shop' } });
    const { router } = await mountAt('/templates/gallery', routes);

    await click(card('pet-shop/cliente-sumido').querySelector('[data-testid="gallery-create-campaign"]')!);
    expect(bridge.inputsOf('gallery:use')).toEqual([{ id: 'pet-shop/cliente-sumido', as: 'draft' }]);
    expect(router.currentRoute.value.path).toBe('/campaigns/camp-gallery/edit');
    expect(squash(document.body.textContent)).toContain(
      'Campanha criada para “Sem comprar há 60 a 180 dias”, agendada para',
    );
  });

  it('Usar como modelo makes the owner’s template and goes to Modelos', async () => {
    const bridge = installFakeBridge();
    galleryBridge(bridge, { settings: { business: 'pet-shop' } });
    const { router } = await mountAt('/templates/gallery', routes);

    await click(card('pet-shop/boas-vindas').querySelector('[data-testid="gallery-use-template"]')!);
    expect(bridge.inputsOf('gallery:use')).toEqual([{ id: 'pet-shop/boas-vindas', as: 'template' }]);
    expect(router.currentRoute.value.path).toBe('/templates');
    expect(squash(document.body.textContent)).toContain('Modelo “Boas-vindas - Pet shop” criado.');
  });

  it('opens on the business the first steps asked for, and keeps it as the owner’s with one click', async () => {
    const bridge = installFakeBridge();
    const state = galleryBridge(bridge);
    await mountAt('/templates/gallery?business=otica', routes);

    expect(cards().every((c) => c.dataset.galleryId!.startsWith('otica/'))).toBe(true);
    expect(cards().length).toBeGreaterThan(0);
    await click(byTestId('gallery-save-business'));
    expect(bridge.inputsOf('gallery:saveSettings')).toEqual([{ business: 'otica' }]);
    expect(state.settings.business).toBe('otica');
    expect(document.querySelector('[data-testid="gallery-save-business"]')).toBeNull();
  });

  it('with no business picked shows every message, and the other kinds stay one choice away', async () => {
    const bridge = installFakeBridge();
    galleryBridge(bridge);
    const { wrapper } = await mountAt('/templates/gallery', routes);
    expect(cards().length).toBeGreaterThanOrEqual(20);
    await pickOption(wrapper, 'gallery-business', 'Academia');
    expect(new Set(cards().map((c) => c.dataset.galleryId!.split('/')[0]))).toEqual(new Set(['academia']));
  });

  it('says when the contacts lack the column an audience needs', async () => {
    const bridge = installFakeBridge();
    galleryBridge(bridge, { settings: { business: 'pet-shop' }, missing: ['ultima_compra'] });
    await mountAt('/templates/gallery', routes);
    expect(inCard('pet-shop/cliente-sumido', 'gallery-audience-missing')).toContain(
      'Seus contatos ainda não têm a coluna ultima_compra',
    );
    expect(card('pet-shop/boas-vindas').querySelector('[data-testid="gallery-audience-missing"]')).toBeNull();
  });

  it('keeps the shop’s anniversary: a day the month lacks cannot be saved', async () => {
    const bridge = installFakeBridge();
    const state = galleryBridge(bridge, { settings: { business: 'pet-shop' } });
    const { wrapper } = await mountAt('/templates/gallery', routes);

    await pickOption(wrapper, 'gallery-anniversary-day', '31');
    await pickOption(wrapper, 'gallery-anniversary-month', 'abril');
    expect(byTestId('gallery-anniversary-save').hasAttribute('disabled')).toBe(true);
    await pickOption(wrapper, 'gallery-anniversary-month', 'março');
    await click(byTestId('gallery-anniversary-save'));
    expect(bridge.inputsOf('gallery:saveSettings')).toEqual([{ anniversary: { month: 3, day: 31 } }]);
    expect(state.settings.anniversary).toEqual({ month: 3, day: 31 });
    expect(squash(document.body.textContent)).toContain('Aniversário da loja salvo: 31/03.');
  });

  it('sets how many days before a selling day the calendar reminds the owner', async () => {
    const bridge = installFakeBridge();
    const state = galleryBridge(bridge, { settings: { business: 'pet-shop' } });
    const { wrapper } = await mountAt('/templates/gallery', routes);

    // Unchanged from the 7 days it holds: nothing to save.
    expect(byTestId('gallery-reminder-save').hasAttribute('disabled')).toBe(true);
    const input = wrapper
      .findAllComponents(NInputNumber)
      .find((c) => c.attributes('data-testid') === 'gallery-reminder-days')!;
    input.vm.$emit('update:value', 14);
    await flushPromises();
    await click(byTestId('gallery-reminder-save'));
    expect(bridge.inputsOf('gallery:saveSettings')).toEqual([{ reminderDays: 14 }]);
    expect(state.settings.reminderDays).toBe(14);
    expect(squash(document.body.textContent)).toContain('Lembrete 14 dias antes.');
  });

  it('speaks English in the English UI', async () => {
    const bridge = installFakeBridge();
    galleryBridge(bridge, { settings: { business: 'pet-shop' }, language: 'en' });
    await mountAt('/templates/gallery', routes, { locale: 'en' });
    const id = 'pet-shop/cliente-sumido';
    expect(inCard(id, 'gallery-purpose')).toBe('Missed customer');
    expect(inCard(id, 'gallery-text')).toMatch(/^Pet Amigo: Hi! It has been a while/);
    expect(inCard(id, 'gallery-audience')).toBe('To: No purchase for 60 to 180 days');
    expect(inCard(id, 'gallery-hour')).toBe('Suggested hour: 10:00, on each customer’s own clock');
    expect(squash(card(id).querySelector('[data-testid="gallery-create-campaign"]')!.textContent)).toBe(
      'Create campaign',
    );
  });
});
