// Contact sync with SMSGo (the Lists page), in Portuguese (Brazil); spread into ./index.ts.
// `../en/sync.ts` must have exactly these keys. A text with " | " is a plural: singular | plural.
const syncPtBR = {
  sync: {
    title: 'Sincronizar com o SMSGo',
    intro:
      'Ative “Sincronizar com o SMSGo” numa lista para manter os contatos dela também na sua conta do SMSGo, nos dois sentidos. O que você muda sem internet é enviado quando a conexão voltar. Números descadastrados nunca são enviados.',
    colSync: 'SMSGo',
    switchLabel: 'Sincronizar a lista {name} com o SMSGo',
    off: 'Só neste computador',
    waiting: 'Aguardando a primeira sincronização',
    syncedAt: 'Sincronizada {time}',
    notSynced: 'Não sincronizada',
    pending: '{count} contato a enviar | {count} contatos a enviar',
    rejected: '{count} contato recusado pelo SMSGo | {count} contatos recusados pelo SMSGo',
    rejectedHelp: 'Motivo: {reason}. Corrija o contato e ele será enviado de novo.',
    optOutsKept:
      '{count} número descadastrado continua nesta lista no SMSGo | {count} números descadastrados continuam nesta lista no SMSGo',
    optOutsKeptHelp:
      'Motivo: {reason}. Tire o número da lista no SMSGo, ou edite o contato aqui para o Torpedo tentar de novo.',
    syncNow: 'Sincronizar agora',
    stop: 'Parar',
    noneEnabled: 'Ative a sincronização de pelo menos uma lista para sincronizar.',
    progressLabel: 'Progresso da sincronização',
    phase_lists: 'Preparando as listas no SMSGo…',
    phase_pull: 'Trazendo contatos do SMSGo…',
    phase_push: 'Enviando alterações ao SMSGo…',
    steps: '{done} de {total}',
    slowDown: 'O SMSGo pediu para ir mais devagar. Continuando em {seconds} s…',
    done: 'Sincronização concluída.',
    doneCounts: 'Enviados: {pushed}. Recebidos: {pulled}. Apagados no SMSGo: {deleted}.',
    skippedOptedOut:
      '{count} número descadastrado não foi enviado. | {count} números descadastrados não foram enviados.',
    left: '{count} contato saiu de uma lista, como no SMSGo. | {count} contatos saíram de listas, como no SMSGo.',
    optOutsRemoved:
      '{count} número descadastrado foi tirado das listas do SMSGo. | {count} números descadastrados foram tirados das listas do SMSGo.',
    cancelled: 'Sincronização interrompida. O que faltou vai na próxima.',
    failed: 'A sincronização parou.',
    turnedOn: 'A lista “{name}” será sincronizada com o SMSGo.',
    turnedOff: 'A lista “{name}” não será mais sincronizada. Nada foi apagado.',
    deleteAlso: 'Esta lista é sincronizada: ela também será apagada no SMSGo (os contatos continuam lá).',
    loadFailed: 'Não foi possível ler o estado da sincronização.',
    serviceOnly: {
      title: 'Só no SMSGo',
      intro:
        'Listas da sua conta do SMSGo que ainda não estão no Torpedo. Traga uma para tê-la aqui, com os contatos dela e sincronizada.',
      tableLabel: 'Listas que só existem no SMSGo',
      colName: 'Lista no SMSGo',
      colContacts: 'Contatos no SMSGo',
      bring: 'Trazer para o Torpedo',
      bringLabel: 'Trazer a lista {name} para o Torpedo',
      brought: 'A lista “{name}” está no Torpedo. Os contatos dela estão chegando.',
      empty: 'Todas as listas do SMSGo já estão no Torpedo.',
      loadFailed: 'Não foi possível ler as listas do SMSGo.',
      check: 'Verificar de novo',
    },
    errors: {
      unreachable:
        'O SMSGo não respondeu. As alterações ficam guardadas e são enviadas sozinhas quando a conexão voltar.',
      gave_up:
        'O SMSGo falhou várias vezes seguidas. O Torpedo tenta de novo em alguns minutos, ou clique em Sincronizar agora.',
      unauthorized: 'O SMSGo recusou a chave da conta. Saia e entre de novo com a chave da sua conta.',
      signed_out: 'Você saiu da conta durante a sincronização. Entre de novo para continuar.',
      list_refused: 'O SMSGo recusou esta lista ({detail}). Renomeie a lista e sincronize de novo.',
      unexpected: 'Algo inesperado aconteceu. Tente sincronizar de novo; se continuar, fale com o suporte.',
    },
  },
};

export type SyncMessages = typeof syncPtBR;
export default syncPtBR;
