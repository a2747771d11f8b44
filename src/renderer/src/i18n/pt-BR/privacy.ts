// The person's page ("Titular", LGPD art. 18), in Portuguese (Brazil); spread into ./index.ts.
// `../en/privacy.ts` must have exactly these keys. A text with " | " is a plural: singular | plural.
const privacyPtBR = {
  privacy: {
    tab: 'Titular',
    title: 'Dados do titular',
    intro:
      'Quando um cliente pede para saber o que você guarda sobre ele, para receber uma cópia ou para ser apagado (LGPD, art. 18), procure-o aqui.',
    searchLabel: 'Telefone, nome ou e-mail do cliente',
    searchPlaceholder: "Ex.: (11) 98765-4321, Maria ou maria{'@'}email.com",
    search: 'Procurar',
    noMatch:
      'Nenhum contato com esse nome ou e-mail. Se o cliente não está nos contatos, procure pelo telefone.',
    pick: 'Escolha o cliente',
    openFromDrawer: 'Dados do titular',
    nothing: 'O Torpedo não guarda nada sobre este número.',
    erased:
      'Este número foi apagado a pedido do titular. Só ficou uma marca cifrada do número, que não pode ser lida de volta: nenhuma importação, sincronização ou campanha o traz de volta.',
    contact: 'Cadastro',
    name: 'Nome',
    phone: 'Telefone',
    email: 'E-mail',
    lists: 'Listas',
    fields: 'Outras informações',
    birthday: 'Aniversário',
    consent: 'Consentimento',
    consentBasis_consent: 'Consentimento',
    consentBasis_legitimate_interest: 'Legítimo interesse',
    consentNone: 'Não registrado',
    timeZone: 'Fuso horário',
    createdAt: 'Cadastrado em',
    optOut: 'Descadastro',
    optOutAt: 'Pediu para não receber mensagens em {date}.',
    blockLists: 'Listas de bloqueio',
    blockListsNote:
      'Listas públicas (como a do Procon-SP): continuam valendo mesmo depois de apagar a pessoa.',
    messages: 'Mensagens enviadas',
    kind_campaign: 'Campanha',
    kind_automation: 'Automação',
    kind_test: 'Envio de teste',
    kind_inbox: 'Resposta sua',
    status_queued: 'Aguardando a hora de sair',
    status_sending: 'Saindo',
    status_accepted: 'Entregue ao serviço de SMS',
    status_held: 'Retida',
    status_failed: 'Não entregue',
    status_cancelled: 'Cancelada',
    status_delivered: 'Entregue',
    status_in_progress: 'A caminho do celular',
    textNotKept: '(texto não guardado)',
    clicks: 'Cliques em links',
    replies: 'Respostas recebidas',
    none: 'Nenhuma.',
    storage: 'Onde está guardado',
    storageDatabase: 'Neste computador, no arquivo {file}.',
    storageService:
      'Entregue ao serviço de SMS para o envio: o número e o texto de {count} mensagem. | Entregue ao serviço de SMS para o envio: o número e o texto de {count} mensagens.',
    storageServiceNone: 'Nada foi entregue ao serviço de SMS.',
    export: 'Exportar',
    exported: 'Salvo: {file} e a cópia {json}.',
    erase: 'Apagar tudo sobre esta pessoa',
    eraseTitle: 'Apagar tudo sobre {phone}?',
    eraseGoes:
      'Vão ser apagados: o cadastro (nome, e-mail, outras informações, consentimento), as listas em que ela está, o descadastro, os textos das mensagens enviadas, os cliques e as respostas. Uma mensagem que ainda não saiu é retirada.',
    eraseStays:
      'Ficam só os totais das campanhas (sem o número) e uma marca cifrada do número, para que ela nunca mais receba mensagens nem volte numa importação.',
    eraseForever: 'Isso não pode ser desfeito.',
    eraseConfirmLabel: 'Para confirmar, digite os 4 últimos dígitos do número ({digits})',
    eraseConfirm: 'Apagar para sempre',
    erasedDone:
      'Apagado. {count} registro removido ou tornado anônimo. | Apagado. {count} registros removidos ou tornados anônimos.',
  },
};

export default privacyPtBR;
