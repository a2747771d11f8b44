// Settings → Sobre and the update banner, in Portuguese (Brazil); spread into ./index.ts.
// `../en/about.ts` must have exactly these keys.
const aboutPtBR = {
  about: {
    tab: 'Sobre',
    title: 'Sobre o Torpedo',
    versionLabel: 'Versão',
    updatesTitle: 'Atualizações',
    howUpdates:
      'O Torpedo procura atualizações ao abrir e a cada 4 horas, baixa a nova versão sem atrapalhar o seu trabalho e a instala quando você reinicia ou fecha o aplicativo. Uma campanha sendo enviada nunca é interrompida.',
    lastCheckLabel: 'Última verificação',
    neverChecked: 'Ainda não verificamos',
    resultUpToDate: 'Você está na versão mais recente.',
    resultAvailable: 'Encontramos a versão {version}.',
    resultError: 'Não conseguimos verificar. Confira a internet e tente de novo.',
    errorDetail: 'Detalhe: {detail}',
    checkNow: 'Procurar atualizações',
    checking: 'Procurando atualizações…',
    downloading: 'Baixando a versão {version}… {percent}%',
    ready: 'A versão {version} já foi baixada e será instalada quando o Torpedo reiniciar.',
    notesTitle: 'Novidades da versão {version}',
    noNotes: 'Esta versão não trouxe notas.',
    releasedOn: 'Publicada em {date}',
    feedLabel: 'Atualizações automáticas',
    feedGithub: 'Ligadas: as novas versões vêm da página oficial do Torpedo',
    feedGeneric: 'Ligadas: as novas versões vêm do servidor de atualizações da sua empresa',
    unsupported_development:
      'Esta cópia não se atualiza sozinha: ela foi aberta a partir do código-fonte ou de uma pasta, e não instalada pelo instalador. Instale o Torpedo pelo instalador para receber as atualizações.',
    unsupported_not_desktop: 'As atualizações acontecem só no aplicativo de desktop.',
  },
  updateBanner: {
    label: 'Atualização do Torpedo',
    ready: 'A versão {version} do Torpedo está pronta para instalar.',
    readyDelivering:
      'A versão {version} está pronta. Como uma campanha está sendo enviada agora, o Torpedo pode reiniciar assim que o envio terminar.',
    waiting: 'O Torpedo vai reiniciar na versão {version} assim que a campanha terminar de ser enviada.',
    restart: 'Reiniciar para atualizar',
    restartWhenDone: 'Reiniciar quando o envio terminar',
    later: 'Depois',
    cancelWaiting: 'Não reiniciar',
    askTitle: 'Uma campanha está sendo enviada',
    askBody:
      'Reiniciar agora interromperia o envio. O Torpedo pode reiniciar sozinho, na nova versão, assim que a campanha terminar de ser enviada.',
    waitingSet: 'Certo: o Torpedo reinicia quando o envio terminar.',
  },
};

export type AboutMessages = typeof aboutPtBR;
export default aboutPtBR;
