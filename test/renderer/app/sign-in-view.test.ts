import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { useSettingsStore } from '@renderer/stores/app/use-settings-store';
import SignInView from '@renderer/views/SignInView.vue';
import { fail, installFakeBridge, ok, signedInDemo, signedInLive } from '../support/fake-bridge';
import { byTestId, click, freshPinia, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

async function typeInto(testId: string, value: string): Promise<HTMLInputElement> {
  const input = byTestId(testId).querySelector('input');
  if (!input) throw new Error(`no input inside ${testId}`);
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await flushPromises();
  return input;
}

async function pressEnter(input: HTMLInputElement): Promise<void> {
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  await flushPromises();
}

describe('SignInView (with a fake bridge)', () => {
  it('Enter in the key field submits the trimmed key', async () => {
    const bridge = installFakeBridge().reply('session:signIn', signedInLive);
    await mountInApp(SignInView);

    await pressEnter(await typeInto('signin-key', '   live_abcdef123456 \n'));

    expect(bridge.inputsOf('session:signIn')).toEqual([{ accountKey: 'live_abcdef123456' }]);
    expect(queryTestId('signin-error')).toBeNull();
  });

  it('shows the translated message when the key is not accepted', async () => {
    installFakeBridge().fail('session:signIn', 'unauthorized', { status: 401 });
    await mountInApp(SignInView);

    await typeInto('signin-key', 'live_abcdef123456');
    await click(byTestId('signin-submit'));

    const error = byTestId('signin-error');
    expect(squash(error.textContent)).toContain(
      'Essa chave não foi aceita. Confira se você copiou a chave inteira no painel do SMSGo.',
    );
    expect(error.closest('[role="alert"]')).not.toBeNull();
  });

  it('checks the key before asking the service', async () => {
    const bridge = installFakeBridge();
    await mountInApp(SignInView);

    await click(byTestId('signin-submit'));
    expect(squash(byTestId('signin-error').textContent)).toContain('Cole a chave da sua conta');

    await pressEnter(await typeInto('signin-key', 'abc'));
    expect(squash(byTestId('signin-error').textContent)).toContain('pelo menos 8 caracteres');
    expect(bridge.inputsOf('session:signIn')).toEqual([]);
  });

  it('sends the service address from Advanced, and explains a bad one', async () => {
    const bridge = installFakeBridge().reply('session:signIn', signedInLive);
    await mountInApp(SignInView);
    const advanced = byTestId('signin-advanced');
    expect(advanced.getAttribute('aria-expanded')).toBe('false');

    await click(advanced);
    expect(advanced.getAttribute('aria-expanded')).toBe('true');
    await typeInto('signin-key', 'test_abcdef123456');
    await pressEnter(await typeInto('signin-baseurl', 'api.example'));
    expect(squash(byTestId('signin-error').textContent)).toContain('começando com https://');

    await pressEnter(await typeInto('signin-baseurl', ' https://sms.example.com.br '));
    expect(bridge.inputsOf('session:signIn')).toEqual([
      { accountKey: 'test_abcdef123456', baseUrl: 'https://sms.example.com.br' },
    ]);
  });

  it('without a keychain, asks first and then signs in keeping the key in memory only', async () => {
    const bridge = installFakeBridge().handle('session:signIn', (input) =>
      input.allowMemoryOnly
        ? ok({ ...signedInLive, keyStorage: 'memory' })
        : fail('keychain_unavailable', 'no keychain', { reason: 'The Secret Service is not running' }),
    );
    await mountInApp(SignInView);

    await pressEnter(await typeInto('signin-key', 'live_abcdef123456'));

    expect(document.body.textContent).toContain('Não há cofre de senhas neste computador');
    expect(document.body.textContent).not.toMatch(/salvar (a chave )?no disco/i);
    await click(byTestId('keychain-continue-memory'));

    expect(bridge.inputsOf('session:signIn')).toEqual([
      { accountKey: 'live_abcdef123456' },
      { accountKey: 'live_abcdef123456', allowMemoryOnly: true },
    ]);
    expect(queryTestId('signin-error')).toBeNull();
  });

  it('explains a missing keychain in plain Portuguese, with the system reason folded away', async () => {
    installFakeBridge().fail('session:signIn', 'keychain_unavailable', {
      reason: 'Cannot autolaunch D-Bus without X11 $DISPLAY',
    });
    const pinia = freshPinia();
    await useSettingsStore().load(); // app:info says linux
    await mountInApp(SignInView, { pinia });

    await pressEnter(await typeInto('signin-key', 'live_abcdef123456'));

    const dialog = byTestId('keychain-continue-memory').closest('[role="dialog"]') as HTMLElement;
    const text = squash(dialog.textContent);
    expect(text).toContain('cofre de senhas do sistema (também chamado de chaveiro)');
    expect(squash(byTestId('keychain-fix').textContent)).toContain('GNOME Keyring (Chaveiro) ou o KWallet');
    expect(text).toContain('Para entrar agora: escolha “Manter só nesta sessão”.');
    expect(squash(byTestId('keychain-continue-memory').textContent)).toBe('Manter só nesta sessão');
    expect(text).not.toContain('Motivo');

    // The technical reason is there for support, but hidden until asked for.
    const toggle = byTestId('keychain-details');
    const reason = byTestId('keychain-reason');
    expect(squash(toggle.textContent)).toBe('O motivo que o sistema deu');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(reason.id);
    expect(reason.style.display).toBe('none');

    await click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(reason.style.display).not.toBe('none');
    expect(squash(reason.textContent)).toBe('Cannot autolaunch D-Bus without X11 $DISPLAY');

    // Cancelled and asked again, the details start folded again.
    const cancel = [...dialog.querySelectorAll('button')].find((b) => squash(b.textContent) === 'Cancelar');
    await click(cancel as HTMLElement);
    await click(byTestId('signin-submit'));
    expect(byTestId('keychain-details').getAttribute('aria-expanded')).toBe('false');
  });

  it('explains a missing keychain in English too, with general advice off Linux', async () => {
    installFakeBridge()
      .reply('app:info', { version: '0.1.0', osLocale: 'en-US', platform: 'win32', assumedWireFacts: [] })
      .fail('session:signIn', 'keychain_unavailable', { reason: 'Credential Manager error' });
    const pinia = freshPinia();
    await useSettingsStore().load();
    await mountInApp(SignInView, { pinia, locale: 'en' });

    await pressEnter(await typeInto('signin-key', 'live_abcdef123456'));

    const fix = squash(byTestId('keychain-fix').textContent);
    expect(fix).toContain("check that the system's password vault is working and unlocked");
    expect(fix).not.toContain('KWallet');
    expect(squash(byTestId('keychain-continue-memory').textContent)).toBe('Keep for this session only');
    expect(squash(byTestId('keychain-details').textContent)).toBe('The reason the system gave');
    expect(byTestId('keychain-reason').style.display).toBe('none');
  });

  it('offers no technical details when the system gave no reason', async () => {
    installFakeBridge().fail('session:signIn', 'keychain_unavailable');
    await mountInApp(SignInView);

    await pressEnter(await typeInto('signin-key', 'live_abcdef123456'));

    expect(queryTestId('keychain-continue-memory')).not.toBeNull();
    expect(queryTestId('keychain-details')).toBeNull();
    expect(queryTestId('keychain-reason')).toBeNull();
  });

  it('the demo button starts the demo', async () => {
    const bridge = installFakeBridge().reply('session:startDemo', signedInDemo);
    await mountInApp(SignInView);

    const demo = byTestId('signin-demo');
    expect(squash(demo.textContent)).toBe('Experimentar a demonstração');
    await click(demo);

    expect(bridge.inputsOf('session:startDemo')).toEqual([{}]);
  });

  it('speaks English when the UI is in English', async () => {
    installFakeBridge().fail('session:signIn', 'network_error');
    await mountInApp(SignInView, { locale: 'en' });

    await pressEnter(await typeInto('signin-key', 'live_abcdef123456'));

    expect(squash(byTestId('signin-error').textContent)).toBe(
      'No connection to the service. Check your internet and try again.',
    );
    expect(squash(byTestId('signin-demo').textContent)).toBe('Try the demo');
  });
});
