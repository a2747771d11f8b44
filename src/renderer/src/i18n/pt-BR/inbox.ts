// Respostas (replies from customers), in Portuguese (Brazil); spread into ./index.ts.
// `../en/inbox.ts` must have exactly these keys. A text with " | " is a plural: singular | plural.
const inboxPtBR = {
  inbox: {
    nav: 'Respostas',
    title: 'Respostas',
    unreadBadge: '{count} conversa não lida | {count} conversas não lidas',
    noServerTitle: 'As respostas precisam de um Torpedo Server',
    noServerBody:
      'Sem um Torpedo Server, as respostas dos seus clientes (e os pedidos de SAIR) não chegam a este computador: o serviço de SMS só as entrega num endereço público, que o servidor tem.',
    noServerNotice:
      'Nenhum servidor está conectado: as respostas abaixo são as que já chegaram, e novas não chegam até você conectar um.',
    noServerLink: 'Conectar um servidor em Configurações › Servidor',
    emptyTitle: 'Nenhuma resposta ainda',
    emptyBody: 'Quando um cliente responder a um SMS, a conversa aparece aqui.',
    noMatch: 'Nenhuma conversa com esses filtros.',
    listLabel: 'Conversas',
    search: 'Buscar por nome, número ou mensagem',
    unreadOnly: 'Só não lidas',
    you: 'Você: {text}',
    optedOutTag: 'descadastrado',
    handledTag: 'resolvida',
    unreadCount: '{count} não lida | {count} não lidas',
    origin_campaign: 'Campanha “{name}”',
    origin_automation: 'Automação “{name}”',
    origin_reply: 'uma resposta enviada daqui',
    origin_test: 'um envio de teste',
    origin_unnamed_campaign: 'uma campanha',
    origin_unnamed_automation: 'uma automação',
    answers: 'Responde a: {what}',
    theirClock: '{time} no horário do cliente',
    pickOne: 'Escolha uma conversa para ler e responder.',
    messagesLabel: 'Mensagens com {who}',
    fromThem: 'Cliente',
    fromUs: 'Você',
    optOutMessage: 'Pediu para sair — descadastrado em {when}',
    optedOutSince: 'Este número está descadastrado desde {when}: o Torpedo não manda mais nada para ele.',
    markHandled: 'Marcar como resolvida',
    reopen: 'Reabrir',
    handledDone: 'Conversa marcada como resolvida.',
    reopened: 'Conversa reaberta.',
    replyLabel: 'Responder a {who}',
    replyPlaceholder: 'Escreva a resposta…',
    estimating: 'Calculando o custo…',
    estimate: 'Sai como {count} SMS, por {cost}. | Sai como {count} SMS, por {cost}.',
    asSent: 'Como sai: {text}',
    refused_number_blocked:
      'Não dá para responder: este número pediu para sair ou está numa lista de bloqueio, e o Torpedo não manda nada para ele.',
    refused_outside_sending_hours:
      'Agora está fora do horário de envio (Configurações › Regras de envio): a resposta pode sair a partir de {until}, no horário do cliente.',
    refused_outside_sending_hours_later:
      'Agora está fora do horário de envio (Configurações › Regras de envio): tente mais tarde.',
    costUnknown: 'o preço de um SMS (ainda não lido do serviço)',
    send: 'Enviar',
    sendTitle: 'Enviar esta resposta?',
    sendBody:
      'Vai {count} SMS para {who}, por {cost}, descontado do seu saldo. | Vão {count} SMS para {who}, por {cost}, descontados do seu saldo.',
    sendConfirm: 'Enviar por {cost}',
    sent: 'Resposta enviada.',
    loadFailed: 'Não conseguimos ler as respostas.',
    conversationFailed: 'Não conseguimos abrir esta conversa.',
  },
};

export type InboxMessages = typeof inboxPtBR;
export default inboxPtBR;
