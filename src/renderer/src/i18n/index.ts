import { createI18n } from 'vue-i18n';
import { settingLanguage } from '@shared/app-language';
import type { LanguageSetting } from '@shared/dto';
import ptBR, { type Messages } from './pt-BR';
import en from './en';

export const APP_LOCALES = ['pt-BR', 'en'] as const;
export type AppLocale = (typeof APP_LOCALES)[number];

// Makes `t('some.key')` type-checked against the pt-BR messages (augmentation needs the empty body).
declare module 'vue-i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefineLocaleMessage extends Messages {}
}

export const messages: Record<AppLocale, Messages> = { 'pt-BR': ptBR, en };

/**
 * The language to show: the user's choice, or for 'system' the OS locale
 * (then the browser's). Any Portuguese becomes pt-BR; everything else, English.
 */
export function resolveLocale(setting: LanguageSetting, osLocale?: string | null): AppLocale {
  return settingLanguage(setting, osLocale || globalThis.navigator?.language || 'pt-BR');
}

/** Tells the page (screen readers, spell-checkers, hyphenation) which language it is in. */
export function setDocumentLanguage(locale: AppLocale): void {
  document.documentElement.lang = locale;
}

export function createAppI18n(locale: AppLocale = 'pt-BR') {
  return createI18n({
    legacy: false,
    locale,
    fallbackLocale: 'pt-BR',
    messages,
  });
}

export type AppI18n = ReturnType<typeof createAppI18n>;
