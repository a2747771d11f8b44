import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import SignInView from '@renderer/views/SignInView.vue';
import { fail, installFakeBridge, ok, signedInDemo, signedInLive } from './fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from './mount-helpers';

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
    expect(document.body.textContent).toContain('The Secret Service is not running');
    expect(document.body.textContent).not.toMatch(/salvar (a chave )?no disco/i);
    await click(byTestId('keychain-continue-memory'));

    expect(bridge.inputsOf('session:signIn')).toEqual([
      { accountKey: 'live_abcdef123456' },
      { accountKey: 'live_abcdef123456', allowMemoryOnly: true },
    ]);
    expect(queryTestId('signin-error')).toBeNull();
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
