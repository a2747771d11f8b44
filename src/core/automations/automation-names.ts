/**
 * The names an automation is given and gives: its default name in the
 * app's language, made unique, and the name of each occurrence's campaign
 * in the history (`Aniversários · 15/03`).
 */
import type { AutomationKind } from '../../shared/dto/automations';
import type { LocalDate } from './occurrences/local-date';

const DEFAULT_NAMES: Record<AutomationKind, Record<'pt-BR' | 'en', string>> = {
  birthday: { 'pt-BR': 'Aniversários', en: 'Birthdays' },
  recurring: { 'pt-BR': 'Envio recorrente', en: 'Recurring send' },
};

const two = (n: number) => String(n).padStart(2, '0');

/** `15/03`: day first in both languages, as the app writes dates. */
export const formatDayMonth = (date: LocalDate): string => `${two(date.day)}/${two(date.month)}`;

/** The kind's name, with ` 2`, ` 3`... when taken. */
export function defaultName(
  kind: AutomationKind,
  language: 'pt-BR' | 'en',
  taken: (name: string) => boolean,
): string {
  const base = DEFAULT_NAMES[kind][language];
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base} ${n}`)) return `${base} ${n}`;
}
