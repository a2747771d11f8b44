/** The app's two languages. */
export type AppLanguage = 'pt-BR' | 'en';

/** A locale as the app speaks it: 'pt', 'pt-BR', 'pt-PT' read Portuguese; anything else English. */
export const appLanguage = (locale: string): AppLanguage =>
  locale.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en';

/** The language of the app's setting ('system', 'pt-BR' or 'en'): for 'system', the system's locale's. */
export const settingLanguage = (setting: string, systemLocale: string): AppLanguage =>
  appLanguage(setting === 'system' ? systemLocale : setting);
