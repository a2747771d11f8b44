/**
 * The confirmation SMS after an opt-out by reply (issue 33 item 5): the
 * answer to the customer's own "SAIR", in the app's language. It starts
 * with the business name the sending rules put in front of every message
 * (so the customer knows who answers), and it has no "Como sair" sentence:
 * the customer has just left. The name goes in front rather than inside
 * the sentence ("mensagens da Loja Maria" / "do Mercado Zé"): Portuguese
 * would need the name's gender to write it right.
 *
 * In src/shared so the Rules page shows the very text the core sends. Pure.
 */
import type { AppLanguage } from '../app-language';
import { withPrefix } from '../template';

const WORDS: Record<AppLanguage, string> = {
  'pt-BR': 'Pronto, você não recebe mais nossas mensagens.',
  en: 'Done: you will get no more messages from us.',
};

/** The SMS as it goes: `Loja Maria: Pronto, você não recebe mais nossas mensagens.` */
export const optOutConfirmationText = (prefix: string, language: AppLanguage): string =>
  withPrefix(prefix, WORDS[language]);
