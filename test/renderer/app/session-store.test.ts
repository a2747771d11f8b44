import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '@shared/dto';
import { useSessionStore } from '@renderer/stores/app/use-session-store';
import { fail, installFakeBridge, ok, signedInDemo, signedInLive } from '../support/fake-bridge';
import { freshPinia } from '../support/mount-helpers';

function setup() {
  const bridge = installFakeBridge();
  freshPinia();
  return { bridge, session: useSessionStore() };
}

describe('session store (with a fake bridge)', () => {
  it('reads the session once, however many times it is asked', async () => {
    const { bridge, session } = setup();
    bridge.reply('session:get', signedInLive);

    await Promise.all([session.ensureLoaded(), session.ensureLoaded()]);
    await session.ensureLoaded();

    expect(bridge.inputsOf('session:get')).toHaveLength(1);
    expect(session.signedIn).toBe(true);
    expect(session.mode).toBe('live');
  });

  it('signs in with the key and keeps the session the core returns', async () => {
    const { bridge, session } = setup();
    bridge.reply('session:signIn', signedInLive);

    await session.signIn({ accountKey: 'live_abcdef123456' });

    expect(bridge.inputsOf('session:signIn')).toEqual([{ accountKey: 'live_abcdef123456' }]);
    expect(session.signedIn).toBe(true);
    expect(session.info?.keyStorage).toBe('keychain');
  });

  it('rejects with code unauthorized and stays signed out when the key is refused', async () => {
    const { bridge, session } = setup();
    bridge.fail('session:signIn', 'unauthorized', { status: 401 });

    await expect(session.signIn({ accountKey: 'wrong_key_123' })).rejects.toMatchObject({
      code: 'unauthorized',
    });
    expect(session.signedIn).toBe(false);
  });

  it('without a keychain, signs in only after the user allows memory-only storage', async () => {
    const { bridge, session } = setup();
    const inMemory: SessionInfo = {
      ...signedInLive,
      keyStorage: 'memory',
      keychain: { available: false, reason: 'No Secret Service' },
    };
    bridge.handle('session:signIn', (input) =>
      input.allowMemoryOnly
        ? ok(inMemory)
        : fail('keychain_unavailable', 'no keychain', { reason: 'No Secret Service' }),
    );

    await expect(session.signIn({ accountKey: 'live_abcdef123456' })).rejects.toMatchObject({
      code: 'keychain_unavailable',
      details: { reason: 'No Secret Service' },
    });
    expect(session.signedIn).toBe(false);

    await session.signIn({ accountKey: 'live_abcdef123456', allowMemoryOnly: true });

    expect(bridge.inputsOf('session:signIn')).toEqual([
      { accountKey: 'live_abcdef123456' },
      { accountKey: 'live_abcdef123456', allowMemoryOnly: true },
    ]);
    expect(session.signedIn).toBe(true);
    expect(session.info?.keyStorage).toBe('memory');
  });

  it('starts the demo, resets it, and signs out with the deleteLocalData choice', async () => {
    const { bridge, session } = setup();
    bridge.reply('session:startDemo', signedInDemo).reply('demo:reset', signedInDemo);
    bridge.reply('session:signOut', { ...signedInDemo, signedIn: false, mode: null });

    await session.startDemo();
    expect(session.mode).toBe('demo');
    await session.resetDemo();
    expect(bridge.inputsOf('demo:reset')).toEqual([{}]);
    await session.signOut(true);

    expect(bridge.inputsOf('session:signOut')).toEqual([{ deleteLocalData: true }]);
    expect(session.signedIn).toBe(false);
  });

  it('follows session:changed from main', () => {
    const { bridge, session } = setup();
    bridge.emit('session:changed', signedInDemo);
    expect(session.signedIn).toBe(true);
    expect(session.mode).toBe('demo');
  });
});
