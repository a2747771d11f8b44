/**
 * The low-balance alert, raised before the day: after each background
 * round, the next days' automations are held against the balance; when the
 * balance will not cover a day (or falls under the alert's threshold), the
 * owner is told once for that day by a notification, while there is still
 * time to buy credits. (The window's header shows it too, from the
 * forecast: stores/automations.)
 */
import type { ForecastView } from '../../../shared/dto/automations';
import type { ModuleDeps } from '../../kernel/core-module';
import { safeNotify } from '../../notify';

const NOTICE_KEY = 'automations.balanceNotice';

function notice(language: 'pt-BR' | 'en', date: string, short: boolean): { title: string; body: string } {
  const day = `${date.slice(8, 10)}/${date.slice(5, 7)}`;
  if (language === 'en') {
    return {
      title: 'Low balance for your automations',
      body: short
        ? `Your balance does not cover the automatic messages of ${day}. Buy credits before then.`
        : `The automatic messages will take your balance under your low-balance alert on ${day}.`,
    };
  }
  return {
    title: 'Saldo baixo para as automações',
    body: short
      ? `Seu saldo não cobre os envios automáticos de ${day}. Compre créditos antes desse dia.`
      : `Os envios automáticos vão deixar seu saldo abaixo do alerta de saldo baixo em ${day}.`,
  };
}

export function createBalanceWatch(
  deps: Pick<ModuleDeps, 'settings' | 'host' | 'language'>,
  ahead: (profile: string) => Promise<ForecastView>,
) {
  return {
    /** Tells the owner once per day at risk. */
    async check(profile: string): Promise<void> {
      const f = await ahead(profile);
      const date = f.shortOn ?? f.lowBalanceOn;
      if (date === null) return;
      const key = `${NOTICE_KEY}.${profile}`;
      if (deps.settings.get<string>(key) === date) return;
      deps.settings.set(key, date);
      safeNotify(deps.host, notice(deps.language(), date, f.shortOn !== null));
    },
  };
}
