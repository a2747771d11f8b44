import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OverviewView as Overview } from '@shared/dto/overview';
import OverviewView from '@renderer/views/OverviewView.vue';
import { installFakeBridge, signedInDemo } from '../support/fake-bridge';
import { byTestId, click, queryTestId, squash } from '../support/mount-helpers';
import { mountAt } from '../campaigns/campaign-samples';
import { galleryBridge, shopRules } from './gallery-samples';

enableAutoUnmount(afterEach);
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.useRealTimers());

const routes = [{ path: '/overview', component: OverviewView }];

const newShop: Overview = {
  recent: [],
  last30Days: {
    messages: 0,
    testMessages: 0,
    spend: 0,
    delivered: 0,
    failed: 0,
    deliveryRate: null,
    clicks: 0,
    clickRate: null,
    days: [],
  },
  waiting: [],
  contacts: 0,
  optOutsThisMonth: 0,
  firstRun: { imported: false, composed: false, tested: false, sent: false, draftId: null },
  readAt: '2026-12-01T12:00:00.000Z',
};

/** The overview on the shop's date (a São Paulo noon): only Date is set, the timers run as ever. */
async function overviewOn(day: string, options: Parameters<typeof galleryBridge>[1] = {}) {
  const locale = options.language ?? 'pt-BR';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day}T15:00:00.000Z`));
  const bridge = installFakeBridge();
  bridge.reply('session:get', signedInDemo).reply('overview:get', newShop);
  const state = galleryBridge(bridge, options);
  const mounted = await mountAt('/overview', routes, { locale });
  return { bridge, state, ...mounted };
}
const entries = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="calendar-entry"]')].map((e) => ({
    kind: e.dataset.kind,
    when: squash(e.querySelector('[data-testid="calendar-when"]')!.textContent),
    message: squash(e.querySelector('[data-testid="calendar-message"]')?.textContent),
    noSends: squash(e.querySelector('[data-testid="calendar-no-sends"]')?.textContent),
  }));

describe('the overview’s retail calendar', () => {
  it('shows the next selling days with the business’s message, and the holidays among them without sends', async () => {
    await overviewOn('2026-11-20', { settings: { business: 'pet-shop' } });
    expect(entries()).toEqual([
      // Today's holiday (Consciência Negra, national since 2024) is said too.
      {
        kind: 'holiday',
        when: 'Dia da Consciência Negra 20/11, hoje',
        message: '',
        noSends: 'Feriado: sem envios',
      },
      {
        kind: 'retail',
        when: 'Black Friday 27/11, em 7 dias',
        message:
          'Cliente sumido Oi! Faz tempo que seu pet nao vem tomar banho. Vamos agendar esta semana? É so responder.',
        noSends: '',
      },
      // Natal is a selling day and a holiday: one entry, its message, and no sends on the day itself.
      {
        kind: 'retail',
        when: 'Natal 25/12, em 35 dias',
        message: expect.stringMatching(/^Cliente sumido /),
        noSends: 'Feriado: sem envios',
      },
      {
        kind: 'holiday',
        when: 'Confraternização Universal 01/01, em 42 dias',
        message: '',
        noSends: 'Feriado: sem envios',
      },
      {
        kind: 'retail',
        when: 'Volta às aulas 01/02, em 73 dias',
        message: expect.stringMatching(/^Cliente sumido /),
        noSends: '',
      },
    ]);
    // The business is known: the messages are its own, nothing to ask.
    expect(queryTestId('calendar-pick-business')).toBeNull();
    // Black Friday is 7 days away: its reminder (7 days ahead) has come.
    expect(squash(byTestId('calendar-reminder').textContent)).toBe(
      'Faltam 7 dias para Black Friday (27/11): prepare a sua campanha.',
    );
  });

  it('Preparar campanha makes the date’s message a draft and opens the composer on it', async () => {
    const { bridge, router } = await overviewOn('2026-11-20', { settings: { business: 'pet-shop' } });
    await click(document.querySelector<HTMLElement>('[data-testid="calendar-prepare"]')!);
    expect(bridge.inputsOf('gallery:use')).toEqual([{ id: 'pet-shop/cliente-sumido', as: 'draft' }]);
    expect(router.currentRoute.value.path).toBe('/campaigns/camp-gallery/edit');
  });

  it('has no reminder before a date’s reminder days, and says holidays are free when the rules allow them', async () => {
    await overviewOn('2026-12-01', { rules: shopRules({ holidays: false }) });
    expect(queryTestId('calendar-reminder')).toBeNull();
    const natal = entries().find((e) => e.kind === 'holiday')!;
    expect(natal.noSends).toBe('Feriado nacional (os envios em feriados estão liberados nas suas regras)');
    // No business yet: the calendar suggests the clothing store's, and asks which business it is.
    expect(squash(byTestId('calendar-pick-business').textContent)).toContain('Diga qual é o seu negócio');
  });

  it('asks the business once in the first steps, then offers its ready messages', async () => {
    const { bridge, state, router, wrapper } = await overviewOn('2026-12-01');
    expect(squash(byTestId('first-run-business').textContent)).toContain('Qual é o seu negócio?');
    const { NSelect } = await import('naive-ui');
    const select = wrapper
      .findAllComponents(NSelect)
      .find((c) => c.attributes('data-testid') === 'first-run-business-pick')!;
    const option = (select.props('options') as { value: string; label: string }[]).find(
      (o) => o.label === 'Pet shop',
    )!;
    select.vm.$emit('update:value', option.value);
    await vi.waitFor(() => expect(queryTestId('first-run-business-name')).not.toBeNull());
    expect(bridge.inputsOf('gallery:saveSettings')).toEqual([{ business: 'pet-shop' }]);
    expect(state.settings.business).toBe('pet-shop');
    expect(squash(byTestId('first-run-business-name').textContent)).toBe('Seu negócio: Pet shop');
    // The calendar now suggests the pet shop's message.
    await vi.waitFor(() => expect(entries()[0]!.message).toMatch(/^Cliente sumido /));
    await click(byTestId('first-run-business-gallery'));
    expect(router.currentRoute.value.fullPath).toBe('/templates/gallery?business=pet-shop');
  });

  it('changes the business with Trocar, and speaks English in the English UI', async () => {
    const { bridge, wrapper } = await overviewOn('2026-12-07', {
      settings: { business: 'pet-shop' },
      language: 'en',
    });
    expect(entries()[0]).toEqual({
      kind: 'retail',
      when: 'Christmas 25/12, in 18 days',
      message: expect.stringMatching(/^Missed customer Hi! /),
      noSends: 'Holiday: no sends',
    });
    expect(squash(byTestId('first-run-business-name').textContent)).toBe('Your business: Pet shop');
    await click(byTestId('first-run-business-change'));
    const { NSelect } = await import('naive-ui');
    const select = wrapper
      .findAllComponents(NSelect)
      .find((c) => c.attributes('data-testid') === 'first-run-business-pick')!;
    const optician = (select.props('options') as { value: string; label: string }[]).find(
      (o) => o.label === 'Optician',
    )!;
    select.vm.$emit('update:value', optician.value);
    await vi.waitFor(() =>
      expect(squash(queryTestId('first-run-business-name')?.textContent)).toBe('Your business: Optician'),
    );
    expect(bridge.inputsOf('gallery:saveSettings')).toEqual([{ business: 'otica' }]);
  });
});
