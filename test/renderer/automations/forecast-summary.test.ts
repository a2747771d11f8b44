import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { h } from 'vue';
import type { ForecastView } from '@shared/dto/automations';
import ForecastSummary from '@renderer/views/automations/ForecastSummary.vue';
import { installFakeBridge } from '../support/fake-bridge';
import { byTestId, mountInApp, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const nothingAhead = (over: Partial<ForecastView> = {}): ForecastView => ({
  from: '2027-03-10',
  days: 30,
  automationId: 'a-1',
  messages: 0,
  birthdays: 0,
  birthdaysOnRecord: null,
  segments: 0,
  cost: 0,
  paid: 0,
  perDay: [],
  balance: 50,
  autoRecharge: false,
  coveredUntil: null,
  shortOn: null,
  lowBalanceOn: null,
  ...over,
});

async function sentence(forecast: ForecastView, locale: 'pt-BR' | 'en' = 'pt-BR'): Promise<string> {
  installFakeBridge();
  const { wrapper } = await mountInApp(() => h(ForecastSummary, { forecast, testid: 'forecast' }), {
    locale,
  });
  const text = squash(byTestId('forecast').textContent);
  wrapper.unmount();
  return text;
}

describe('the forecast of a birthday automation with nobody to greet', () => {
  it('says 0 contacts have a birthday, and to import a birthday column, in Portuguese and in English', async () => {
    expect(await sentence(nothingAhead({ birthdaysOnRecord: 0 }))).toBe(
      '0 contatos com aniversário: para esta automação ter a quem dar parabéns, importe uma planilha com uma coluna de aniversário (Contatos, Importar) ou anote o aniversário no contato.',
    );
    expect(await sentence(nothingAhead({ birthdaysOnRecord: 0 }), 'en')).toMatch(
      /^0 contacts with a birthday: .*import a spreadsheet with a birthday column/,
    );
  });

  it('says how many have one when none falls in the window; a recurring one keeps "nothing to send"', async () => {
    expect(await sentence(nothingAhead({ birthdaysOnRecord: 12 }))).toBe(
      'Nenhum aniversário nos próximos 30 dias (12 contatos com aniversário anotado).',
    );
    expect(await sentence(nothingAhead({ birthdaysOnRecord: 1 }), 'en')).toBe(
      'No birthdays in the next 30 days (1 contact with a birthday on record).',
    );
    expect(await sentence(nothingAhead())).toBe('Nada a enviar nos próximos 30 dias.');
  });
});
