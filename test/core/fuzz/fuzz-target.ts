/**
 * What the fuzzer aims at: the real core (no background work, so only the
 * calls themselves write to the database) on a temporary data folder,
 * signed into an account of a real sandbox, with a list, two contacts, an
 * opt-out and a draft campaign, so that generated ids and names meet data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { startSandbox } from '../../../src/sandbox/index';
import { createRecordingHost } from '../../support/test-host';
import { closedPortUrl } from '../api/stub-server';
import type { ChannelName, InputOf, OutputOf } from '@shared/ipc-contract';
import type { FuzzTarget } from './fuzz-channels';

export interface OpenFuzzTarget extends FuzzTarget {
  /** Where generated `format: uri` fields point: the sandbox, and a port nobody listens on. */
  urls: string[];
  close(): Promise<void>;
}

export async function openFuzzTarget(): Promise<OpenFuzzTarget> {
  const sandbox = await startSandbox({ port: 0, seed: 11 });
  const dataDir = mkdtempSync(join(tmpdir(), 'torpedo-fuzz-'));
  const core = await createCore({
    dataDir,
    host: createRecordingHost('pt-BR'),
    secretStore: createMemorySecretStore(),
    background: false,
  });
  const key = 'test_fuzz_account_0001';
  const must = async <C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>> => {
    const result = await core.dispatch(channel, input);
    if (!result.ok) throw new Error(`fuzz target: ${channel} failed: ${result.error.code}`);
    return result.value;
  };

  const restore = async () => {
    const session = await must('session:get', {});
    if (!session.signedIn || session.mode !== 'test' || session.baseUrl !== sandbox.url) {
      await must('session:signIn', { accountKey: key, baseUrl: sandbox.url, allowMemoryOnly: true });
    }
    const lists = await must('lists:list', {});
    if (lists.length > 0) return;
    const list = await must('lists:create', { name: 'Clientes VIP' });
    await must('contacts:create', { name: 'Maria da Conceição', phone: '11 98765-4321', listIds: [list.id] });
    await must('contacts:create', {
      name: 'Antônio Araújo',
      phone: '+55 21 99876-5432',
      email: 'a@example.com',
    });
    await must('optOuts:add', { phones: ['11 91234-5678'] });
    await must('campaigns:create', { name: 'Promoção de sábado' });
  };

  await restore();
  return {
    core,
    dataDir,
    restore,
    urls: [sandbox.url, await closedPortUrl()],
    close: async () => {
      await core.close();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
