/**
 * What `credits buy` says on stderr while the core checks whether a card was
 * charged after a lost answer: the check can take a minute (the invoice reads
 * of reconcile-purchase.ts), and a terminal that goes quiet for a minute looks
 * hung. Also collects the earlier attempts the purchase settled first (a buy
 * settles what a dropped one left in `checking` before it charges again), so
 * that the command can say what became of them.
 */
import type { Core } from '../../core/kernel/create-core';
import { appLanguage } from '../../shared/app-language';
import type { PurchaseAttemptView } from '../../shared/dto';
import { brasiliaWallClock } from '../schedule-option';

/** How often the seconds left are said again. */
const TICK_MS = 5_000;

const FINAL_STATES = new Set(['succeeded', 'processing', 'charged-after-timeout', 'not-charged', 'failed']);

const TEXT = {
  'pt-BR': {
    checking: (s: number) => `Verificando se o cartão foi cobrado… (até ${s} s)`,
    waiting: (at: string) =>
      `Esperando: uma compra começada às ${at} (no aplicativo ou em outro terminal) ainda não terminou. O Torpedo descobre se ela foi cobrada antes de comprar de novo.`,
    earlier: (v: PurchaseAttemptView) =>
      v.state === 'not-charged'
        ? `Uma compra anterior, que tinha ficado sem resposta, foi verificada: nada foi cobrado.`
        : `Uma compra anterior, que tinha ficado sem resposta, foi cobrada${v.invoiceUuid ? ` (fatura ${v.invoiceUuid})` : ''}.`,
  },
  en: {
    checking: (s: number) => `Checking whether the card was charged… (up to ${s} s)`,
    waiting: (at: string) =>
      `Waiting: a purchase started at ${at} (in the app or another terminal) has not finished. Torpedo finds out whether it was charged before buying again.`,
    earlier: (v: PurchaseAttemptView) =>
      v.state === 'not-charged'
        ? 'An earlier purchase that had lost its answer was checked: nothing was charged.'
        : `An earlier purchase that had lost its answer went through${v.invoiceUuid ? ` (invoice ${v.invoiceUuid})` : ''}.`,
  },
};

export interface PurchaseProgress {
  /**
   * Earlier attempts (not `attemptId`) that a lost answer had left unsettled
   * and that were settled during the command, each with a sentence for the user.
   */
  earlier(attemptId: string): { view: PurchaseAttemptView; sentence: string }[];
  /**
   * Says that the purchase waits for `current` when it is another's, still
   * unsettled (the app's, another terminal's): it was being settled before
   * this command listened, and the wait was silent.
   */
  waitFor(current: PurchaseAttemptView | null): void;
  stop(): void;
}

export function followPurchase(
  core: Core,
  locale: string,
  say: (line: string) => void,
  now: () => number = Date.now,
): PurchaseProgress {
  const text = TEXT[appLanguage(locale)];
  const tickers = new Map<string, NodeJS.Timeout>();
  const settled = new Map<string, PurchaseAttemptView>();
  // The core says when its last invoice read is due (the attempt's `checkEndsAt`, while checking).
  const secondsLeft = (view: PurchaseAttemptView) =>
    Math.max(0, Math.ceil((Date.parse(view.checkEndsAt ?? view.createdAt) - now()) / 1000));

  const stopTicker = (id: string) => {
    clearInterval(tickers.get(id));
    tickers.delete(id);
  };
  const unsubscribe = core.onEvent((event, payload) => {
    if (event !== 'credits:attemptChanged') return;
    const view = payload as PurchaseAttemptView;
    if (view.state === 'checking' && !tickers.has(view.id)) {
      say(text.checking(secondsLeft(view)));
      // Unref'd: these lines only talk; what keeps the command alive until its answer is cli/index.ts.
      const ticker = setInterval(() => say(text.checking(secondsLeft(view))), TICK_MS);
      ticker.unref();
      tickers.set(view.id, ticker);
    } else if (view.state !== 'checking') {
      stopTicker(view.id);
    }
    if (FINAL_STATES.has(view.state)) settled.set(view.id, view);
  });

  return {
    earlier: (attemptId) =>
      [...settled.values()]
        .filter(
          (v) => v.id !== attemptId && (v.state === 'not-charged' || v.state === 'charged-after-timeout'),
        )
        .map((view) => ({ view, sentence: text.earlier(view) })),
    waitFor: (current) => {
      if (current?.state !== 'sending' && current?.state !== 'checking') return;
      say(text.waiting(brasiliaWallClock(new Date(current.createdAt)).slice(11)));
    },
    stop: () => {
      unsubscribe();
      for (const id of [...tickers.keys()]) stopTicker(id);
    },
  };
}
