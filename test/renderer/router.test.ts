import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from 'vue-router';
import App from '@renderer/App.vue';
import { createAppI18n } from '@renderer/i18n';
import { createAppRouter } from '@renderer/router';
import {
  contactsPage,
  installFakeBridge,
  ok,
  signedInDemo,
  signedInLive,
  signedOut,
} from './support/fake-bridge';
import { useSettingsStore } from '@renderer/stores/app/use-settings-store';
import { byTestId, click, freshPinia, squash } from './support/mount-helpers';

enableAutoUnmount(afterEach);

async function start(path: string) {
  const pinia = freshPinia();
  const router = createAppRouter(createMemoryHistory());
  await router.push(path);
  return { pinia, router };
}

describe('router guard (with a fake bridge)', () => {
  it('sends a signed-out user to /signin', async () => {
    installFakeBridge();
    const { router } = await start('/settings/webhook');
    expect(router.currentRoute.value.path).toBe('/signin');
  });

  it('sends a signed-in user away from /signin, and / to /overview', async () => {
    installFakeBridge().reply('session:get', signedInLive);
    const { router } = await start('/signin');
    expect(router.currentRoute.value.path).toBe('/overview');
    await router.push('/');
    expect(router.currentRoute.value.path).toBe('/overview');
    await router.push('/settings');
    expect(router.currentRoute.value.path).toBe('/settings/account');
  });

  it('treats a session that cannot be read as signed out', async () => {
    installFakeBridge().fail('session:get', 'internal_error');
    const { router } = await start('/overview');
    expect(router.currentRoute.value.path).toBe('/signin');
  });
});

describe('App (with a fake bridge)', () => {
  /** Starts the app the way main.ts does: settings first, then the router, then mount. */
  async function mountApp(bridge = installFakeBridge()) {
    const pinia = freshPinia();
    const settings = useSettingsStore();
    await settings.load();
    const router = createAppRouter(createMemoryHistory());
    await router.push('/');
    const wrapper = mount(App, {
      global: { plugins: [pinia, createAppI18n(settings.locale), router] },
      attachTo: document.body,
    });
    await flushPromises();
    return { bridge, router, wrapper };
  }

  it('moves to the overview when the session signs in, and back to sign-in when it ends', async () => {
    const { bridge, router } = await mountApp();
    expect(router.currentRoute.value.path).toBe('/signin');

    bridge.emit('session:changed', signedInDemo);
    await flushPromises();
    expect(router.currentRoute.value.path).toBe('/overview');
    expect(squash(byTestId('mode-badge').textContent)).toBe('Demonstração');
    expect(squash(byTestId('overview-balance').textContent)).toBe('R$ 1.234,56');
    expect(squash(byTestId('overview-company').textContent)).toBe('Padaria Pão Quente');
    expect(byTestId('connectivity').dataset.state).toBe('online');
    expect(document.body.textContent).toContain('Você está na demonstração: nada é enviado nem cobrado');

    bridge.emit('session:changed', signedOut);
    await flushPromises();
    expect(router.currentRoute.value.path).toBe('/signin');
  });

  it('offers a shop owner’s settings from the overview: auto-recharge and account, not the webhook', async () => {
    const { router } = await mountApp(installFakeBridge().reply('session:get', signedInLive));
    await vi.waitFor(() => expect(byTestId('overview-autorecharge-link')).toBeTruthy());
    const links = [...document.querySelectorAll<HTMLAnchorElement>('main .overview__links a')];
    expect(links.map((a) => squash(a.textContent))).toEqual([
      'Recarga automática e alerta de saldo',
      'Conta',
    ]);
    expect(document.querySelector('main')?.textContent).not.toContain('Webhook');
    await click(byTestId('overview-autorecharge-link'));
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/settings/auto-recharge'));
  });

  it('navigates between overview and settings from the side menu and tabs', async () => {
    const { router } = await mountApp(installFakeBridge().reply('session:get', signedInLive));
    expect(router.currentRoute.value.path).toBe('/overview');

    // Pages are loaded on first visit: wait for the route, not a fixed number of ticks.
    await click(byTestId('nav-settings'));
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/settings/account'));
    expect(byTestId('nav-settings').getAttribute('aria-current')).toBe('page');

    await vi.waitFor(() => expect(byTestId('settings-webhook-tab')).toBeTruthy());
    await click(byTestId('settings-webhook-tab'));
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/settings/webhook'));
    expect(byTestId('nav-settings').getAttribute('aria-current')).toBe('page');

    await vi.waitFor(() => expect(byTestId('settings-autorecharge-tab')).toBeTruthy());
    await click(byTestId('settings-autorecharge-tab'));
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/settings/auto-recharge'));

    await click(byTestId('nav-overview'));
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/overview'));
  });

  it('reaches the credits and invoices pages from the side menu, each marked current alone', async () => {
    const { router } = await mountApp(installFakeBridge().reply('session:get', signedInLive));
    await click(byTestId('nav-credits'));
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/credits'));
    await vi.waitFor(() => expect(byTestId('credits-buy')).toBeTruthy());
    expect(squash(document.querySelector('h1')?.textContent)).toBe('Créditos');

    await click(byTestId('nav-invoices'));
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/credits/invoices'));
    expect(byTestId('nav-invoices').getAttribute('aria-current')).toBe('page');
    expect(byTestId('nav-credits').getAttribute('aria-current')).toBeNull();
    expect(squash(document.querySelector('h1')?.textContent)).toBe('Faturas');
  });

  it('reaches contacts, lists and opt-outs: one side-menu entry, one tab each', async () => {
    const bridge = installFakeBridge()
      .reply('session:get', signedInLive)
      .reply('lists:list', [])
      .handle('contacts:search', (input) => ok(contactsPage(input, 0)))
      .reply('optOuts:list', { rows: [], total: 0, offset: 0, limit: 20 });
    const { router } = await mountApp(bridge);
    await click(byTestId('nav-contacts'));
    await vi.waitFor(() => expect(byTestId('contacts-empty')).toBeTruthy());
    expect(router.currentRoute.value.path).toBe('/contacts');
    expect(squash(document.querySelector('h1')?.textContent)).toBe('Contatos');

    await click(byTestId('nav-lists'));
    await vi.waitFor(() => expect(byTestId('lists-empty')).toBeTruthy());
    expect(router.currentRoute.value.path).toBe('/contacts/lists');
    expect(byTestId('nav-contacts').getAttribute('aria-current')).toBe('page');
    expect(byTestId('nav-lists').classList.contains('is-active')).toBe(true);

    await click(byTestId('nav-optouts'));
    await vi.waitFor(() => expect(byTestId('optouts-empty')).toBeTruthy());
    expect(router.currentRoute.value.path).toBe('/contacts/opt-outs');
    expect(byTestId('nav-lists').classList.contains('is-active')).toBe(false);
  });

  it('signed in, reads the auto-recharge settings once for the low-balance warning', async () => {
    const { bridge } = await mountApp(installFakeBridge().reply('session:get', signedInLive));
    expect(bridge.inputsOf('account:autoRecharge')).toEqual([{}]);
  });

  it('follows the language setting, in the page and in naive-ui', async () => {
    const bridge = installFakeBridge().reply('settings:get', { language: 'en', theme: 'system' });
    await mountApp(bridge);
    expect(document.documentElement.lang).toBe('en');
    expect(squash(byTestId('signin-submit').textContent)).toBe('Sign in');

    bridge.reply('settings:update', { language: 'pt-BR', theme: 'system' });
    await useSettingsStore().update({ language: 'pt-BR' });
    await flushPromises();
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(squash(byTestId('signin-submit').textContent)).toBe('Entrar');
  });

  it('follows the theme setting', async () => {
    await mountApp(installFakeBridge().reply('settings:get', { language: 'system', theme: 'dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
