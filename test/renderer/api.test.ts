import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, asApiError, call, isApiError, onEvent } from '@renderer/api';
import { installFakeBridge, signedInDemo } from './support/fake-bridge';

describe('api.ts (with a fake bridge)', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'torpedo');
  });

  it('returns the value of an ok Result and passes the channel and input through', async () => {
    const bridge = installFakeBridge();
    bridge.reply('settings:update', { language: 'en', theme: 'dark' });

    await expect(call('settings:update', { language: 'en' })).resolves.toEqual({
      language: 'en',
      theme: 'dark',
    });
    expect(bridge.calls).toEqual([{ channel: 'settings:update', input: { language: 'en' } }]);
  });

  it('throws an ApiError with the code and details of an error Result', async () => {
    const bridge = installFakeBridge();
    bridge.fail('account:balance', 'rate_limited', { retryAfterSeconds: 7, status: 429 });

    const error = await call('account:balance', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 'rate_limited', details: { retryAfterSeconds: 7, status: 429 } });
    expect(isApiError(error, 'rate_limited')).toBe(true);
    expect(isApiError(error, 'unauthorized')).toBe(false);
  });

  it('turns a failing bridge into an ApiError too', async () => {
    const bridge = installFakeBridge();
    bridge.handle('session:get', () => Promise.reject(new Error('IPC broke')));

    await expect(call('session:get', {})).rejects.toMatchObject({
      code: 'internal_error',
      message: 'IPC broke',
    });
  });

  it('throws an ApiError when there is no bridge at all', async () => {
    await expect(call('session:get', {})).rejects.toBeInstanceOf(ApiError);
  });

  it('subscribes to events and unsubscribes', () => {
    const bridge = installFakeBridge();
    const seen: unknown[] = [];
    const stop = onEvent('session:changed', (info) => seen.push(info));

    bridge.emit('session:changed', signedInDemo);
    stop();
    bridge.emit('session:changed', signedInDemo);

    expect(seen).toEqual([signedInDemo]);
  });

  it('asApiError keeps ApiErrors and wraps anything else', () => {
    const original = new ApiError({ code: 'unauthorized', message: 'no' });
    expect(asApiError(original)).toBe(original);
    expect(asApiError('boom')).toMatchObject({ code: 'internal_error', message: 'boom' });
  });
});
