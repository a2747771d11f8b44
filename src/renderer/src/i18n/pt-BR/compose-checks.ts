// The composer's message checks (issue 37, shared/compose-checks), in Portuguese (Brazil);
// spread into ./index.ts. `../en/compose-checks.ts` must have exactly these keys.
const composeChecksPtBR = {
  composeChecks: {
    title: 'Antes de enviar',
    passed: 'Mensagem verificada',
    passedIntro: 'Conferimos:',
    found: 'Um ponto para rever antes de enviar: | {count} pontos para rever antes de enviar:',
    stillSend: 'São avisos: você ainda pode enviar.',
    confirmFound:
      'A mensagem tem um aviso (veja "Antes de enviar"). | A mensagem tem {count} avisos (veja "Antes de enviar").',
    checked_noBusinessName: 'o nome da loja',
    checked_noWayToStop: 'como sair',
    checked_otherShortener: 'links de encurtadores',
    checked_allCapitals: 'maiúsculas',
    checked_tooManySms: 'tamanho (até 2 SMS)',
    checked_fieldWithoutFallback: 'campos sem texto reserva',
    warn_noBusinessName: 'A mensagem não diz de que loja é.',
    fix_noBusinessName:
      "Quem não reconhece o número ignora ou denuncia. Acrescente o nome da loja no começo da mensagem ou ligue a regra 'Nome da sua empresa' em Configurações › Regras de envio.",
    warn_noWayToStop: 'A mensagem não diz como parar de receber.',
    fix_noWayToStop:
      "A LGPD e o código de autorregulamentação pedem um jeito fácil de sair. Termine com 'Para sair, responda SAIR.' ou ligue a regra 'Como sair' em Configurações › Regras de envio.",
    warn_otherShortener: 'O link usa {hosts}, um encurtador público.',
    fix_otherShortener:
      "As operadoras filtram esses links. Escreva o endereço completo e escolha 'Encurtar e contar cliques' em Links na mensagem: o Torpedo usa o link curto do próprio serviço.",
    warn_allCapitals: 'A mensagem está quase toda em maiúsculas.',
    fix_allCapitals:
      'Texto em maiúsculas soa como grito e é filtrado como spam. Escreva normalmente, com maiúscula só no começo das frases e nos nomes.',
    warn_tooManySms: 'A mensagem ocupa {parts} SMS por cliente.',
    fix_tooManySms:
      'Cada SMS é cobrado, e mensagem longa é menos lida. Encurte o texto para caber em até {max} SMS.',
    warn_fieldWithoutFallback:
      '{field} não tem texto reserva, e {count} destinatário não tem esse dado. | {field} não tem texto reserva, e {count} destinatários não têm esse dado.',
    warn_fieldWithoutFallbackUnknown: '{field} não tem texto reserva.',
    fallbackWord: 'cliente',
    fix_fieldWithoutFallback:
      'Quem não tiver o dado recebe um espaço vazio. Escreva um texto reserva depois de uma barra, por exemplo {example}.',
  },
};

export default composeChecksPtBR;
