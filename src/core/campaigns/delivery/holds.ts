/**
 * Why a campaign waits, as HoldView values (stored in `campaigns.hold`), and
 * the native notifications for a held or finished campaign.
 *
 * A HoldView's `message` is an English fallback, like AppError's: the
 * renderer words each `code` itself, with `needed`, `until` and `batch`.
 * Notifications are shown by the host outside the renderer's i18n, so they
 * are worded here in both app languages (deps.language()).
 */
import type { HoldView } from '../../../shared/dto/campaigns';
import type { NotifyLanguage } from '../../notify';
import { formatBrl, formatDateTime } from '../../../shared/display-format';

/** R$ rounded up to the centavo: "needs R$ 0.01 more" must really be enough. */
export const centsUp = (reais: number): number => Math.ceil(Math.round(reais * 1e6) / 1e4) / 100;

/** `needed` null: the campaign was frozen before any price was known, so the shortfall is unknown too. */
export function insufficientBalanceHold(needed: number | null, partial: boolean, batch?: number): HoldView {
  const what = partial ? 'the next batch' : 'the rest of the campaign';
  const base = { code: 'insufficient_balance' as const, ...(batch !== undefined ? { batch } : {}) };
  if (needed === null) {
    return { ...base, message: `Not enough credit for ${what}. Sending resumes by itself after a top-up.` };
  }
  const amount = centsUp(Math.max(0, needed));
  return {
    ...base,
    message: `Not enough credit: ${what} needs R$ ${amount.toFixed(2)} more. Sending resumes by itself after a top-up.`,
    needed: amount,
  };
}

export function keepsFailingHold(batch: number, attempts: number, reason: string | null): HoldView {
  return {
    code: 'keeps_failing',
    message: `Batch ${batch + 1} failed ${attempts} times${reason ? ` (last: ${reason})` : ''}. Resume the campaign to try again.`,
    batch,
  };
}

export function notSignedInHold(): HoldView {
  return {
    code: 'not_signed_in',
    message: 'The service no longer accepts the account key. Sign in again; sending resumes after that.',
  };
}

export function rejectedHold(reason: string): HoldView {
  return { code: 'rejected', message: reason };
}

// Money and dates read in a notification as they do in the window.
const money = (language: NotifyLanguage, reais: number) => formatBrl(reais, language);
const when = (language: NotifyLanguage, iso: string, timeZone: string) =>
  formatDateTime(iso, language, timeZone);

export interface Notice {
  title: string;
  body: string;
}

export function heldNotice(language: NotifyLanguage, name: string, hold: HoldView, timeZone: string): Notice {
  const pt = language === 'pt-BR';
  const title = pt ? `Campanha em espera: ${name}` : `Campaign on hold: ${name}`;
  switch (hold.code) {
    case 'insufficient_balance': {
      if (hold.needed === undefined) {
        return {
          title,
          body: pt
            ? 'Saldo insuficiente. O envio continua sozinho depois de comprar créditos.'
            : 'Not enough credit. Sending resumes by itself after you buy credits.',
        };
      }
      const needed = money(language, hold.needed);
      return {
        title,
        body: pt
          ? `Saldo insuficiente: faltam ${needed}. O envio continua sozinho depois de comprar créditos.`
          : `Not enough credit: ${needed} more is needed. Sending resumes by itself after you buy credits.`,
      };
    }
    case 'outside_send_window': {
      const at = hold.until ? when(language, hold.until, timeZone) : '';
      return {
        title,
        body: pt
          ? `Fora do horário de envio. O envio continua em ${at}.`
          : `Outside the sending hours. Sending resumes at ${at}.`,
      };
    }
    case 'keeps_failing':
      return {
        title,
        body: pt
          ? `O lote ${(hold.batch ?? 0) + 1} falhou várias vezes seguidas. Retome a campanha para tentar de novo.`
          : `Batch ${(hold.batch ?? 0) + 1} failed several times in a row. Resume the campaign to try again.`,
      };
    case 'not_signed_in':
      return {
        title,
        body: pt
          ? 'O serviço não aceita mais a chave da conta. Entre de novo para continuar o envio.'
          : 'The service no longer accepts the account key. Sign in again to continue sending.',
      };
    case 'rejected':
      return { title, body: hold.message };
  }
}

export interface FinishFigures {
  accepted: number;
  total: number;
  failedBatches: number;
}

export function finishedNotice(
  language: NotifyLanguage,
  name: string,
  how: 'completed' | 'cancelled',
  figures: FinishFigures,
): Notice {
  const pt = language === 'pt-BR';
  const count = (n: number) => n.toLocaleString(language);
  if (how === 'cancelled') {
    return {
      title: pt ? `Campanha cancelada: ${name}` : `Campaign cancelled: ${name}`,
      body: pt
        ? `${count(figures.accepted)} mensagens foram aceitas antes do cancelamento; as demais não serão enviadas.`
        : `${count(figures.accepted)} messages were accepted before the cancel; the rest will not be sent.`,
    };
  }
  const failed =
    figures.failedBatches === 0
      ? ''
      : pt
        ? ` ${figures.failedBatches} lote(s) foram recusados pelo serviço; veja o motivo na campanha.`
        : ` ${figures.failedBatches} batch(es) were refused by the service; see why in the campaign.`;
  return {
    title: pt ? `Campanha enviada: ${name}` : `Campaign sent: ${name}`,
    body: pt
      ? `${count(figures.accepted)} de ${count(figures.total)} mensagens aceitas pelo serviço.${failed}`
      : `${count(figures.accepted)} of ${count(figures.total)} messages accepted by the service.${failed}`,
  };
}
