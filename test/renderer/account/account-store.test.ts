import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_REFRESH_MS, useAccountStore } from '@renderer/stores/account/use-account-store';
import { useConnectivityStore } from '@renderer/stores/app/use-connectivity-store';
import { installFakeBridge, sampleBalance } from '../support/fake-bridge';
import { freshPinia } from '../support/mount-helpers';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('account store (with a fake bridge)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  function setup() {
    const bridge = installFakeBridge();
    freshPinia();
    return { bridge, account: useAccountStore() };
  }

  it('reads the balance on activation and again on window focus, unless it was read in the last few seconds', async () => {
    const { bridge, account } = setup();
    const stop = account.activate();
    await settle();
    expect(bridge.inputsOf('account:balance')).toEqual([{ refresh: false }]);
    expect(account.balance).toEqual(sampleBalance);

    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(bridge.inputsOf('account:balance')).toHaveLength(1);

    vi.setSystemTime(Date.now() + FOCUS_REFRESH_MS);
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(bridge.inputsOf('account:balance')).toEqual([{ refresh: false }, { refresh: true }]);

    stop();
    vi.setSystemTime(Date.now() + FOCUS_REFRESH_MS);
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(bridge.inputsOf('account:balance')).toHaveLength(2);
    expect(account.balance).toBeNull();
  });

  it('refreshes when the service becomes reachable again', async () => {
    const { bridge, account } = setup();
    const connectivity = useConnectivityStore();
    const stop = account.activate();
    await settle();

    bridge.emit('connectivity:changed', { state: 'unreachable', checkedAt: null });
    await settle();
    bridge.emit('connectivity:changed', { state: 'online', checkedAt: null });
    await settle();

    expect(connectivity.state).toBe('online');
    expect(bridge.inputsOf('account:balance')).toEqual([{ refresh: false }, { refresh: true }]);
    stop();
  });

  it('keeps the last figure and records the error when a read fails', async () => {
    const { bridge, account } = setup();
    await account.loadBalance();
    bridge.fail('account:balance', 'network_error');

    await account.loadBalance(true);

    expect(account.balance).toEqual(sampleBalance);
    expect(account.balanceError?.code).toBe('network_error');
  });

  it('follows balance:changed', () => {
    const { bridge, account } = setup();
    bridge.emit('balance:changed', { ...sampleBalance, balance: 10 });
    expect(account.balance?.balance).toBe(10);
  });
});
