// Settings → Meus dados and the page shown after a failed data update, in Portuguese (Brazil);
// spread into ./index.ts. `../en/data.ts` must have exactly these keys.
const dataPtBR = {
  data: {
    tab: 'Meus dados',
    exportTitle: 'Exportar meus dados',
    exportExplain:
      'Salva num arquivo ZIP, no lugar que você escolher, tudo o que o Torpedo guarda da sua empresa: contatos, listas, descadastros, campanhas e o histórico de envios, uma planilha CSV para cada um. Os arquivos abrem no Excel ou no LibreOffice e podem ser importados em outro programa.',
    exportButton: 'Exportar meus dados',
    exported: 'Salvo como {file}.',
    exportedCounts:
      'Contatos: {contacts} · Listas: {lists} · Descadastros: {optOuts} · Campanhas: {campaigns} · Envios: {sends} · Números dos envios: {sendNumbers}',
    backupsTitle: 'Cópias de segurança',
    backupsExplain:
      'Antes de cada atualização que muda o formato dos seus dados, o Torpedo faz uma cópia do arquivo de dados. As três mais recentes ficam guardadas nesta pasta:',
    backupsNone:
      'Nenhuma cópia ainda: a primeira é feita antes da próxima atualização que mudar o formato dos dados.',
    backupsFormat: 'formato {version}',
    backupsBeforeRestore: 'seus dados como estavam antes de uma restauração',
    backupsHowRestore:
      'Para voltar a uma cópia, clique em Restaurar ao lado dela. O Torpedo guarda seus dados como estão agora nesta mesma pasta (para você poder voltar a eles), coloca a cópia no lugar e abre de novo com ela.',
    backupsCouldNotRead: 'Não foi possível ler a pasta das cópias.',
    restoreButton: 'Restaurar',
    restoreCancel: 'Cancelar',
    restoreTitle: 'Voltar para esta cópia?',
    restoreConfirm:
      'Seus dados vão ficar como estavam em {name} ({when}). O que mudou depois não se perde: seus dados como estão agora ficam guardados na pasta das cópias. Antes, feche qualquer Torpedo aberto num terminal.',
    restored: 'Cópia {name} restaurada. Seus dados como estavam ficaram guardados como {kept}. Abrindo…',
    noticeWalSetAside:
      'Havia na pasta de dados um arquivo que sobrou ({file}) e não era dos seus dados (uma restauração feita à mão pulou um passo). O Torpedo o guardou à parte sem aplicá-lo: seus dados abriram como estavam.',
    noticeDismiss: 'Entendi',
    stalled: 'O envio está esperando: {reason}',
  },
  recovery: {
    stages: {
      damaged: {
        title: 'O arquivo de dados do Torpedo está danificado',
        what: 'Ao abrir, o Torpedo conferiu o arquivo de dados (torpedo.db) e encontrou um dano. Nada foi gravado nele, e nenhuma mensagem é enviada.',
        todo: 'Volte para uma das cópias de segurança abaixo: seus dados como estão agora ficam guardados ao lado delas, por garantia. Se não houver cópia, copie o diagnóstico e fale com o suporte.',
      },
      too_new: {
        title: 'Estes dados são de uma versão mais nova do Torpedo',
        what: 'Os dados desta pasta foram gravados por uma versão mais nova do Torpedo (formato {from}; esta versão conhece até o {to}). Abri-los aqui poderia estragá-los, então nada foi alterado.',
        todo: 'Instale a versão mais nova do Torpedo: ela abre estes dados como estão.',
      },
      read_only: {
        title: 'A pasta de dados do Torpedo não pode ser gravada',
        what: 'O Torpedo precisa gravar na pasta de dados e o computador não deixa: a pasta é de outro usuário ou o disco está protegido contra gravação. Nada foi alterado.',
        todo: 'Confira se a pasta abaixo é sua e aceita gravação (e se o disco não está protegido), depois feche e abra o Torpedo de novo.',
      },
      disk_full: {
        title: 'O disco está cheio',
        what: 'O disco onde ficam os dados do Torpedo não tem mais espaço livre, então o Torpedo não conseguiu abrir seus dados. Nada foi perdido.',
        todo: 'Libere espaço nesse disco (apague ou mova arquivos grandes, esvazie a lixeira), depois feche e abra o Torpedo de novo.',
      },
    },
    restoreTitle: 'Cópias de segurança',
    noBackups: 'Não há nenhuma cópia de segurança na pasta abaixo.',
    title: 'Seus dados estão seguros, mas esta versão não pôde ser usada',
    whatHappened:
      'Ao abrir a versão nova, o Torpedo precisava atualizar o formato dos seus dados e essa atualização falhou.',
    restored:
      'Nada foi perdido: o Torpedo voltou seus dados para a cópia de segurança feita logo antes ({backup}). Contatos, campanhas e histórico estão como estavam.',
    untouched:
      'Nada foi perdido: como não foi possível fazer a cópia de segurança antes, o Torpedo não mexeu nos seus dados. Confira se há espaço livre no disco.',
    notRestored:
      'O Torpedo não conseguiu voltar a cópia de segurança sozinho. A cópia está guardada na pasta abaixo; não apague nada e fale com o suporte.',
    meanwhile:
      'Enquanto isso, as telas desta versão ficam fechadas, para não mexer nos seus dados. Nenhuma mensagem é enviada.',
    whatToDo: 'O que fazer',
    stepUpdate:
      'O Torpedo continua procurando atualizações: quando uma versão corrigida chegar, ela é instalada ao fechar e abrir o Torpedo de novo. Ou instale a versão anterior do Torpedo, que abre os seus dados como estão.',
    stepSupport: 'Se precisar de ajuda, copie o diagnóstico e mande para o suporte.',
    copyDiagnostics: 'Copiar diagnóstico',
    copied: 'Diagnóstico copiado.',
    exportData: 'Exportar meus dados',
    dataFolder: 'Pasta de dados',
    backupsFolder: 'Cópias de segurança',
  },
};

export default dataPtBR;
