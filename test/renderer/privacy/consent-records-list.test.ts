import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import type { ConsentRecordView } from '@shared/dto';
import ConsentRecordsList from '@renderer/views/contacts/ConsentRecordsList.vue';
import { installFakeBridge } from '../support/fake-bridge';
import { byTestId, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

/** The list as the drawer places it, for contact c1. */
const InDrawer = defineComponent({
  setup: () => () => h(ConsentRecordsList, { contactId: 'c1', savedAt: '2026-05-10T12:00:00.000Z' }),
});

const record = (id: number, over: Partial<ConsentRecordView> = {}): ConsentRecordView => ({
  id,
  basis: 'consent',
  words: null,
  channel: null,
  collectedBy: null,
  source: null,
  givenAt: null,
  recordedAt: '2026-05-10T12:00:00.000Z',
  withdrawnAt: null,
  withdrawnSource: null,
  ...over,
});

describe('the drawer’s evidence of consent (with a fake bridge)', () => {
  it('shows each record’s words, channel, collector and day, and a withdrawal kept with when and how', async () => {
    const bridge = installFakeBridge().reply('contacts:consentRecords', [
      record(2, {
        words: 'Aceito receber ofertas por SMS',
        channel: 'balcao',
        collectedBy: 'Joana',
        givenAt: '2025-12-05',
        withdrawnAt: '2026-06-01T15:00:00.000Z',
        withdrawnSource: 'reply',
      }),
      record(1, { basis: 'legitimate_interest', source: 'ficha da loja', givenAt: 'ontem' }),
    ]);
    await mountInApp(InDrawer);

    expect(bridge.inputsOf('contacts:consentRecords')).toEqual([{ id: 'c1' }]);
    const items = [...document.querySelectorAll('[data-testid="consent-record"]')].map((i) =>
      squash(i.textContent),
    );
    expect(items[0]).toContain('Consentimento · Dado em 05/12/2025');
    expect(items[0]).toContain('Texto aceito: “Aceito receber ofertas por SMS”');
    expect(items[0]).toContain('Canal: Balcão');
    expect(items[0]).toContain('Coletado por: Joana');
    expect(squash(byTestId('consent-record-withdrawn').textContent)).toMatch(
      /^Retirado em 01\/06\/2026.*\(pediu para sair por SMS\)$/,
    );
    // A day the file wrote in words is shown as it was written.
    expect(items[1]).toContain('Legítimo interesse · Dado em ontem');
    expect(items[1]).toContain('Origem: ficha da loja');
  });

  it('says when a number has no evidence yet', async () => {
    installFakeBridge().reply('contacts:consentRecords', []);
    await mountInApp(InDrawer);
    expect(squash(byTestId('consent-records').textContent)).toContain(
      'Nenhuma prova registrada para este número.',
    );
    expect(queryTestId('consent-record')).toBeNull();
  });
});
