// The gallery of ready messages (Modelos › Galeria), the retail calendar (the overview's card and the
// composer's schedule hint) and the first steps' business question, in Portuguese (Brazil); spread
// into ./index.ts. `../en/gallery.ts` must have exactly these keys.
// The business's, purpose's, audience's and day's names come from the core, already in the UI's language.
const galleryPtBR = {
  gallery: {
    tabs: 'Seções de Modelos',
    tabOwn: 'Seus modelos',
    tabGallery: 'Galeria',
    title: 'Mensagens prontas',
    intro:
      'Mensagens escritas para o seu tipo de negócio, sem acentos: assim cada uma cabe em um SMS, com o nome da loja e o “Como sair”. Use como modelo seu ou crie uma campanha já com o público e o horário sugeridos.',
    business: 'Tipo de negócio',
    allBusinesses: 'Todos os tipos',
    yours: '{name} (o seu)',
    saveBusiness: 'É o meu negócio',
    businessSaved: 'Tipo de negócio salvo: {name}.',
    loadFailed: 'Não foi possível ler a galeria: {reason}',
    empty: 'Nenhuma mensagem pronta para este tipo de negócio.',
    caption: 'Mensagens prontas: {count}',
    fields: 'Campos: {fields} (quem não tem recebe o texto sem ele)',
    audience: 'Para quem: {name}',
    audienceMissing:
      'Seus contatos ainda não têm a coluna {columns}: a campanha é criada sem público. Importe uma planilha com essa coluna (data) para usar este público.',
    hour: 'Horário sugerido: {hour}, no relógio de cada cliente',
    useAsTemplate: 'Usar como modelo',
    useAsTemplateLabel: 'Usar como modelo: {purpose} ({business})',
    createCampaign: 'Criar campanha',
    createCampaignLabel: 'Criar campanha: {purpose} ({business})',
    templateMade: 'Modelo “{name}” criado. Edite-o à vontade.',
    draftMade: 'Campanha criada para “{segment}”, agendada para {when}. Confira e envie.',
    draftNoAudience:
      'Campanha criada sem público: seus contatos não têm a coluna {columns}. Escolha uma lista ou importe uma planilha com essa coluna.',
    draftBirthday:
      'Esta mensagem é de aniversário: quem envia no dia de cada cliente é a automação de aniversário (Automações). A campanha foi criada sem público.',
    reminder: 'Lembrete das datas',
    reminderHint:
      'Quantos dias antes de cada data do comércio a Visão geral lembra de preparar a campanha (0 a {max}).',
    reminderDays: 'Dias antes',
    reminderSave: 'Salvar lembrete',
    reminderSaved: 'Lembrete no próprio dia. | Lembrete 1 dia antes. | Lembrete {days} dias antes.',
    anniversary: 'Aniversário da loja (opcional)',
    anniversaryHint: 'Entra no calendário de datas, com a mensagem de aniversário da loja.',
    anniversaryDay: 'Dia',
    anniversaryMonth: 'Mês',
    anniversarySave: 'Salvar data',
    anniversaryClear: 'Tirar data',
    anniversarySaved: 'Aniversário da loja salvo: {date}.',
    anniversaryCleared: 'Aniversário da loja retirado do calendário.',
    saveFailed: 'Não foi possível salvar: {reason}',
  },
  calendar: {
    title: 'Próximas datas',
    intro: 'Datas em que o comércio vende mais, com uma mensagem pronta para o seu negócio.',
    caption: 'Próximas datas do comércio e feriados',
    noSends: 'Feriado: sem envios',
    noSendsRuleOff: 'Feriado nacional (os envios em feriados estão liberados nas suas regras)',
    prepare: 'Preparar campanha',
    prepareLabel: 'Preparar campanha: {name}',
    pickBusiness:
      'Diga qual é o seu negócio (nos primeiros passos ou em Modelos › Galeria) para ver as mensagens sugeridas para ele.',
    reminder: 'Faltam {days} dias para {name} ({date}): prepare a sua campanha.',
    reminderToday: 'Hoje é {name}!',
    loadFailed: 'Não foi possível ler o calendário: {reason}',
    scheduleNext: 'Próximas datas do comércio: {dates}',
    scheduleHolidays: 'Feriados sem envios: {dates}',
    scheduleEntry: '{name} ({date}, {when})',
  },
  business: {
    question: 'Qual é o seu negócio?',
    hint: 'Escolha uma vez: a galeria mostra primeiro as mensagens prontas para ele.',
    label: 'Tipo de negócio',
    placeholder: 'Escolha o tipo',
    picked: 'Seu negócio: {name}',
    seeGallery: 'Ver mensagens prontas',
    change: 'Trocar',
  },
};

export default galleryPtBR;
