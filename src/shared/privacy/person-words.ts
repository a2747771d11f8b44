/**
 * The words of the person's summary (person-html.ts), in the app's two
 * languages: the file is written for the customer, who reads it without the
 * app, so it says plainly what each part is.
 */
import type { PersonMessageKind } from '../dto/privacy';

export type Language = 'pt-BR' | 'en';

export const PERSON_WORDS = {
  'pt-BR': {
    title: 'Seus dados guardados no Torpedo',
    intro:
      'Este é o resumo de tudo o que esta empresa guarda sobre o número {phone} no Torpedo, ' +
      'o programa que ela usa para enviar SMS, em {date}. Lei Geral de Proteção de Dados (LGPD), art. 18.',
    nothing: 'Nada é guardado sobre este número.',
    erased:
      'Este número foi apagado a pedido do titular: só resta uma marca cifrada que impede novos envios.',
    contact: 'Cadastro',
    name: 'Nome',
    phone: 'Telefone',
    email: 'E-mail',
    lists: 'Listas',
    fields: 'Outras informações',
    consent: 'Consentimento',
    basis: { consent: 'consentimento', legitimate_interest: 'legítimo interesse' },
    consentSource: 'Origem',
    consentAt: 'Data',
    timeZone: 'Fuso horário',
    birthday: 'Aniversário',
    createdAt: 'Cadastrado em',
    consentRecords: 'Registros de consentimento',
    consentGiven: 'Dado em',
    consentWords: 'Texto aceito',
    consentChannel: 'Canal',
    consentBy: 'Quem registrou',
    consentWithdrawn: 'Retirado em',
    channels: {
      balcao: 'balcão',
      formulario: 'formulário',
      site: 'site',
      planilha: 'planilha',
      outro: 'outro',
    },
    optOut: 'Descadastro',
    optOutText: 'Pediu para não receber mensagens em {date}.',
    blockLists: 'Listas de bloqueio',
    blockListsText: 'O número está nestas listas públicas de bloqueio: {lists}. Elas continuam valendo.',
    messages: 'Mensagens enviadas',
    kind: { campaign: 'Campanha', automation: 'Automação', test: 'Envio de teste', inbox: 'Resposta' },
    when: 'Quando',
    what: 'Origem',
    text: 'Texto',
    status: 'Situação',
    notKept: '(texto não guardado)',
    statuses: {
      queued: 'aguardando a hora de sair',
      sending: 'saindo',
      accepted: 'entregue ao serviço de SMS',
      held: 'retida',
      failed: 'não entregue',
      cancelled: 'cancelada',
      delivered: 'entregue',
      in_progress: 'a caminho do celular',
    },
    clicks: 'Cliques em links',
    replies: 'Respostas recebidas',
    storage: 'Onde está guardado',
    storageDatabase: 'No computador da empresa, no arquivo {file}.',
    storageService:
      'O número e o texto de {texts} mensagem(ns) foram entregues ao serviço de SMS, que faz o envio.',
    storageNone: 'Nada foi entregue ao serviço de SMS.',
    none: 'Nenhum.',
  },
  en: {
    title: 'Your data kept in Torpedo',
    intro:
      'This is a summary of everything this business keeps about the number {phone} in Torpedo, ' +
      'the program it sends SMS with, as of {date}. Brazil’s General Data Protection Law (LGPD), art. 18.',
    nothing: 'Nothing is kept about this number.',
    erased:
      'This number was erased at the person’s request: only a keyed mark remains, to prevent new messages.',
    contact: 'Contact',
    name: 'Name',
    phone: 'Phone',
    email: 'E-mail',
    lists: 'Lists',
    fields: 'Other details',
    consent: 'Consent',
    basis: { consent: 'consent', legitimate_interest: 'legitimate interest' },
    consentSource: 'Source',
    consentAt: 'Date',
    timeZone: 'Time zone',
    birthday: 'Birthday',
    createdAt: 'Added on',
    consentRecords: 'Consent records',
    consentGiven: 'Given on',
    consentWords: 'Words agreed to',
    consentChannel: 'Channel',
    consentBy: 'Collected by',
    consentWithdrawn: 'Withdrawn on',
    channels: {
      balcao: 'counter',
      formulario: 'form',
      site: 'website',
      planilha: 'spreadsheet',
      outro: 'other',
    },
    optOut: 'Opt-out',
    optOutText: 'Asked not to receive messages on {date}.',
    blockLists: 'Block lists',
    blockListsText: 'The number is on these public block lists: {lists}. They still apply.',
    messages: 'Messages sent',
    kind: { campaign: 'Campaign', automation: 'Automation', test: 'Test send', inbox: 'Answer' },
    when: 'When',
    what: 'From',
    text: 'Text',
    status: 'Status',
    notKept: '(text not kept)',
    statuses: {
      queued: 'waiting for its time',
      sending: 'leaving',
      accepted: 'handed to the SMS service',
      held: 'held',
      failed: 'not delivered',
      cancelled: 'cancelled',
      delivered: 'delivered',
      in_progress: 'on its way to the phone',
    },
    clicks: 'Link clicks',
    replies: 'Replies received',
    storage: 'Where it is kept',
    storageDatabase: 'On the business’s computer, in the file {file}.',
    storageService:
      'The number and the text of {texts} message(s) were handed to the SMS service, which sends them.',
    storageNone: 'Nothing was handed to the SMS service.',
    none: 'None.',
  },
} as const satisfies Record<Language, { kind: Record<PersonMessageKind, string> } & Record<string, unknown>>;

export type PersonWords = (typeof PERSON_WORDS)[Language];

export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
