/**
 * Native notifications (a campaign finished or held, a payment settled) are
 * shown by the host, outside the window's i18n, so each domain words its own
 * in both app languages; this is what they share: the language to word them
 * in, and how to show one without letting a failing host break the caller.
 */
import { appLanguage, type AppLanguage } from '../shared/app-language';

export type NotifyLanguage = AppLanguage;

export const notifyLanguage = appLanguage;

/** A notification is a courtesy: what it tells is already recorded, so a failing host is ignored. */
export function safeNotify(
  host: { notify(title: string, body: string): void },
  text: { title: string; body: string },
): void {
  try {
    host.notify(text.title, text.body);
  } catch {
    // ignored on purpose
  }
}
