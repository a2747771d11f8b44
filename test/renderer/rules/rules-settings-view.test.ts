import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RulesSettingsView from '@renderer/views/settings/RulesSettingsView.vue';
import { DEFAULT_RULES } from '@shared/rules/sending-rules';
import type { SendingRules } from '@shared/dto/rules';
import { howToStopOn } from '@shared/rules/how-to-stop';
import { installFakeBridge, ok } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';
import { rulesView } from './rules-samples';

enableAutoUnmount(afterEach);

const text = () => squash(document.body.textContent);

async function type(testid: string, value: string): Promise<void> {
  const input = byTestId(testid).querySelector('input')!;
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}

/** `rules:set` answers the rules it was given over the defaults, as the core does (`serverConnected`: a server reads replies). */
function bridgeWithRules(serverConnected = false) {
  let saved: SendingRules = structuredClone({ ...DEFAULT_RULES });
  const view = () =>
    rulesView({
      rules: saved,
      howToStop: { on: howToStopOn(saved.howToStop, serverConnected), serverConnected },
    });
  return installFakeBridge()
    .handle('rules:get', () => ok(view()))
    .handle('rules:set', (patch) => {
      saved = { ...saved, ...patch } as SendingRules;
      return ok(view());
    })
    .reply('rules:blockLists', []);
}

describe('Settings › Sending rules (with a fake bridge)', () => {
  it('shows each rule with why it exists, the default window and this year’s holidays as dd/mm', async () => {
    const bridge = bridgeWithRules();
    await mountInApp(RulesSettingsView);

    expect(bridge.inputsOf('rules:get')).toEqual([{}]);
    expect(text()).toContain('no relógio de cada cliente, pelo DDD');
    expect(text()).toContain('Domingo é dia de descanso');
    expect(text()).toContain('Em feriado ninguém quer receber propaganda');
    expect(text()).toContain('o cliente não sabe quem escreveu');
    expect(text()).toContain('Quem recebe mensagens demais descadastra');
    expect(byTestId('rules-day-mon-start').querySelector('input')!.value).toBe('09:00');
    expect(byTestId('rules-day-fri-end').querySelector('input')!.value).toBe('18:00');
    expect(byTestId('rules-day-sat-end').querySelector('input')!.value).toBe('13:00');
    // Sunday's hours show only once the Sundays rule is off.
    expect(queryTestId('rules-day-sun')).toBeNull();
    const holidays = [...document.querySelectorAll('[data-testid="rules-holiday"]')].map((h) =>
      squash(h.textContent),
    );
    expect(holidays).toContain('21/04 Tiradentes');
    expect(holidays).toContain('03/04 Sexta-feira Santa'); // Easter 2026 is 5 April
    expect(holidays).toContain('20/11 Dia da Consciência Negra');
    expect(holidays.some((h) => h.includes('2027'))).toBe(false);
    expect(text()).toContain('Feriados de 2026');
  });

  it('says what “Salvar regras” saves, beside it: the rules above; the block lists below save on their own', async () => {
    bridgeWithRules();
    await mountInApp(RulesSettingsView);
    const scope = byTestId('rules-save-scope');
    expect(squash(scope.textContent)).toBe(
      'Salva o horário, os dias, o nome na frente das mensagens, o “Como sair”, a confirmação de quem sai e o limite por pessoa, aqui acima. As listas de bloqueio, abaixo, são salvas sozinhas assim que você importa ou remove uma.',
    );
    expect(byTestId('rules-save').getAttribute('aria-describedby')).toBe(scope.id);
    // With the button, inside the form it saves.
    expect(byTestId('rules-form').contains(scope)).toBe(true);
  });

  it('says it in English too', async () => {
    bridgeWithRules();
    await mountInApp(RulesSettingsView, { locale: 'en' });
    expect(squash(byTestId('rules-save-scope').textContent)).toContain(
      'The block lists below save on their own as soon as you import or remove one.',
    );
  });

  it('previews the business name in front of a message, counts its characters, and saves only what changed', async () => {
    const bridge = bridgeWithRules();
    await mountInApp(RulesSettingsView);
    expect(squash(byTestId('rules-prefix-preview').textContent)).toContain(
      'as mensagens saem como você escrever',
    );

    await type('rules-prefix', 'Loja Maria: ');
    expect(squash(byTestId('rules-prefix-sample').textContent)).toBe(
      'Loja Maria: Olá, Ana! Nossa promoção de sexta começa hoje.',
    );
    // "Loja Maria:" and one space.
    expect(squash(byTestId('rules-prefix-count').textContent)).toBe(
      '+12 caracteres em cada mensagem, contados no custo.',
    );
    await click(byTestId('rules-cap-suggested'));
    await click(byTestId('rules-save'));

    expect(bridge.inputsOf('rules:set')).toEqual([
      { prefix: 'Loja Maria:', cap: { on: true, messages: 4, days: 7 } },
    ]);
    await vi.waitFor(() => expect(text()).toContain('Regras de envio salvas'));
  });

  it('Como sair without a server: off on its own, says plainly no one reads the replies; turned on, warns and saves the choice', async () => {
    const bridge = bridgeWithRules(false);
    await mountInApp(RulesSettingsView);
    expect(text()).toContain(
      'Termina cada mensagem de campanha e de automação com “Para sair, responda SAIR.”',
    );
    expect(byTestId('rules-how-to-stop').getAttribute('aria-checked')).toBe('false');
    expect(squash(byTestId('rules-how-to-stop-who').textContent)).toBe(
      'Automático: fica desligado até um Torpedo Server ler as respostas.',
    );
    expect(squash(byTestId('rules-how-to-stop-server').textContent)).toContain(
      'Sem um Torpedo Server, o Torpedo não lê as respostas dos clientes: um “SAIR” não descadastraria ninguém.',
    );
    expect(queryTestId('rules-how-to-stop-preview')).toBeNull();

    await click(byTestId('rules-how-to-stop'));
    expect(byTestId('rules-how-to-stop').getAttribute('aria-checked')).toBe('true');
    expect(squash(byTestId('rules-how-to-stop-sample').textContent)).toBe(
      'Olá, Ana! Nossa promoção de sexta começa hoje. Para sair, responda SAIR.',
    );
    expect(squash(byTestId('rules-how-to-stop-preview').textContent)).toContain(
      '+26 caracteres em cada mensagem, contados no custo.',
    );
    expect(squash(byTestId('rules-how-to-stop-server').textContent)).toContain(
      'Atenção: nenhum Torpedo Server lê as respostas, então o Torpedo não vê quem responde SAIR',
    );
    await click(byTestId('rules-save'));
    expect(bridge.inputsOf('rules:set')).toEqual([{ howToStop: 'on' }]);
    await vi.waitFor(() =>
      expect(squash(byTestId('rules-how-to-stop-who').textContent)).toContain(
        'Ligado por você: vale com ou sem servidor.',
      ),
    );

    // Back to automatic: off again, since no server reads the replies.
    await click(byTestId('rules-how-to-stop-auto'));
    expect(byTestId('rules-how-to-stop').getAttribute('aria-checked')).toBe('false');
    await click(byTestId('rules-save'));
    expect(bridge.inputsOf('rules:set').at(-1)).toEqual({ howToStop: 'unset' });
  });

  it('Como sair with a server, in English: on by itself; turning it off is the owner’s choice', async () => {
    const bridge = bridgeWithRules(true);
    await mountInApp(RulesSettingsView, { locale: 'en' });
    expect(byTestId('rules-how-to-stop').getAttribute('aria-checked')).toBe('true');
    expect(squash(byTestId('rules-how-to-stop-who').textContent)).toBe(
      'Automatic: on, because a Torpedo Server reads the replies.',
    );
    expect(squash(byTestId('rules-how-to-stop-server').textContent)).toBe(
      'A Torpedo Server reads the replies: whoever replies SAIR stops getting campaigns and automations as soon as Torpedo syncs.',
    );
    expect(text()).toContain('(Portuguese for “To stop, reply SAIR.”)');
    await click(byTestId('rules-how-to-stop'));
    await click(byTestId('rules-save'));
    expect(bridge.inputsOf('rules:set')).toEqual([{ howToStop: 'off' }]);
  });

  it('says a refused hour and a refused cap next to their fields, in Portuguese, and sends nothing', async () => {
    const bridge = bridgeWithRules();
    await mountInApp(RulesSettingsView);
    await type('rules-day-mon-start', '25:00');
    await type('rules-day-tue-end', '08:00');
    await click(byTestId('rules-cap-on'));
    await type('rules-cap-messages', '0');
    // No red before the owner tries to save.
    expect(squash(byTestId('rules-day-mon-error').textContent)).toBe('');

    await click(byTestId('rules-save'));
    expect(squash(byTestId('rules-day-mon-error').textContent)).toBe(
      'Use horas e minutos, por exemplo 09:00.',
    );
    expect(squash(byTestId('rules-day-tue-error').textContent)).toBe('O fim precisa ser depois do início.');
    expect(squash(byTestId('rules-cap-error').textContent)).toBe('Um número inteiro de 1 a 50.');
    expect(byTestId('rules-day-mon-start').querySelector('input')!.getAttribute('aria-invalid')).toBe('true');
    // The Save button is below every rule: the first field with a problem is focused (and so brought into view).
    expect(document.activeElement).toBe(byTestId('rules-day-mon-start').querySelector('input'));
    expect(bridge.inputsOf('rules:set')).toEqual([]);
  });

  it('says the refusals in English too, and that a window must open on some day', async () => {
    const bridge = bridgeWithRules();
    await mountInApp(RulesSettingsView, { locale: 'en' });
    for (const day of ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'])
      await click(byTestId(`rules-day-${day}-open`));
    await type('rules-prefix', 'Loja Maria Comércio de Roupas Ltda:');
    await click(byTestId('rules-save'));

    expect(squash(byTestId('rules-window-error').textContent)).toBe(
      'Keep at least one day from Monday to Saturday open for sending.',
    );
    expect(squash(byTestId('rules-prefix-error').textContent)).toBe('Use at most 30 characters.');
    expect(bridge.inputsOf('rules:set')).toEqual([]);
  });

  it('offers Sunday’s hours once the Sundays rule is off, and saves both', async () => {
    const bridge = bridgeWithRules();
    await mountInApp(RulesSettingsView);
    await click(byTestId('rules-sundays'));
    expect(text()).toContain('Para enviar aos domingos, marque também o domingo');
    await click(byTestId('rules-day-sun-open'));
    await type('rules-day-sun-end', '12:00');
    await click(byTestId('rules-save'));

    expect(bridge.inputsOf('rules:set')).toEqual([
      {
        sundays: false,
        window: { on: true, hours: { ...DEFAULT_RULES.window.hours, sun: { start: '09:00', end: '12:00' } } },
      },
    ]);
  });

  it('restores the defaults after saying what they are', async () => {
    const bridge = bridgeWithRules();
    await mountInApp(RulesSettingsView);
    await type('rules-prefix', 'Loja Maria:');
    await click(byTestId('rules-save'));

    await click(byTestId('rules-defaults'));
    expect(text()).toContain('O horário volta a segunda a sexta das 09:00 às 18:00');
    await click(byTestId('rules-defaults-confirm'));

    expect(bridge.inputsOf('rules:set').at(-1)).toEqual(DEFAULT_RULES);
    await vi.waitFor(() => expect(text()).toContain('As regras voltaram ao padrão.'));
    expect(byTestId('rules-prefix').querySelector('input')!.value).toBe('');
  });

  it('the opt-out confirmation: off by default, its very text with the business name as typed and its cost; turned on and saved', async () => {
    const bridge = bridgeWithRules(true).reply('inbox:optOutConfirmation', {
      on: false,
      text: 'Pronto, você não recebe mais nossas mensagens.',
      segments: 1,
      cost: 0.09,
    });
    await mountInApp(RulesSettingsView);
    expect(byTestId('rules-opt-out-confirmation').getAttribute('aria-checked')).toBe('false');
    expect(squash(byTestId('rules-opt-out-confirmation-text').textContent)).toBe(
      'Pronto, você não recebe mais nossas mensagens.',
    );
    expect(squash(byTestId('rules-opt-out-confirmation-cost').textContent)).toBe(
      'Custa R$ 0,09 por descadastro (1 SMS).',
    );
    // A server reads the replies: nothing to warn about.
    expect(queryTestId('rules-opt-out-confirmation-server')).toBeNull();

    // The business name typed above is in it at once; a long one takes two SMS (accents: 70 characters each).
    await type('rules-prefix', 'Padaria e Confeitaria do Zé:');
    expect(squash(byTestId('rules-opt-out-confirmation-text').textContent)).toBe(
      'Padaria e Confeitaria do Zé: Pronto, você não recebe mais nossas mensagens.',
    );
    expect(squash(byTestId('rules-opt-out-confirmation-cost').textContent)).toBe(
      'Custa R$ 0,18 por descadastro (2 SMS).',
    );

    await click(byTestId('rules-opt-out-confirmation'));
    await click(byTestId('rules-save'));
    expect(bridge.inputsOf('rules:set').at(-1)).toEqual({
      prefix: 'Padaria e Confeitaria do Zé:',
      optOutConfirmation: true,
    });
    await vi.waitFor(() =>
      expect(byTestId('rules-opt-out-confirmation').getAttribute('aria-checked')).toBe('true'),
    );
  });

  it('the opt-out confirmation without a server, in English: says none goes, and that the cost is not known yet', async () => {
    bridgeWithRules(false);
    await mountInApp(RulesSettingsView, { locale: 'en' });
    expect(squash(byTestId('rules-opt-out-confirmation-text').textContent)).toBe(
      'Done: you will get no more messages from us.',
    );
    expect(squash(byTestId('rules-opt-out-confirmation-cost').textContent)).toContain(
      'The cost shows once Torpedo reads your account’s prices',
    );
    expect(squash(byTestId('rules-opt-out-confirmation-server').textContent)).toContain(
      'Without a Torpedo Server, Torpedo does not read replies: no confirmation goes.',
    );
  });
});
