import { describe, expect, it } from 'vitest';
import { createAppI18n, resolveLocale } from '@renderer/i18n';
import en from '@renderer/i18n/en/index';
import { type Translator, errorMessage } from '@renderer/i18n/error-message';
import ptBR from '@renderer/i18n/pt-BR/index';
import { ApiError } from '@renderer/api';
import type { ErrorCode } from '@shared/app-error';
import { SERVER_ERRORS } from '@shared/contract/server';
import { INBOX_ERRORS } from '@shared/contract/inbox';
import { useSettingsStore } from '@renderer/stores/app/use-settings-store';
import { installFakeBridge } from '../support/fake-bridge';
import { freshPinia } from '../support/mount-helpers';

function keysOf(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function translator(locale: 'pt-BR' | 'en'): Translator {
  return createAppI18n(locale).global as unknown as Translator;
}

describe('i18n', () => {
  it('pt-BR and en have exactly the same keys, and no empty text', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(ptBR).sort());
    for (const messages of [ptBR, en]) {
      const texts = keysOf(messages).map((key) =>
        key.split('.').reduce<unknown>((o, k) => (o as never)[k], messages),
      );
      expect(texts.every((text) => typeof text === 'string' && text.trim().length > 0)).toBe(true);
    }
  });

  it("resolves 'system' from the OS locale: any Portuguese is pt-BR, anything else is English", () => {
    expect(resolveLocale('system', 'pt-BR')).toBe('pt-BR');
    expect(resolveLocale('system', 'pt-PT')).toBe('pt-BR');
    expect(resolveLocale('system', 'en-US')).toBe('en');
    expect(resolveLocale('system', 'es-AR')).toBe('en');
    expect(resolveLocale('en', 'pt-BR')).toBe('en');
    expect(resolveLocale('pt-BR', 'en-US')).toBe('pt-BR');
  });

  it("falls back to the browser's language when the OS locale is unknown", () => {
    expect(resolveLocale('system', '')).toBe(
      navigator.language.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en',
    );
  });

  it.each([
    ['pt-BR', 'pt-BR'],
    ['en-US', 'en'],
  ] as const)(
    "the settings store with language 'system' and OS locale %s shows %s",
    async (osLocale, expected) => {
      installFakeBridge().reply('app:info', {
        version: '0.1.0',
        osLocale,
        platform: 'linux',
        assumedWireFacts: [],
      });
      freshPinia();
      const settings = useSettingsStore();

      await settings.load();

      expect(settings.settings.language).toBe('system');
      expect(settings.locale).toBe(expected);
    },
  );

  it('the settings store follows an explicit choice over the OS locale', async () => {
    installFakeBridge().reply('settings:get', { language: 'en', theme: 'dark' });
    freshPinia();
    const settings = useSettingsStore();
    await settings.load();
    expect(settings.locale).toBe('en');
  });
});

describe('errorMessage', () => {
  const pt = translator('pt-BR');
  // Any string: the union's codes, and the unknown ones the fallbacks are for.
  const error = (code: string, details?: ApiError['details']) =>
    new ApiError({
      code: code as ErrorCode,
      message: `English fallback for ${code}`,
      ...(details ? { details } : {}),
    });

  it('says a merge-field refusal with the field as typed and literal braces, in both languages', () => {
    const { t } = translator('pt-BR');
    expect(t('campaigns.error_template_field_unclosed_field', { field: '{{nome' })).toBe(
      'O campo {{nome não está fechado e sairia escrito assim na mensagem. Escreva o campo com duas chaves de cada lado, como {{nome}}, ou apague as chaves.',
    );
    expect(t('campaigns.error_template_field_field_nobody_has', { field: '{{apelido}}' })).toContain(
      'Nenhum destinatário tem {{apelido}} preenchido',
    );
    expect(
      translator('en').t('campaigns.error_template_field_field_nobody_has', { field: '{{nickname}}' }),
    ).toContain('like {{name|customer}}.');
  });

  it('translates known codes into actionable sentences', () => {
    expect(errorMessage(error('unauthorized'), pt)).toBe(
      'Essa chave não foi aceita. Confira se você copiou a chave inteira no painel do SMSGo.',
    );
    expect(errorMessage(error('network_error'), pt)).toBe(
      'Sem conexão com o serviço. Verifique sua internet e tente de novo.',
    );
    expect(errorMessage(error('insufficient_balance'), pt)).toContain('Saldo insuficiente');
    expect(errorMessage(error('keychain_unavailable'), pt)).toContain('cofre de senhas');
    expect(errorMessage(error('unauthorized'), translator('en'))).toContain('This key was not accepted');
  });

  it('says how long to wait when rate limited', () => {
    expect(errorMessage(error('rate_limited', { retryAfterSeconds: 30 }), pt)).toBe(
      'Muitos pedidos seguidos. Aguarde 30 segundos e tente de novo.',
    );
    expect(errorMessage(error('rate_limited'), pt)).toContain('Aguarde um pouco');
  });

  it('lists the fields of a validation error by their names on screen', () => {
    const fields = [
      { field: 'accountKey', message: 'too short' },
      { field: 'baseUrl', message: 'bad url' },
      { field: 'accountKey', message: 'has spaces' },
      { field: 'coupon', message: 'unknown' },
      { field: 'shoeSize', message: 'unknown' },
    ];
    expect(errorMessage(error('invalid_input', { fields }), pt)).toBe(
      'Confira estes campos: Chave da conta, Endereço do serviço, Cupom, shoeSize.',
    );
    expect(errorMessage(error('validation_error', { fields: fields.slice(1, 2) }), translator('en'))).toBe(
      'Check these fields: Service address.',
    );
    expect(errorMessage(error('invalid_input'), pt)).toContain('Alguns dados não estão corretos');
  });

  it('says which block list a test number is on: a Procon’s by name, the owner’s by its name, another as a block list', () => {
    const procon = error('number_blocked', { params: { source: 'procon-sp' } });
    const other = error('number_blocked', { params: { source: 'other' } });
    expect(errorMessage(procon, pt)).toContain('"Não Me Ligue" do Procon-SP');
    expect(errorMessage(other, pt)).toContain('numa lista de bloqueio');
    expect(errorMessage(procon, translator('en'))).toContain('Procon-SP’s "Não Me Ligue" list');
    expect(errorMessage(other, translator('en'))).toContain('on a block list');
    const alagoas = error('number_blocked', { params: { source: 'procon-al' } });
    const named = error('number_blocked', { params: { source: 'owner', list: 'Fornecedores' } });
    expect(errorMessage(alagoas, pt)).toContain('lista de bloqueio do Procon-AL');
    expect(errorMessage(named, pt)).toContain('sua lista de bloqueio “Fornecedores”');
    expect(errorMessage(named, translator('en'))).toContain('your block list “Fornecedores”');
  });

  it('has words for every code of the server and inbox contracts, naming their params, in both languages', () => {
    const codes = [...Object.values(SERVER_ERRORS), ...Object.values(INBOX_ERRORS)];
    for (const i18n of [pt, translator('en')]) {
      for (const code of codes) {
        const text = errorMessage(
          error(code, { params: { url: 'https://torpedo.loja.com.br', code: 'gone' } }),
          i18n,
        );
        expect(text, code).not.toContain('English fallback');
        expect(text, code).not.toMatch(/[{}]/);
      }
    }
    expect(
      errorMessage(error('server_unreachable', { params: { url: 'https://torpedo.loja.com.br' } }), pt),
    ).toBe(
      'O servidor não respondeu em https://torpedo.loja.com.br. Confira se o endereço está certo e se o servidor está no ar, e tente de novo.',
    );
    expect(errorMessage(error('server_refused', { params: { code: 'gone' } }), translator('en'))).toContain(
      'The server refused the request (reason: gone).',
    );
  });

  it("shows the error's own message for a code it does not know, and handles plain errors", () => {
    expect(errorMessage(error('shoe_size_unknown'), pt)).toBe('English fallback for shoe_size_unknown');
    expect(errorMessage(new Error('boom'), pt)).toBe(
      'Algo deu errado no Torpedo. Tente de novo; se continuar, feche e abra o aplicativo.',
    );
  });

  it('has words of its own for every error code the service documents (facts, Errors), in both languages', () => {
    const codes = [
      'bad_request',
      'card_required',
      'unauthorized',
      'insufficient_balance',
      'card_declined',
      'authentication_required',
      'provider_out_of_stock',
      'validation_error',
      'rate_limited',
      'payment_unavailable',
    ];
    for (const i18n of [pt, translator('en')]) {
      for (const code of codes)
        expect(errorMessage(error(code), i18n), code).not.toContain('English fallback');
    }
  });

  it('reads a refusal as the SDKs do: the service words for a code without text, its status otherwise', () => {
    // {code: 1006, message} on a 402: it crosses as service_refused with its code, the service's words shown.
    expect(
      errorMessage(
        error('service_refused', { status: 402, serviceCode: '1006', serviceMessage: 'Saldo insuficiente' }),
        pt,
      ),
    ).toBe('O serviço recusou o pedido e disse: “Saldo insuficiente”');
    expect(errorMessage(error('http_418', { status: 418 }), translator('en'))).toBe(
      'The service refused the request (code 418). Try again; if it keeps happening, contact SMSGo support.',
    );
    // A server error is the service's trouble, even when its code is also one of Torpedo's own.
    for (const code of ['http_502', 'internal_error']) {
      expect(errorMessage(error(code, { status: 502 }), pt)).toBe(
        'O serviço está com problemas agora. Tente de novo em alguns minutos.',
      );
    }
    expect(errorMessage(error('payment_unavailable', { status: 503 }), pt)).toContain('pagamento');
  });
});
