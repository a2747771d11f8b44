/**
 * A compose check in words for the terminal, in each of the app's languages
 * (the window says the same through vue-i18n: composeChecks.* in the
 * renderer's i18n). Each names what was found and what to do.
 */
import type { AppLanguage } from '../app-language';
import type { ComposeCheck, ComposeCheckId } from './compose-checks';

type Params = ComposeCheck['params'];
type Words = Record<ComposeCheckId, (p: Params) => string>;

const WORDS: Readonly<Record<AppLanguage, Words>> = {
  en: {
    noBusinessName: () =>
      'The message does not say which shop it is from: start it with the shop\u2019s name, or set ' +
      'the business name in the sending rules (torpedo rules set prefix "NAME:").',
    noWayToStop: () =>
      'The message does not say how to stop receiving: add "Para sair, responda SAIR." or turn on ' +
      'the "Como sair" rule (torpedo rules set how-to-stop on).',
    otherShortener: (p) =>
      `The link uses ${p.hosts}, a public shortener that carriers filter: write the full address ` +
      'and add --track-links, so Torpedo shortens it with the service\u2019s own link.',
    allCapitals: () =>
      'The message is mostly in capitals, which reads as shouting and is filtered as spam: write it ' +
      'in ordinary sentence case.',
    tooManySms: (p) =>
      `The message takes ${p.parts} SMS per customer (more than ${p.max}), and each costs: shorten it.`,
    fieldWithoutFallback: (p) =>
      p.count === undefined
        ? `${p.field} has no fallback: a customer without it gets a gap; write e.g. ` +
          `${String(p.field).replace('}}', '|cliente}}')}.`
        : `${p.count} recipient(s) have no value for ${p.field}: give it a fallback, e.g. ` +
          `${String(p.field).replace('}}', '|cliente}}')}.`,
  },
  'pt-BR': {
    noBusinessName: () =>
      'A mensagem não diz de que loja é: comece com o nome da loja ou defina o nome da empresa nas ' +
      'regras de envio (torpedo rules set prefix "NOME:").',
    noWayToStop: () =>
      'A mensagem não diz como parar de receber: acrescente "Para sair, responda SAIR." ou ligue a ' +
      'regra "Como sair" (torpedo rules set how-to-stop on).',
    otherShortener: (p) =>
      `O link usa ${p.hosts}, um encurtador público que as operadoras filtram: escreva o endereço ` +
      'completo e use --track-links, para o Torpedo encurtar com o link do próprio serviço.',
    allCapitals: () =>
      'A mensagem está quase toda em maiúsculas, o que soa como grito e é filtrado como spam: ' +
      'escreva com maiúsculas só onde se usam.',
    tooManySms: (p) =>
      `A mensagem ocupa ${p.parts} SMS por cliente (mais de ${p.max}), e cada um é cobrado: encurte o texto.`,
    fieldWithoutFallback: (p) =>
      p.count === undefined
        ? `${p.field} não tem texto reserva: quem não tiver o dado recebe um vazio; escreva por exemplo ` +
          `${String(p.field).replace('}}', '|cliente}}')}.`
        : `${p.count} destinatário(s) sem ${p.field}: dê um texto reserva, por exemplo ` +
          `${String(p.field).replace('}}', '|cliente}}')}.`,
  },
};

export const composeCheckInWords = (check: ComposeCheck, language: AppLanguage): string =>
  WORDS[language][check.id](check.params);
