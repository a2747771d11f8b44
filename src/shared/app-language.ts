/** The app's two languages. */
export type AppLanguage = 'pt-BR' | 'en';

/** A locale as the app speaks it: 'pt', 'pt-BR', 'pt-PT' read Portuguese; anything else English. */
export const appLanguage = (locale: string): AppLanguage =>
  locale.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en';
