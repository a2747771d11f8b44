// Portuguese (Brazil): the app's first language. `../en/index.ts` must have exactly these keys.
// vue-i18n syntax: {name} is a placeholder; avoid raw @ and | in texts.
import contactsPtBR from './contacts';
import historyPtBR from './history';
import syncPtBR from './sync';
import campaignsPtBR from './campaigns';
import billingPtBR from './billing';
import aboutPtBR from './about';
import dataPtBR from './data';
import linksPtBR from './links';
import segmentsPtBR from './segments';
import templatesPtBR from './templates';
import automationsPtBR from './automations';
import homePtBR from './home';
import rulesPtBR from './rules';
import serverPtBR from './server';
import inboxPtBR from './inbox';
import composeChecksPtBR from './compose-checks';
import bestHourPtBR from './best-hour';
import galleryPtBR from './gallery';
import privacyRightsPtBR from './privacy-rights';
import privacyPtBR from './privacy';

const ptBR = {
  app: {
    name: 'Torpedo',
    loading: 'Carregando…',
  },
  common: {
    cancel: 'Cancelar',
    retry: 'Tentar de novo',
    justNow: 'agora há pouco',
    onDate: 'em {date}',
    updated: 'Atualizado {time}',
  },
  shell: {
    skipToContent: 'Pular para o conteúdo',
    mainNav: 'Menu principal',
    status: 'Situação da conta',
  },
  nav: {
    overview: 'Visão geral',
    credits: 'Créditos',
    invoices: 'Faturas',
    settings: 'Configurações',
    contacts: 'Contatos',
  },
  mode: {
    demo: 'Demonstração',
    test: 'Modo de teste',
    live: 'Ao vivo',
    demoExplain:
      'Você está na demonstração: nada é enviado nem cobrado. Use à vontade para conhecer o Torpedo.',
    testExplain:
      'Você entrou com uma chave de teste: as mensagens não são entregues de verdade e nada é descontado do saldo.',
    liveExplain: 'Sua conta está ao vivo: as mensagens são entregues de verdade e descontadas do seu saldo.',
  },
  /** SMS type names the service is known to use, keyed by their plain lower-case form (sms-type-name.ts). */
  smsTypeNames: {
    padrao: 'Padrão',
    transacional: 'Transacional',
    promocional: 'Promocional',
    economico: 'Econômico',
  },
  balance: {
    label: 'Saldo',
    unavailable: 'Indisponível',
    loading: 'Carregando saldo…',
    refreshHint: 'Clique para atualizar o saldo.',
    freshHint: 'Saldo atualizado {time}. Clique para atualizar.',
    worth: '≈ {count} SMS {type}',
    worthHint: 'Dá para cerca de {count} SMS {type}, a {price} cada.',
    staleShort: 'Último valor conhecido',
    staleHint:
      'O serviço não respondeu, então este é o último saldo conhecido, atualizado {time}. Clique para tentar de novo.',
    errorHint: 'Não conseguimos ler o saldo agora. Clique para tentar de novo.',
  },
  connectivity: {
    online: 'Conectado',
    offline: 'Sem internet',
    unreachable: 'Serviço sem resposta',
    unknown: 'Verificando conexão',
    onlineHint: 'O Torpedo está se comunicando normalmente com o serviço de SMS.',
    offlineHint:
      'Este computador está sem internet. Você ainda vê os últimos dados guardados. Confira o Wi-Fi ou o cabo de rede.',
    unreachableHint:
      'A internet funciona, mas o serviço de SMS não respondeu. Os valores mostrados podem estar desatualizados. Tente de novo em alguns minutos.',
    unknownHint: 'Ainda não verificamos a conexão com o serviço de SMS.',
    clickToCheck: 'Clique para verificar agora.',
    checkedAt: 'Última verificação {time}.',
  },
  signIn: {
    pitch: 'Envie campanhas de SMS para os seus clientes, direto do seu computador.',
    title: 'Entrar com a sua conta',
    keyLabel: 'Chave da conta',
    keyPlaceholder: 'Cole aqui a chave da sua conta',
    keyHint:
      'Você encontra a chave no painel do SMSGo. Chaves que começam com test_ entram no modo de teste, em que nada é enviado nem cobrado.',
    showKey: 'Mostrar a chave',
    hideKey: 'Ocultar a chave',
    advanced: 'Avançado',
    baseUrlLabel: 'Endereço do serviço',
    baseUrlHint: 'Deixe em branco para usar o endereço padrão, {url}. Mude só se o suporte do SMSGo pedir.',
    submit: 'Entrar',
    or: 'ou',
    demo: 'Experimentar a demonstração',
    demoHint: 'Conheça o Torpedo com uma conta de exemplo, sem cadastro. Nada é enviado e nada é cobrado.',
    demoLoading: 'Preparando a demonstração…',
  },
  keychain: {
    title: 'Não há cofre de senhas neste computador',
    body: 'O Torpedo guarda a chave da conta no cofre de senhas do sistema (também chamado de chaveiro), mas ele não está disponível neste computador agora.',
    fixTitle: 'Para guardar a chave no cofre:',
    fixLinux: 'instale ou desbloqueie o GNOME Keyring (Chaveiro) ou o KWallet e depois tente entrar de novo.',
    fixOther:
      'confira se o cofre de senhas do sistema está funcionando e desbloqueado e depois tente entrar de novo.',
    memoryTitle: 'Para entrar agora:',
    memory:
      'escolha “{button}”. A chave fica só na memória enquanto o Torpedo estiver aberto e nunca é gravada no disco. Ao fechar o aplicativo, será preciso colar a chave de novo.',
    continue: 'Manter só nesta sessão',
    details: 'O motivo que o sistema deu',
  },
  fields: {
    accountKey: 'Chave da conta',
    baseUrl: 'Endereço do serviço',
    quantity: 'Valor da compra',
    planId: 'Pacote',
    cardId: 'Cartão',
    coupon: 'Cupom',
    enabled: 'Recarga automática',
    threshold: 'Valor para recarregar',
    planQuantity: 'Valor de cada recarga',
    alertEnabled: 'Alerta de saldo baixo',
    alertThreshold: 'Valor do alerta',
    url: 'Endereço do webhook',
    suggestedName: 'Nome do arquivo',
    name: 'Nome',
    phone: 'Telefone',
    phones: 'Números',
    email: 'E-mail',
    listIds: 'Listas',
    fields: 'Campos personalizados',
  },
  validation: {
    accountKeyRequired: 'Cole a chave da sua conta para entrar.',
    accountKeyInvalid:
      'Essa chave não parece completa: uma chave tem pelo menos 8 caracteres e nenhum espaço.',
    baseUrlInvalid: 'Digite o endereço completo do serviço, começando com https://',
  },
  errors: {
    privacy_key_missing:
      'O chaveiro do sistema não entregou a chave dos números apagados, e nada foi apagado. Desbloqueie o chaveiro (ou reinicie o computador) e tente de novo.',
    number_blocked:
      'Este número está na lista "Não Me Ligue" do Procon-SP: o Torpedo não manda nenhuma mensagem para ele, nem de teste. Teste com outro número.',
    number_blocked_other:
      'Este número está numa lista de bloqueio: o Torpedo não manda nenhuma mensagem para ele, nem de teste. Teste com outro número.',
    number_blocked_register:
      'Este número está na lista de bloqueio do {list}: o Torpedo não manda nenhuma mensagem para ele, nem de teste. Teste com outro número.',
    number_blocked_named:
      'Este número está na sua lista de bloqueio “{list}”: o Torpedo não manda nenhuma mensagem para ele, nem de teste. Teste com outro número, ou tire-o dessa lista em Configurações › Regras de envio.',
    number_opted_out:
      'Este número pediu para não receber mais mensagens: o Torpedo não manda nada para ele, nem de teste. Teste com outro número.',
    outside_sending_hours:
      'Agora está fora do horário de envio no relógio deste cliente (janela, domingo ou feriado). A resposta pode ir quando a janela abrir: veja Configurações › Regras de envio.',
    block_list_not_empty:
      'Esta lista já tem números: escolha se o arquivo substitui a lista ou soma a ela, e confirme de novo.',
    automation_name_taken: 'Já existe uma automação com esse nome. Escolha outro.',
    no_upcoming_occurrence:
      'Esta automação não tem mais envios pela frente para testar (a data final já passou).',
    unauthorized: 'Essa chave não foi aceita. Confira se você copiou a chave inteira no painel do SMSGo.',
    network_error: 'Sem conexão com o serviço. Verifique sua internet e tente de novo.',
    keychain_unavailable:
      'Não foi possível usar o cofre de senhas deste computador para guardar a chave da conta.',
    insufficient_balance: 'Saldo insuficiente. Compre créditos na página Créditos e tente de novo.',
    rate_limited: 'Muitos pedidos seguidos. Aguarde {seconds} segundos e tente de novo.',
    rate_limited_soon: 'Muitos pedidos seguidos. Aguarde um pouco e tente de novo.',
    invalid_input: 'Confira estes campos: {fields}.',
    invalid_input_generic: 'Alguns dados não estão corretos. Confira e tente de novo.',
    not_signed_in: 'Sua sessão terminou. Entre de novo para continuar.',
    not_found: 'Não encontramos o que você procurou. Talvez tenha sido apagado.',
    response_too_large:
      'O serviço mandou uma resposta grande demais (mais de 5 MB) e o Torpedo parou de ler. Nada foi repetido. Tente de novo em alguns minutos; se continuar, copie o diagnóstico (Ajuda) e mande para o suporte.',
    service_too_slow:
      'O serviço demorou demais para terminar de responder e o Torpedo parou de esperar. Tente de novo em instantes.',
    invalid_response: 'O serviço respondeu de um jeito inesperado. Tente de novo em alguns minutos.',
    database_too_new:
      'Os dados deste computador foram gravados por uma versão mais nova do Torpedo. Atualize o aplicativo para continuar.',
    internal_error: 'Algo deu errado no Torpedo. Tente de novo; se continuar, feche e abra o aplicativo.',
    purchase_in_progress:
      'Uma compra de créditos ainda está em andamento. Espere o resultado dela antes de comprar de novo.',
    purchase_not_sent:
      'O serviço de SMS não respondeu, então o pedido de compra não foi enviado. Nada foi cobrado.',
    disk_full:
      'O disco onde ficam os dados do Torpedo está cheio. Libere espaço nele e tente de novo. Nada foi perdido: o que não coube não foi gravado, e nada é enviado duas vezes.',
    data_read_only:
      'A pasta de dados do Torpedo não pode ser gravada. Confira se ela é sua e aceita gravação (e se o disco não está protegido contra gravação) e tente de novo.',
    data_damaged:
      'O arquivo de dados do Torpedo está danificado. Nada foi gravado nele. Volte a uma cópia de segurança em Configurações › Meus dados.',
    data_in_use:
      'Outro Torpedo está usando esta pasta de dados agora (por exemplo, um "torpedo worker" num terminal). Feche-o e tente de novo.',
    data_upgrade_failed:
      'Esta versão não pôde atualizar o formato dos seus dados. Seus dados estão como antes; veja a mensagem na tela inicial.',
    file_not_saved: 'Não foi possível salvar o arquivo. Escolha outra pasta ou outro nome e tente de novo.',
    undo_expired: 'Não dá mais para desfazer: o prazo terminou.',
    demo_unavailable: 'Esta versão do Torpedo não tem a demonstração. Entre com a chave da sua conta.',
    import_cancelled: 'Importação cancelada. Nenhum contato foi alterado.',
    bad_request: 'O serviço não entendeu o pedido. Tente de novo; se continuar, atualize o Torpedo.',
    card_required: 'Não há cartão salvo para cobrar. Cadastre um cartão no painel do SMSGo.',
    card_declined: 'O cartão foi recusado. Nada foi cobrado. Use outro cartão ou fale com o banco.',
    authentication_required:
      'O banco pede que você confirme este cartão no painel do SMSGo antes de usá-lo. Nada foi cobrado.',
    provider_out_of_stock: 'A operadora está sem capacidade de envio agora. Tente de novo em alguns minutos.',
    validation_error: 'O serviço recusou alguns dados. Confira e tente de novo.',
    payment_unavailable: 'O serviço de pagamento está fora do ar agora. Nada foi cobrado. Tente mais tarde.',
    service_said: 'O serviço recusou o pedido e disse: “{message}”',
    service_unavailable: 'O serviço está com problemas agora. Tente de novo em alguns minutos.',
    service_refused_status:
      'O serviço recusou o pedido (código {status}). Tente de novo; se continuar, fale com o suporte do SMSGo.',
    server_unreachable:
      'O servidor não respondeu em {url}. Confira se o endereço está certo e se o servidor está no ar, e tente de novo.',
    pairing_code_invalid:
      'O servidor não aceitou o código: ele está errado, já foi usado ou passou de 10 minutos. Peça um código novo (no servidor ou num computador já conectado) e tente de novo.',
    server_refused:
      'O servidor recusou o pedido (motivo: {code}). Confira se ele está na mesma versão do Torpedo e tente de novo.',
    not_connected:
      'Este computador não está conectado a um Torpedo Server. Conecte um em Configurações › Servidor.',
  },
  overview: {
    balanceTitle: 'Saldo disponível',
    refresh: 'Atualizar saldo',
    buyCredits: 'Comprar créditos',
    staleNotice:
      'Sem conexão com o serviço: este é o último saldo conhecido, atualizado {time}. Ele se atualiza sozinho quando a conexão voltar.',
    modeTitle: 'Como você está usando o Torpedo',
    demoSignOut: 'Para usar a sua conta de verdade, saia da demonstração em Configurações › Conta.',
    settingsTitle: 'Configurações',
    autoRechargeLink: 'Recarga automática e alerta de saldo',
    autoRechargeLinkHint:
      'Créditos comprados automaticamente quando o saldo baixar, ou um aviso antes de acabar.',
    accountLink: 'Conta',
    accountLinkHint: 'Idioma, aparência, onde a chave fica guardada e saída da conta.',
  },
  lowBalance: {
    label: 'Saldo baixo',
    hint: 'Seu saldo está abaixo de {threshold}, o valor do alerta. Clique para recarregar.',
    aheadShort:
      'Seu saldo não cobre os envios automáticos de {date}. Clique para comprar créditos antes desse dia.',
    aheadLow:
      'Os envios automáticos vão deixar seu saldo abaixo do alerta em {date}. Clique para recarregar.',
  },
  settings: {
    sections: 'Seções das configurações',
    account: 'Conta',
    autoRecharge: 'Recarga automática',
    webhook: 'Integração',
    webhookTitle: 'Avisos para o seu sistema (webhook)',
  },
  webhook: {
    intro:
      'O webhook avisa outro sistema seu (uma loja virtual, um ERP) cada vez que um SMS é entregue, falha ou tem um link clicado. Só precisa dele quem tem um sistema assim, ou um programador cuidando de um. Se você acompanha as campanhas aqui no Torpedo, pode deixar em branco: as entregas já aparecem nos relatórios.',
    urlLabel: 'Endereço do webhook',
    none: 'Nenhum webhook configurado',
    noneHint: 'Sem webhook, os avisos ficam disponíveis só no painel do SMSGo.',
    secretLabel: 'Segredo de assinatura',
    secretHint:
      'Seu sistema usa este segredo para conferir que cada aviso veio mesmo do SMSGo. Não compartilhe com ninguém.',
    noSecret: 'Nenhum segredo definido',
    reveal: 'Mostrar',
    hide: 'Ocultar',
    revealAria: 'Mostrar o segredo',
    hideAria: 'Ocultar o segredo',
    copy: 'Copiar',
    copyAria: 'Copiar o segredo',
    copied: 'Copiado para a área de transferência',
    copyFailed: 'Não foi possível copiar o segredo.',
    staleNotice: 'Sem conexão com o serviço: mostrando os últimos dados guardados, atualizados {time}.',
    urlSet: 'Endereço do seu sistema',
    urlChange: 'Trocar o endereço',
    urlPlaceholder: 'https://seusistema.com.br/sms/webhook',
    urlHint: 'Um endereço https:// do seu sistema que aceite pedidos POST.',
    urlRequired: 'Digite o endereço do webhook.',
    urlInvalid: 'Digite o endereço completo, começando com https://',
    urlRefused: 'O serviço recusou este endereço: {reason}',
    save: 'Salvar endereço',
    saved: 'Endereço do webhook salvo.',
    disable: 'Desativar',
    disableTitle: 'Desativar o webhook?',
    disableBody:
      'O SMSGo deixa de enviar avisos para {url}. Você pode ativar de novo quando quiser, informando um endereço.',
    disableConfirm: 'Desativar webhook',
    disabled: 'Webhook desativado.',
    rotate: 'Gerar novo segredo',
    createSecret: 'Gerar segredo',
    rotateTitle: 'Gerar um novo segredo?',
    rotateBody:
      'O segredo atual deixa de valer na hora: o receptor atual vai rejeitar eventos até você atualizar o segredo nele.',
    rotateAfter: 'Depois, mostre o novo segredo aqui e copie-o para o seu sistema.',
    rotateConfirm: 'Gerar novo segredo',
    rotated: 'Novo segredo gerado. Atualize-o no seu sistema.',
    testTitle: 'Evento de teste',
    testIntro:
      'Envia um aviso de exemplo, assinado com o seu segredo, para o endereço acima. Use para conferir se o seu sistema recebe e valida os avisos.',
    test: 'Enviar evento de teste',
    testNeedsUrl: 'Informe um endereço para enviar um evento de teste.',
    testDelivered: 'O receptor respondeu HTTP {status} em {ms} ms.',
    testRejected: 'O receptor respondeu HTTP {status} em {ms} ms: ele não aceitou o evento.',
    testFailure_not_found:
      'Este endereço não existe: o nome do site não foi encontrado. Confira se está escrito certo.',
    testFailure_refused:
      'Ninguém atendeu neste endereço: confira se o seu sistema está no ar e a porta está certa.',
    testFailure_timeout: 'O seu sistema não respondeu em 5 segundos. Confira se ele está no ar.',
    testFailure_tls:
      'O certificado de segurança (https) do endereço foi recusado. Confira o certificado do seu sistema.',
    testFailure_unreachable: 'Não foi possível chegar ao endereço. Confira o endereço e a sua internet.',
    testFailure_rejected: 'O seu sistema recusou o aviso.',
    testFailure_no_url: 'Nenhum endereço salvo: salve o endereço do seu sistema antes de testar.',
    testFailure_no_secret: 'A conta não tem segredo de assinatura: gere um segredo antes de testar.',
    testFailure_demo_local_only:
      'Na demonstração, os avisos só vão para endereços deste computador (localhost ou 127.0.0.1): nada sai para a internet. O aviso não foi enviado.',
    testDetailTitle: 'A mensagem de erro, para quem cuida do seu sistema',
    demoLocalOnly:
      'Na demonstração, os avisos (e este teste) só vão para endereços deste computador, como http://127.0.0.1:8080/…: nada sai para a internet.',
    simulated: 'simulado',
    simulatedHint:
      'O serviço não tem envio de teste, então o Torpedo assinou e enviou o exemplo do mesmo jeito que o SMSGo faz.',
    developersTitle: 'Para desenvolvedores',
    developersIntro:
      'Para quem programa o sistema que recebe os avisos: como cada aviso vem assinado e como conferir.',
    snippetTitle: 'Como conferir a assinatura',
    snippetIntro:
      'Cada aviso chega com o cabeçalho X-SMSGo-Signature: o texto sha256= seguido do HMAC-SHA256 do corpo, em hexadecimal, calculado com o seu segredo. Compare usando o corpo exatamente como chegou:',
    snippetLanguages: 'Linguagem do exemplo',
    snippetSelect: 'Clique no código para selecionar tudo e copie com Ctrl+C (Cmd+C no Mac).',
    snippetRawBody: 'use o corpo exatamente como chegou, antes de ler o JSON',
    snippetReject: 'não foi assinado com o seu segredo: recuse',
    snippetSecret: 'o segredo fica fora do código, numa variável de ambiente',
  },
  account: {
    connectionTitle: 'Conexão',
    modeLabel: 'Modo',
    serviceLabel: 'Endereço do serviço',
    demoService: 'Serviço de demonstração, neste computador',
    keyLabel: 'Chave da conta',
    keyKeychain: 'Guardada com segurança no cofre de senhas do sistema.',
    keyMemory:
      'Guardada só na memória, porque este computador não tem cofre de senhas. Ao fechar o Torpedo, você precisará colar a chave de novo.',
    keyDemo: 'A demonstração não usa chave.',
    preferencesTitle: 'Preferências',
    language: 'Idioma',
    languageSystem: 'Igual ao sistema',
    languagePt: 'Português (Brasil)',
    languageEn: 'English',
    theme: 'Aparência',
    themeSystem: 'Igual ao sistema',
    themeLight: 'Clara',
    themeDark: 'Escura',
    demoTitle: 'Demonstração',
    demoResetHint:
      'Apaga tudo o que você fez na demonstração (contatos, listas, campanhas, modelos, segmentos, automações, listas de bloqueio, links e compras) e volta ao começo: só o saldo e os cartões de exemplo, sem nenhum contato. As regras de envio ficam como estão.',
    demoReset: 'Recomeçar a demonstração',
    demoResetTitle: 'Recomeçar a demonstração?',
    demoResetBody:
      'Contatos, listas, campanhas, modelos de mensagem, segmentos, automações, listas de bloqueio, links e compras da demonstração serão apagados; ela volta com o saldo e os cartões de exemplo e sem contatos. As regras de envio (horário, dias, nome na frente das mensagens e limite por pessoa) ficam como estão. Nenhuma conta real é afetada.',
    demoResetConfirm: 'Recomeçar',
    demoResetDone: 'A demonstração recomeçou.',
    signOutTitle: 'Sair',
    signOutHint: 'Sai desta conta neste computador. Você pode entrar de novo quando quiser.',
    signOut: 'Sair da conta',
    signOutDemo: 'Sair da demonstração',
    signOutDialogTitle: 'Sair do Torpedo?',
    signOutBody:
      'A chave da conta será removida deste computador. Para entrar de novo, você vai precisar colar a chave.',
    signOutBodyDemo: 'Você vai sair da demonstração e voltar para a tela de entrada.',
    signOutKeeps:
      'Os dados que o Torpedo guardou neste computador continuam aqui para a próxima vez, a menos que você marque a opção abaixo. Nada é apagado na sua conta do SMSGo.',
    deleteLocal: 'Também apagar os dados locais deste computador',
    signOutConfirm: 'Sair',
  },
  ...contactsPtBR,
  ...historyPtBR,
  ...syncPtBR,
  ...campaignsPtBR,
  ...billingPtBR,
  ...aboutPtBR,
  ...dataPtBR,
  ...linksPtBR,
  ...segmentsPtBR,
  ...templatesPtBR,
  ...automationsPtBR,
  ...homePtBR,
  ...rulesPtBR,
  ...serverPtBR,
  ...inboxPtBR,
  ...composeChecksPtBR,
  ...bestHourPtBR,
  ...galleryPtBR,
  ...privacyRightsPtBR,
  ...privacyPtBR,
};

export type Messages = typeof ptBR;
export default ptBR;
