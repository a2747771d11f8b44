/**
 * The record of processing (issue 35, item 6) through the real core: the
 * data folder it names is the one in use, and the customers' contact
 * channel the owner fills is kept in the data folder's settings (a core
 * opened again on the folder, as the CLI or the next start, reads it).
 */
import { describe, expect, it } from 'vitest';
import type { ProcessingRecordView } from '@shared/dto';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';
import { failed, ok } from '../segments/segment-fixture';

const open = (dataDir: string, host = createRecordingHost()) =>
  createCore({ dataDir, host, secretStore: createMemorySecretStore(), localOnly: true });

describe('the record of processing', () => {
  it('names the data folder and keeps the customers’ contact channel the owner fills', async () => {
    const dataDir = tempDir();
    const core = await open(dataDir);
    try {
      expect(ok<ProcessingRecordView>(await core.dispatch('processingRecord:get', {}))).toEqual({
        dataFolder: dataDir,
        serverConnected: false,
        contact: null,
      });
      const nowhere = failed(
        await core.dispatch('processingRecord:setContact', {
          shopName: 'Loja da Ana',
          officerName: null,
          email: '',
          phone: ' ',
        }),
      );
      expect(nowhere.code).toBe('invalid_input');
      expect(
        failed(
          await core.dispatch('processingRecord:setContact', {
            shopName: null,
            officerName: null,
            email: 'ana@',
            phone: null,
          }),
        ).code,
      ).toBe('invalid_input');
      ok(
        await core.dispatch('processingRecord:setContact', {
          shopName: 'Loja da Ana',
          officerName: 'Ana Lima',
          email: 'privacidade@lojadaana.com.br',
          phone: null,
        }),
      );
    } finally {
      await core.close();
    }
    const host = createRecordingHost();
    const again = await open(dataDir, host);
    try {
      // The page has no clipboard: main puts the notice's paragraph there.
      ok(await again.dispatch('processingRecord:copyNotice', { text: 'A Loja da Ana guarda o seu nome…' }));
      expect(host.clipboard).toEqual(['A Loja da Ana guarda o seu nome…']);
      expect(ok<ProcessingRecordView>(await again.dispatch('processingRecord:get', {})).contact).toEqual({
        shopName: 'Loja da Ana',
        officerName: 'Ana Lima',
        email: 'privacidade@lojadaana.com.br',
        phone: null,
      });
    } finally {
      await again.close();
    }
  });
});
