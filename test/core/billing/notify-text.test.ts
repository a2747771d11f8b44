import { describe, expect, it } from 'vitest';
import { notifyTexts } from '@core/billing/notify-text';
import { notifyLanguage } from '@core/notify';

// The notifications are worded outside the window's i18n; their amounts must read as the window's do.
/** Intl puts a no-break space after R$; what matters here is the number's form. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('purchase notifications', () => {
  it('write reais as each language does: R$ 1.234,50 in Portuguese, R$ 1,234.50 in English', () => {
    expect(plain(notifyTexts('pt-BR').paid(1234.5).body)).toBe(
      'O pagamento R$ 1.234,50 foi confirmado e os créditos já estão no saldo.',
    );
    expect(plain(notifyTexts('pt-BR').chargedAfterTimeout(90).body)).toContain('cobrada R$ 90,00.');
    expect(plain(notifyTexts('en').paid(1234.5).body)).toBe(
      'The payment R$ 1,234.50 was confirmed and the credits are in your balance.',
    );
    expect(notifyTexts('pt-BR').paid(null).body).toBe(
      'O pagamento foi confirmado e os créditos já estão no saldo.',
    );
  });

  it('follow the OS language: Portuguese for any pt locale, English otherwise', () => {
    expect(notifyLanguage('pt-PT')).toBe('pt-BR');
    expect(notifyLanguage('es-AR')).toBe('en');
  });
});
