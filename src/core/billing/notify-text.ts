import { formatBrl } from '../../shared/display-format';

import type { NotifyLanguage } from '../notify';

/** The few notifications the billing core raises, in both app languages (see core/notify.ts). */

type Texts = {
  paid: (total: number | null) => { title: string; body: string };
  unpaid: () => { title: string; body: string };
  stillPending: () => { title: string; body: string };
  chargedAfterTimeout: (total: number | null) => { title: string; body: string };
};

/** The amount as the window writes it in that language (R$ 10,00 in pt-BR, R$ 10.00 in English). */
const amount = (total: number | null, language: NotifyLanguage) =>
  total === null ? '' : ` ${formatBrl(total, language)}`;

const TEXTS: Record<NotifyLanguage, Texts> = {
  'pt-BR': {
    paid: (total) => ({
      title: 'Compra de créditos confirmada',
      body: `O pagamento${amount(total, 'pt-BR')} foi confirmado e os créditos já estão no saldo.`,
    }),
    unpaid: () => ({
      title: 'Pagamento não aprovado',
      body: 'O emissor do cartão não aprovou a compra de créditos. Nada foi creditado.',
    }),
    stillPending: () => ({
      title: 'Pagamento ainda pendente',
      body: 'A compra de créditos continua aguardando o emissor do cartão. Veja as faturas mais tarde.',
    }),
    chargedAfterTimeout: (total) => ({
      title: 'Compra de créditos cobrada',
      body: `A compra interrompida foi cobrada${amount(total, 'pt-BR')}. Não compre de novo.`,
    }),
  },
  en: {
    paid: (total) => ({
      title: 'Credit purchase confirmed',
      body: `The payment${amount(total, 'en')} was confirmed and the credits are in your balance.`,
    }),
    unpaid: () => ({
      title: 'Payment not approved',
      body: 'The card issuer did not approve the credit purchase. Nothing was credited.',
    }),
    stillPending: () => ({
      title: 'Payment still pending',
      body: 'The credit purchase is still waiting for the card issuer. Check the invoices later.',
    }),
    chargedAfterTimeout: (total) => ({
      title: 'Credit purchase charged',
      body: `The interrupted purchase was charged${amount(total, 'en')}. Do not buy again.`,
    }),
  },
};

export const notifyTexts = (language: NotifyLanguage): Texts => TEXTS[language];
