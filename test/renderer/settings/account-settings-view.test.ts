import { enableAutoUnmount } from '@vue/test-utils';
import { NSelect } from 'naive-ui';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionInfo } from '@shared/dto';
import { useSessionStore } from '@renderer/stores/app/use-session-store';
import AccountSettingsView from '@renderer/views/settings/AccountSettingsView.vue';
import { installFakeBridge, signedInDemo, signedInLive, signedOut } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

async function mountAs(info: SessionInfo) {
  const bridge = installFakeBridge()
    .reply('session:get', info)
    .reply('session:signOut', signedOut)
    .reply('demo:reset', signedInDemo);
  const mounted = await mountInApp(AccountSettingsView);
  expect(useSessionStore().info).toEqual(info);
  return { bridge, ...mounted };
}

describe('AccountSettingsView (with a fake bridge)', () => {
  it('signs out keeping local data unless the box is ticked', async () => {
    const { bridge } = await mountAs(signedInLive);

    await click(byTestId('signout'));
    expect(document.body.textContent).toContain('Nada é apagado na sua conta do SMSGo');
    await click(byTestId('signout-confirm'));

    expect(bridge.inputsOf('session:signOut')).toEqual([{ deleteLocalData: false }]);
  });

  it('passes deleteLocalData: true when the box is ticked', async () => {
    const { bridge } = await mountAs(signedInLive);

    await click(byTestId('signout'));
    const box = byTestId('signout-delete-local');
    expect(box.textContent).toContain('Também apagar os dados locais deste computador');
    await click(box);
    await click(byTestId('signout-confirm'));

    expect(bridge.inputsOf('session:signOut')).toEqual([{ deleteLocalData: true }]);
  });

  it('offers the demo reset only in the demo, behind a confirmation', async () => {
    const live = await mountAs(signedInLive);
    expect(queryTestId('demo-reset')).toBeNull();
    live.wrapper.unmount();

    const { bridge } = await mountAs(signedInDemo);
    await click(byTestId('demo-reset'));
    expect(bridge.inputsOf('demo:reset')).toEqual([]);
    // What goes and what stays, as the core's reset does it (test/core/session/demo-reset.test.ts).
    expect(squash(document.body.textContent)).toContain(
      'Contatos, listas, campanhas, modelos de mensagem, segmentos, automações, listas de bloqueio, links e compras da demonstração serão apagados',
    );
    expect(squash(document.body.textContent)).toContain(
      'As regras de envio (horário, dias, nome na frente das mensagens e limite por pessoa) ficam como estão.',
    );
    await click(byTestId('demo-reset-confirm'));

    expect(bridge.inputsOf('demo:reset')).toEqual([{}]);
    expect(bridge.inputsOf('account:balance')).toEqual([{ refresh: true }]);
  });

  it('warns when the key is kept in memory only', async () => {
    await mountAs({ ...signedInLive, keyStorage: 'memory', keychain: { available: false } });
    expect(document.body.textContent).toContain('Guardada só na memória');
  });

  it('saves language and theme choices', async () => {
    const { bridge, wrapper } = await mountAs(signedInLive);
    bridge.handle('settings:update', (patch) => ({
      ok: true,
      value: { language: patch.language ?? 'system', theme: patch.theme ?? 'system' },
    }));
    const [language, theme] = wrapper.findAllComponents(NSelect);
    expect(language?.attributes('data-testid')).toBe('language-select');
    expect(theme?.attributes('data-testid')).toBe('theme-select');

    language?.vm.$emit('update:value', 'en');
    theme?.vm.$emit('update:value', 'dark');
    await Promise.resolve();

    expect(bridge.inputsOf('settings:update')).toEqual([{ language: 'en' }, { theme: 'dark' }]);
  });
});
