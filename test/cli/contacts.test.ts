/**
 * `torpedo contacts list` as a user runs it: a separate process (npx tsx) on
 * a data folder the desktop app's core filled.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactView, ListView } from '@shared/dto';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { createCore } from '@core/kernel/create-core';
import { openDatabase } from '@core/db/open-database';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { createRecordingHost } from '../support/test-host';
import { torpedo } from '../support/cli-process';
import { demoService } from '../../src/sandbox/index';

let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'torpedo-cli-contacts-'));
  // The desktop app in demo mode: its contacts belong to the `demo` profile, which the folder remembers.
  const core = await createCore({
    demo: demoService,
    dataDir,
    host: createRecordingHost(),
    secretStore: createMemorySecretStore(),
    demoWhenSignedOut: true,
  });
  const call = async <T>(channel: string, input: unknown) => {
    const result = await core.dispatchUntrusted(channel, input);
    if (!result.ok) throw new Error(result.error.message);
    return result.value as T;
  };
  const vip = await call<ListView>('lists:create', { name: 'Clientes VIP' });
  const joao = await call<ContactView>('contacts:create', {
    name: 'João da Silva',
    phone: '(11) 98765-4321',
    email: 'joao@gmail.com',
    fields: { cidade: 'Recife' },
    listIds: [vip.id],
  });
  await call('contacts:create', { name: 'Maria Conceição', phone: '+55 21 91234-5678' });
  await call('contacts:create', { name: 'Ana Lima', phone: '31 99999-0000' });
  await call('contacts:optOut', { ids: [joao.id] });
  await core.close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('torpedo contacts list', () => {
  it('prints the folder\u2019s contacts as JSON, in name order', async () => {
    const run = await torpedo(['contacts', 'list', '--data-dir', dataDir, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      { name: 'Ana Lima', phone: '+5531999990000', email: null, lists: [], fields: {}, optedOut: false },
      {
        name: 'João da Silva',
        phone: '+5511987654321',
        email: 'joao@gmail.com',
        lists: ['Clientes VIP'],
        fields: { cidade: 'Recife' },
        optedOut: true,
      },
      {
        name: 'Maria Conceição',
        phone: '+5521912345678',
        email: null,
        lists: [],
        fields: {},
        optedOut: false,
      },
    ]);
  });

  it('searches as the app does, filters by list name in any case, and limits', async () => {
    const search = await torpedo([
      'contacts',
      'list',
      '--search',
      'conceicao',
      '--data-dir',
      dataDir,
      '--json',
    ]);
    expect(search.code, search.stderr).toBe(0);
    expect(JSON.parse(search.stdout).map((c: { name: string }) => c.name)).toEqual(['Maria Conceição']);

    const listed = await torpedo([
      'contacts',
      'list',
      '--list',
      'clientes vip',
      '--search',
      '98765',
      '--data-dir',
      dataDir,
      '--json',
    ]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).map((c: { name: string }) => c.name)).toEqual(['João da Silva']);

    const limited = await torpedo(['contacts', 'list', '--limit', '2', '--data-dir', dataDir, '--json']);
    expect(JSON.parse(limited.stdout)).toHaveLength(2);
  });

  it('reads the account profile when the folder has no sign-in, and an unknown list is an error', async () => {
    const other = mkdtempSync(join(tmpdir(), 'torpedo-cli-contacts-'));
    try {
      const db = openDatabase(join(other, 'torpedo.db'));
      const repo = createContactsRepo(db);
      repo.create('default', { name: 'Conta', phone: '11 91111-2222' });
      repo.create('demo', { name: 'Demo', phone: '11 91111-3333' });
      db.close();
      const run = await torpedo(['contacts', 'list', '--data-dir', other, '--json']);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).map((c: { name: string }) => c.name)).toEqual(['Conta']);

      const missing = await torpedo(['contacts', 'list', '--list', 'Nenhuma', '--data-dir', other, '--json']);
      expect(missing.code).toBe(2);
      expect(JSON.parse(missing.stdout)).toEqual({
        error: { code: 'not_found', message: 'There is no list called "Nenhuma".' },
      });
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('bad arguments: exit 2 with the usage; an unused folder lists nothing and stays unused', async () => {
    const bad = await torpedo(['contacts', 'list', '--limit', 'all', '--data-dir', dataDir, '--json']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Usage: torpedo/);
    // With --json the failure is JSON on stdout too (issues 11 and 14: always JSON).
    expect(JSON.parse(bad.stdout)).toMatchObject({
      error: { code: 'usage', message: expect.stringMatching(/--limit/) },
    });

    const empty = join(tmpdir(), `torpedo-cli-never-${process.pid}`);
    const run = await torpedo(['contacts', 'list', '--data-dir', empty, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([]);
    expect(existsSync(empty)).toBe(false);
  });
});

describe('torpedo contacts opt-out', () => {
  it('records a number typed as a Brazilian would (source manual) and prints it with --json', async () => {
    const run = await torpedo(['contacts', 'opt-out', '(21) 91234-5678', '--data-dir', dataDir, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      phone: '+5521912345678',
      source: 'manual',
      contact: { name: 'Maria Conceição' },
    });
    const listed = await torpedo([
      'contacts',
      'list',
      '--search',
      'conceicao',
      '--data-dir',
      dataDir,
      '--json',
    ]);
    expect(JSON.parse(listed.stdout)[0].optedOut).toBe(true);

    const again = await torpedo(['contacts', 'opt-out', '+55 21 91234-5678', '--data-dir', dataDir]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/\+5521912345678 \(Maria Conceição\) was already opted out/);

    const stranger = await torpedo(['contacts', 'opt-out', '11 97777-6666', '--data-dir', dataDir]);
    expect(stranger.code, stranger.stderr).toBe(0);
    expect(stranger.stdout).toMatch(/^\+5511977776666 is opted out/);
  });

  it('an invalid number exits 2 saying why', async () => {
    const run = await torpedo(['contacts', 'opt-out', '12345', '--data-dir', dataDir, '--json']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({
      error: { code: 'invalid_input', message: expect.stringMatching(/^"12345" is not a phone number: /) },
    });
    const none = await torpedo(['contacts', 'opt-out', '--data-dir', dataDir]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/takes one phone number/);
  });
});

describe('the validator\u2019s words (issue 32)', () => {
  it('a search too long is said in the app\u2019s words, not zod\u2019s', async () => {
    const run = await torpedo(['contacts', 'list', '--search', 'a'.repeat(201), '--data-dir', dataDir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('query: At most 200 characters');
    expect(run.stderr).not.toMatch(/Too big|expected string/);
  });
});
