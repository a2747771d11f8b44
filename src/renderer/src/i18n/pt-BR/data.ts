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
    backupsHowRestore:
      'Para voltar a uma cópia: feche o Torpedo, troque o arquivo torpedo.db da pasta de dados pela cópia (renomeada para torpedo.db) e abra o Torpedo de novo. O passo a passo está no README, em “Restaurar uma cópia de segurança”.',
    backupsCouldNotRead: 'Não foi possível ler a pasta das cópias.',
  },
  recovery: {
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
