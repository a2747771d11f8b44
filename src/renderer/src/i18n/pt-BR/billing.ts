// Credits, purchases, invoices and auto-recharge, in Portuguese (Brazil); spread into ./index.ts.
// `../en/billing.ts` must have exactly these keys.
// One language for money: the balance is in reais, and what it (or a package)
// pays for is counted in SMS of the default type. The service sells by the
// "crédito", but the owner never types or reads a count of them: amounts are
// typed in reais and turned into credits for the service (credit-order.ts).
const billingPtBR = {
  credits: {
    chooseTitle: 'Quanto colocar no saldo',
    packagesLegend: 'Pacotes de saldo',
    packageAmount: '{amount} de saldo',
    worth: 'cerca de {count} SMS {type}',
    price: 'por {total}',
    regularPrice: 'Preço normal: ',
    popular: 'Mais vendido',
    sale: 'Promoção',
    custom: 'Outro valor',
    customRange: 'De {min} a {max} de saldo',
    amountLabel: 'Valor, em reais',
    amountPlaceholder: 'Ex.: 300,00',
    amountHint: 'Digite o valor em reais.',
    amount_required: 'Digite quanto você quer colocar no saldo.',
    amount_notAmount: 'Digite um valor em reais, como 300,00.',
    amount_tooSmall: 'O mínimo é {min}.',
    amount_tooLarge: 'O máximo é {max}.',
    amount_unpriced:
      'Os preços do SMSGo não puderam ser lidos, então não dá para calcular esse valor. Escolha um pacote ou tente mais tarde.',
    estimate: 'Entram cerca de {total} no saldo; o valor exato é calculado pelo SMSGo.',
    couponLabel: 'Cupom de desconto (opcional)',
    couponPlaceholder: 'O código que você recebeu do SMSGo',
    couponHint:
      'O SMSGo não confere cupons antes da compra: ele confere quando você confirma. Se recusar o cupom, nada é cobrado.',
    couponRefused: 'O SMSGo já recusou o cupom “{coupon}” nesta sessão. Confira o código ou apague o cupom.',
    couponBlocks: 'Apague o cupom recusado ou digite outro código para comprar.',
    cardTitle: 'Cartão',
    cardsLegend: 'Cartão que será cobrado',
    cardDefault: 'Padrão',
    cardHolder: 'Titular: {name}',
    cardExpiry: 'Validade: {expiry}',
    noCards: 'Você ainda não tem cartão salvo. Cadastre um cartão no painel do SMSGo para comprar créditos.',
    openPanel: 'Abrir o painel do SMSGo',
    summaryTitle: 'Resumo do pedido',
    balanceLabel: 'Saldo atual',
    summaryAdds: 'Entra no saldo',
    summaryCoupon: 'Cupom',
    summaryCard: 'Cartão',
    summaryTotal: 'Você paga',
    summaryAfter: 'Saldo depois',
    about: 'cerca de {amount}',
    total_about: 'cerca de {total}',
    total_upTo: 'até {total}',
    totalUnknown: 'calculado pelo serviço',
    estimateNote: 'Valor estimado: o total exato é calculado pelo serviço e aparece na fatura.',
    couponNote: 'Com cupom, o desconto é calculado pelo serviço e o total final aparece na fatura.',
    buy: 'Comprar',
    waitInFlight: 'Aguarde o resultado da compra em andamento.',
    waitSeconds: 'Aguarde {seconds} s para tentar de novo.',
    needCard: 'Escolha o cartão que será cobrado.',
    needChoice: 'Escolha quanto colocar no saldo.',
    offline:
      'Sem conexão com o serviço de SMS: dá para comprar quando a conexão voltar. Até lá, nenhum pedido sai e nada é cobrado.',
    staleNotice:
      'Sem conexão com o serviço: os pacotes e cartões são os últimos guardados, de {time}. Para comprar, é preciso estar conectado.',
    confirmTitle: 'Confirmar a compra',
    confirm_exact: 'Cobrar {total} no {card}?',
    confirm_about: 'Cobrar cerca de {total} no {card}?',
    confirm_upTo: 'Cobrar até {total} no {card}?',
    confirm_unknown: 'Cobrar no {card} o valor que o SMSGo calcular?',
    confirmAdds: 'Entram {amount} no seu saldo assim que o pagamento for aprovado.',
    confirmCouponNote:
      'O SMSGo confere o cupom {coupon} agora e aplica o desconto; o total final aparece na fatura. Se ele recusar o cupom, nada é cobrado.',
    confirmButton: 'Confirmar e cobrar',
  },
  /** The campaign that sent the owner here to buy (a held one, or a draft over the balance). */
  creditsFor: {
    held: 'Para a campanha “{name}”, parada por falta de saldo: faltam {amount}.',
    draft: 'Para a campanha “{name}”: faltam {amount} para enviar tudo.',
    chosen: 'Já escolhemos o menor pacote que cobre a diferença.',
    chosenCustom: 'Nenhum pacote cobre a diferença: já preenchemos a quantidade que cobre.',
    resuming: 'A campanha “{name}” está retomando o envio.',
    willResume: 'A campanha “{name}” retoma o envio sozinha assim que o novo saldo for lido.',
    afterPayment: 'A campanha “{name}” retoma o envio assim que o banco confirmar o pagamento.',
    draftCovered: 'Agora o saldo cobre a campanha “{name}”.',
    open: 'Ver a campanha',
    back: 'Voltar para a campanha',
  },
  purchase: {
    orderDiffers:
      'A resposta do serviço não bate com o seu pedido ({quantity} créditos, por volta de {price}). Confira esta fatura em Créditos › Faturas; o saldo mostra o que você tem.',
    sending: 'Enviando o pedido de compra…',
    checking: 'Verificando se a compra foi cobrada…',
    checkingDetail:
      'O pedido saiu, mas a resposta do serviço não chegou. O Torpedo está conferindo as suas faturas para saber se o cartão foi cobrado. Não compre de novo: o resultado aparece aqui.',
    at: 'Resultado de {time}',
    paid: 'Pagamento de {total} aprovado e saldo recarregado.',
    bought: 'Compra: {amount} de saldo',
    boughtAbout: 'Compra: cerca de {amount} de saldo',
    paidNoTotal: 'Pagamento aprovado e saldo recarregado.',
    processingNoTotal:
      'O serviço aceitou o pedido e o banco ainda está confirmando o pagamento. Avisaremos quando o banco confirmar; o saldo é recarregado nessa hora. Não compre de novo.',
    invoiceFinding:
      'O serviço não informou a fatura: o Torpedo está procurando por ela entre as suas faturas.',
    balanceNow: 'Saldo agora: {balance}',
    invoiceLine: 'Fatura {invoice}, no valor de {total}.',
    succeededTitle: 'Compra concluída',
    processingTitle: 'Pagamento pendente',
    processing:
      'O banco ainda está confirmando o pagamento de {total}. Avisaremos quando o banco confirmar; o saldo é recarregado nessa hora.',
    stillPending:
      'O pagamento continua pendente depois de 10 minutos. Confira a situação em Faturas mais tarde.',
    chargedTitle: 'A compra foi concluída',
    charged:
      'A conexão caiu, mas a compra foi concluída: fatura {invoice}, no valor de {total}. Não compre de novo.',
    notSentTitle: 'Pedido não enviado',
    notSent:
      'O serviço de SMS não respondeu, então o pedido de compra não saiu deste computador. Nada foi cobrado. Tente de novo quando a conexão voltar.',
    notChargedTitle: 'A compra não foi feita',
    notCharged:
      'O pedido saiu, mas a resposta se perdeu no caminho. O Torpedo conferiu as suas faturas: nada foi cobrado. Você pode tentar de novo.',
    failedTitle: 'A compra não foi feita',
    reasons: {
      rate_limited: 'Muitas compras em pouco tempo. Nada foi cobrado.',
      card_declined:
        'O cartão foi recusado pelo banco. Nada foi cobrado. Tente outro cartão ou fale com o seu banco.',
      authentication_required:
        'O banco pede que você confirme este cartão no painel do SMSGo antes de usá-lo. Nada foi cobrado.',
      card_required:
        'Não há cartão salvo para cobrar. Cadastre um cartão no painel do SMSGo. Nada foi cobrado.',
      payment_unavailable:
        'O serviço de pagamento está fora do ar agora. Nada foi cobrado. Tente de novo mais tarde.',
      validation_error: 'O serviço recusou os dados da compra. Nada foi cobrado. Confira:',
      coupon:
        'O SMSGo não aceitou o cupom “{coupon}”. Nada foi cobrado. Confira o código ou apague o cupom para comprar sem desconto.',
      payment_not_approved: 'O banco não aprovou o pagamento. Nada foi cobrado nem creditado.',
      purchase_in_progress:
        'Uma compra ainda está em andamento. Espere o resultado dela antes de comprar de novo.',
      paymentRefused:
        'O pagamento foi recusado. Nada foi cobrado. Tente outro cartão ou fale com o seu banco.',
      paymentRefusedSaying:
        'O pagamento foi recusado: “{words}”. Nada foi cobrado. Tente outro cartão ou fale com o seu banco.',
      other: 'O serviço recusou a compra (código {code}). Nada foi cobrado.',
    },
    fieldRefused: {
      quantity: 'O valor escolhido não foi aceito pelo SMSGo. Escolha outro valor ou um pacote.',
      plan_id: 'Este pacote não está mais à venda. Recarregue a página e escolha outro.',
      card_id: 'Este cartão não pode ser usado. Escolha outro ou confira o cartão no painel do SMSGo.',
      coupon: 'O cupom não foi aceito. Confira o código ou apague o cupom.',
      other: 'O SMSGo recusou: {field}.',
    },
    serviceWords: 'O que o SMSGo respondeu',
    retryIn: 'Você pode tentar de novo em {seconds} s.',
    retryNow: 'Você já pode tentar de novo.',
    seeInvoices: 'Ver faturas',
    dismiss: 'Fechar',
  },
  invoices: {
    title: 'Histórico de faturas',
    caption: 'Faturas, página {page} de {pages}',
    date: 'Data',
    number: 'Número',
    total: 'Total',
    status: 'Situação',
    card: 'Cartão',
    statusUnknown: 'Sem situação',
    status_paid: 'Pago',
    status_pending: 'Processando',
    status_processing: 'Processando',
    status_failed: 'Recusado',
    status_refused: 'Recusado',
    status_canceled: 'Cancelado',
    status_cancelled: 'Cancelado',
    empty: 'Nenhuma fatura ainda. As suas compras de créditos aparecem aqui.',
    buyLink: 'Comprar créditos',
    staleNotice: 'Sem conexão com o serviço: mostrando a cópia guardada neste computador, atualizada {time}.',
    export: 'Exportar CSV',
    exported: 'Arquivo salvo: {file}',
    exportedStale: 'Arquivo salvo: {file}. Sem conexão, ele tem as faturas guardadas neste computador.',
  },
  autoRecharge: {
    title: 'Recarga automática',
    intro:
      'Quando o saldo ficar abaixo do valor escolhido, o SMSGo recarrega o saldo sozinho e cobra no cartão escolhido. Assim as suas campanhas não param por falta de saldo.',
    enabled: 'Recarregar automaticamente',
    rule: 'Para ligar a recarga automática, escolha o cartão e o valor de cada recarga.',
    threshold: 'Recarregar quando o saldo ficar abaixo de',
    thresholdHint: 'Em reais, por exemplo 20,00.',
    recharge: 'Valor de cada recarga',
    rechargeHint: 'Em reais, a partir de {min}.',
    rechargeUnpriced:
      'Os preços do SMSGo não puderam ser lidos: o valor de cada recarga aparece quando a conexão voltar. Os outros campos podem ser salvos.',
    rechargeWorth: 'Cada recarga põe cerca de {amount} no saldo e cobra esse valor no cartão.',
    rechargeWorthSms:
      'Cada recarga põe cerca de {amount} no saldo (cerca de {count} SMS {type}) e cobra esse valor no cartão.',
    card: 'Cartão que será cobrado',
    cardPlaceholder: 'Escolha um cartão',
    noCards: 'Nenhum cartão salvo. Cadastre um no painel do SMSGo.',
    alertTitle: 'Alerta de saldo baixo',
    alertIntro:
      'Mostra um aviso amarelo ao lado do saldo, no alto da tela, quando o saldo ficar abaixo do valor escolhido.',
    alertEnabled: 'Avisar quando o saldo estiver baixo',
    alertThreshold: 'Avisar quando o saldo ficar abaixo de',
    alertHint: 'Em reais, por exemplo 50,00.',
    save: 'Salvar',
    saved: 'Recarga automática e alerta salvos.',
    noChanges: 'Nenhuma alteração para salvar.',
    staleNotice: 'Sem conexão com o serviço: mostrando os últimos dados guardados, de {time}.',
    problem_cardRequired: 'Escolha o cartão para ligar a recarga automática.',
    problem_rechargeRequired: 'Digite o valor de cada recarga.',
    problem_rechargeMin: 'Cada recarga precisa ser de pelo menos {min}.',
    problem_rechargeMax: 'O máximo é {max} por recarga.',
    problem_unpriced:
      'Os preços do SMSGo não puderam ser lidos, então o valor da recarga não pode ser conferido agora. Tente mais tarde.',
    problem_amountInvalid: 'Digite um valor em reais, como 20,00.',
    problem_amountTooLarge: 'O valor máximo é {maxAmount}.',
  },
};

export default billingPtBR;
