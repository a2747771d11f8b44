import { afterEach, describe, expect, it } from 'vitest';
import type { Result } from '@shared/app-error';
import type { ContactView, ListView } from '@shared/dto';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';
import { demoService } from '../../../src/sandbox/index';

// Names a person can see: a contact, list or campaign name made only of NUL or
// zero-width characters was accepted and showed as a blank row (found by probing).

const cores: Core[] = [];
afterEach(async () => {
  while (cores.length) await cores.pop()!.close();
});

async function demoCore(): Promise<Core> {
  const core = await createCore({
    demo: demoService,
    dataDir: tempDir(),
    host: createRecordingHost(),
    secretStore: createMemorySecretStore(),
    demoWhenSignedOut: true,
  });
  cores.push(core);
  return core;
}

const refusedField = (result: Result<unknown>) => {
  expect(result.ok).toBe(false);
  if (result.ok) return undefined;
  expect(result.error.code).toBe('invalid_input');
  return result.error.details?.fields?.map((f) => f.field);
};

// (A lone BOM is white space to JavaScript's trim: like spaces, it leaves a contact without a name.)
const INVISIBLE = ['\u0000\u0000\u0000', '\u200B\u200B', '\u200D\u00AD', ' \u0000 \u2060 ', '\u200B\uFEFF'];

describe('names made only of invisible characters are refused', () => {
  it('contacts, lists and campaigns', async () => {
    const core = await demoCore();
    for (const name of INVISIBLE) {
      expect(refusedField(await core.dispatch('contacts:create', { name, phone: '11 98765-4321' }))).toEqual([
        'name',
      ]);
      expect(refusedField(await core.dispatch('lists:create', { name }))).toEqual(['name']);
      expect(refusedField(await core.dispatch('campaigns:create', { name }))).toEqual(['name']);
    }
    const lists = await core.dispatch('lists:list', {});
    expect(lists.ok && (lists.value as ListView[])).toEqual([]);
  });

  it('control characters inside a visible name are dropped; an empty contact name stays allowed', async () => {
    const core = await demoCore();
    const maria = await core.dispatch('contacts:create', {
      name: 'Maria\u0000 da Silva\u0007',
      phone: '11 98765-4321',
    });
    expect(maria.ok && (maria.value as ContactView).name).toBe('Maria da Silva');
    const nameless = await core.dispatch('contacts:create', { name: '', phone: '11 98765-4322' });
    expect(nameless.ok).toBe(true);
    const list = await core.dispatch('lists:create', { name: 'VIP\u0000' });
    expect(list.ok && (list.value as ListView).name).toBe('VIP');
  });
});
