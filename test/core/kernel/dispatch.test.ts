import { describe, expect, it } from 'vitest';
import { CHANNELS } from '@shared/ipc-contract';
import { contract } from '@shared/ipc-contract';
import { createDispatch } from '@core/kernel/dispatch';
import type { Handlers } from '@core/kernel/handlers';
import { AppFailure } from '@core/app-failure';
import { NetworkError, ServiceError } from '@core/api/service-error';
import { createMemoryLog } from '../../support/memory-log';

/** Handlers that fail loudly if a test reaches one it did not mean to. */
function handlersWith(overrides: Partial<Handlers>): Handlers {
  const unexpected = async () => {
    throw new Error('handler not expected in this test');
  };
  const all = Object.fromEntries(CHANNELS.map((c) => [c, unexpected])) as unknown as Handlers;
  return { ...all, ...overrides };
}

describe('the IPC contract', () => {
  it('declares exactly the channels the preload allows', () => {
    expect(Object.keys(contract).sort()).toEqual([...CHANNELS].sort());
  });
});

describe('dispatch', () => {
  it('refuses a channel that is not in the contract', async () => {
    const dispatch = createDispatch(handlersWith({}));
    const result = await dispatch('fs:readFile', { path: '/etc/passwd' });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'unknown_channel' }) });
  });

  it('validates input before the handler runs and names the bad field', async () => {
    let called = false;
    const dispatch = createDispatch(
      handlersWith({
        'session:signIn': async () => {
          called = true;
          throw new Error('unreachable');
        },
      }),
    );
    const result = await dispatch('session:signIn', { accountKey: 'short', baseUrl: 'ftp://x' });
    expect(called).toBe(false);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_input');
    expect(result.error.details?.fields?.map((f) => f.field).sort()).toEqual(['accountKey', 'baseUrl']);
  });

  it('says what zod left unworded in the app\u2019s words; a schema\u2019s own words stay (issue 32)', async () => {
    const dispatch = createDispatch(handlersWith({}));
    const result = await dispatch('contacts:search', { query: 'x'.repeat(201), limit: 0, extra: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.details?.fields).toEqual([
      { field: 'query', message: 'At most 200 characters' },
      { field: 'limit', message: 'At least 1' },
      { field: '(input)', message: 'Not a field here: extra' },
    ]);
    const opened = await dispatch('import:open', { fileName: '', data: new Uint8Array() });
    expect(opened.ok ? [] : opened.error.details?.fields).toEqual([
      { field: 'fileName', message: 'Cannot be empty' },
    ]);
    const missing = await dispatch('optOuts:add', {});
    expect(missing.ok ? [] : missing.error.details?.fields).toEqual([
      { field: 'phones', message: 'Required' },
    ]);
    const worded = await dispatch('optOuts:add', { phones: [] });
    expect(worded.ok ? [] : worded.error.details?.fields).toEqual([
      { field: 'phones', message: 'Enter at least one number' },
    ]);
  });

  it('rejects unknown extra fields (inputs are strict)', async () => {
    const dispatch = createDispatch(handlersWith({}));
    const result = await dispatch('session:signOut', { deleteLocalData: false, path: '/' });
    expect(result.ok).toBe(false);
  });

  it('passes parsed input (trimmed key, base URL without trailing slash) to the handler', async () => {
    let seen: unknown;
    const dispatch = createDispatch(
      handlersWith({
        'session:signIn': async (input) => {
          seen = input;
          return {
            signedIn: true,
            mode: 'test',
            baseUrl: null,
            keyStorage: 'keychain',
            keychain: { available: true },
          };
        },
      }),
    );
    const result = await dispatch('session:signIn', {
      accountKey: '  test_abcdefgh \n',
      baseUrl: 'https://a.example/',
    });
    expect(result.ok).toBe(true);
    expect(seen).toEqual({ accountKey: 'test_abcdefgh', baseUrl: 'https://a.example' });
  });

  it('keeps the service error code, status, fields and Retry-After', async () => {
    const dispatch = createDispatch(
      handlersWith({
        'account:balance': async () => {
          throw new ServiceError({
            method: 'GET',
            path: '/v1/account/balance',
            status: 429,
            code: 'rate_limited',
            detail: 'Too many requests',
            retryAfterSeconds: 12,
          });
        },
      }),
    );
    const result = await dispatch('account:balance', {});
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'rate_limited',
        message: expect.stringContaining('Too many requests'),
        details: { status: 429, retryAfterSeconds: 12 },
      },
    });
  });

  it('maps a transport failure to network_error and says whether the request may have been committed', async () => {
    const dispatch = createDispatch(
      handlersWith({
        'account:webhook': async () => {
          throw new NetworkError({
            method: 'GET',
            path: '/v1/account/webhook',
            kind: 'refused',
            maybeCommitted: false,
          });
        },
      }),
    );
    const result = await dispatch('account:webhook', {});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('network_error');
    expect(result.error.details?.maybeCommitted).toBe(false);
  });

  it('keeps an AppFailure code and hides the text of unexpected errors', async () => {
    const dispatch = createDispatch(
      handlersWith({
        'demo:reset': async () => {
          throw new AppFailure('not_in_demo', 'Reset demo only applies to the demo.');
        },
        'session:get': async () => {
          throw new Error('SQLITE_CORRUPT at /home/ana/.config/Torpedo/torpedo.db token=abc');
        },
      }),
    );
    expect(await dispatch('demo:reset', {})).toEqual({
      ok: false,
      error: { code: 'not_in_demo', message: 'Reset demo only applies to the demo.' },
    });
    const hidden = await dispatch('session:get', {});
    expect(hidden.ok).toBe(false);
    if (hidden.ok) return;
    expect(hidden.error.code).toBe('internal_error');
    expect(JSON.stringify(hidden)).not.toContain('token=abc');
  });
});

describe('dispatch and the log', () => {
  it('logs each failure with its channel and code, a bug as an error with its stack, never the input', async () => {
    const log = createMemoryLog();
    const dispatch = createDispatch(
      handlersWith({
        'contacts:create': async () => {
          throw new Error('constraint failed for +5511987654321');
        },
        'lists:create': async () => {
          throw new AppFailure('not_found', 'No such list.');
        },
        'contacts:update': async () => {
          throw new AppFailure('invalid_input', 'Phone taken.');
        },
      }),
      log,
    );
    await dispatch('contacts:create', { name: 'Maria', phone: '11 98765-4321' });
    await dispatch('lists:create', { name: 'Clientes VIP' });
    await dispatch('contacts:update', { id: 'c1', phone: '11 98765-4321' });

    expect(log.lines.map((l) => [l.level, l.event, l.fields.channel, l.fields.code])).toEqual([
      ['error', 'channel.failed', 'contacts:create', 'internal_error'],
      ['warn', 'channel.failed', 'lists:create', 'not_found'],
      // A refusal the app makes every day is a line, not one of the "last problems".
      ['info', 'channel.refused', 'contacts:update', 'invalid_input'],
    ]);
    expect(log.lines[0]!.fields.error).toMatchObject({
      type: 'Error',
      message: 'constraint failed for [phone …21]',
    });
    const written = JSON.stringify(log.lines);
    for (const input of ['Maria', 'Clientes VIP', '98765']) expect(written).not.toContain(input);
  });
});
