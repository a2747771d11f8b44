// Configurações › Servidor (the Torpedo Server), in Portuguese (Brazil); spread into ./index.ts.
// `../en/server.ts` must have exactly these keys. A text with " | " is a plural: singular | plural.
const serverPtBR = {
  server: {
    tab: 'Servidor',
    title: 'Torpedo Server',
    intro:
      'Com um Torpedo Server, o Torpedo passa a ouvir os seus clientes: as respostas aos SMS aparecem em Respostas, quem responde SAIR deixa de receber mensagens na hora, e as entregas e os cliques entram nos relatórios assim que acontecem.',
    introWhere:
      'O serviço de SMS só manda esses avisos para um endereço público https://, que este computador não tem. Por isso o servidor roda numa máquina com esse endereço (uma máquina pequena na nuvem, por exemplo) e guarda tudo até o Torpedo ler, mesmo com este computador desligado.',
    introHowTo:
      'Quem cuida da sua TI encontra como instalar, fazer cópias de segurança e atualizar o servidor na seção "Torpedo Server (opcional)" do README do Torpedo. Ao iniciar, o servidor mostra um código de conexão: digite-o abaixo com o endereço dele.',
    formTitle: 'Conectar este computador',
    urlLabel: 'Endereço do servidor',
    urlPlaceholder: 'https://torpedo.sualoja.com.br',
    urlHint:
      'Começa com https://. Só um servidor neste mesmo computador pode usar http://127.0.0.1 ou http://localhost.',
    urlRequired: 'Digite o endereço do servidor.',
    urlInvalid:
      'Digite o endereço completo, começando com https:// (http:// só para 127.0.0.1 ou localhost, neste computador).',
    codeLabel: 'Código de conexão',
    codePlaceholder: '1234-5678',
    codeHint:
      'Os 8 dígitos que o servidor mostra ao iniciar, ou que um computador já conectado gera. Vale por 10 minutos e uma vez só.',
    codeRequired: 'Digite o código de conexão.',
    codeInvalid: 'O código tem 8 dígitos, assim: 1234-5678.',
    review: 'Conectar…',
    confirmTitle: 'Conectar a este servidor?',
    confirmBody:
      'Os eventos da sua conta (respostas, entregas e cliques) passam a ir para este servidor; o endereço de webhook atual, {url}, volta quando você desconectar.',
    confirmBodyNoWebhook:
      'Os eventos da sua conta (respostas, entregas e cliques) passam a ir para este servidor; hoje a conta não tem webhook, e volta a ficar sem quando você desconectar.',
    confirmBodyUnknown:
      'Os eventos da sua conta (respostas, entregas e cliques) passam a ir para este servidor; o endereço de webhook atual volta quando você desconectar.',
    confirmSecret:
      'O servidor também recebe o segredo de assinatura do webhook, para conferir que cada evento veio mesmo do SMSGo.',
    confirmServer: 'Servidor: {url}',
    confirm: 'Conectar',
    connected: 'Este computador está conectado ao servidor.',
    addressLabel: 'Endereço do servidor',
    deviceLabel: 'Nome deste computador no servidor',
    hookLabel: 'Endereço que recebe os eventos do SMSGo',
    lastReadLabel: 'Última leitura',
    lastReadNever: 'Ainda não leu nada do servidor.',
    lastReadAt: 'Leu os eventos {time}.',
    lastReadFailed: 'A última leitura não deu certo:',
    syncError_unreachable:
      'o servidor não respondeu. Confira se o endereço está certo e se o servidor está no ar; ele guarda os eventos até o Torpedo conseguir ler.',
    syncError_unauthorized:
      'o servidor não reconhece mais este computador (ele foi conectado de novo em outro lugar ou o banco de dados do servidor foi trocado). Desconecte e conecte de novo com um código novo.',
    syncError_bad_answer:
      'o servidor respondeu de um jeito inesperado. Confira se ele está na mesma versão do Torpedo e tente de novo.',
    webhookMoved:
      'O webhook da conta não aponta mais para este servidor (alguém o trocou em Integração ou no painel do SMSGo), então as respostas e os pedidos de SAIR não chegam. Desconecte e conecte de novo para consertar.',
    syncNow: 'Ler agora',
    syncResult:
      'Leitura feita. Respostas: {received}; descadastros: {optedOut}; entregas: {statuses}; cliques: {clicks}.',
    pairingCode: 'Código para outro computador',
    pairingCodeHint: 'Para conectar outro computador da loja a este mesmo servidor.',
    pairingCodeShown:
      'No outro computador, em Configurações › Servidor, digite o código {code}. Ele vale até {time} e uma vez só.',
    disconnect: 'Desconectar',
    disconnectTitle: 'Desconectar deste servidor?',
    disconnectBody:
      'O webhook da conta volta a ser {url}, e as respostas, os pedidos de SAIR, as entregas e os cliques deixam de chegar por este servidor.',
    disconnectBodyNoWebhook:
      'A conta volta a ficar sem webhook, e as respostas, os pedidos de SAIR, as entregas e os cliques deixam de chegar por este servidor.',
    disconnectKeeps: 'As respostas que já chegaram continuam em Respostas.',
    disconnected: 'Desconectado do servidor.',
    loadFailed: 'Não conseguimos ler a situação do servidor.',
  },
};

export type ServerMessages = typeof serverPtBR;
export default serverPtBR;
