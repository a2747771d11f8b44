import { toCsv } from '../../export/csv';
import type { NotifyLanguage } from '../../notify';
import type { ExportTables } from './export-tables';

type TableName = keyof ExportTables;

/** Each file's name in the ZIP, in the user's language. */
const FILE_NAMES: Record<NotifyLanguage, Record<TableName, string>> = {
  'pt-BR': {
    contacts: 'contatos.csv',
    lists: 'listas.csv',
    optOuts: 'descadastros.csv',
    campaigns: 'campanhas.csv',
    sends: 'envios.csv',
    sendNumbers: 'envios-numeros.csv',
  },
  en: {
    contacts: 'contacts.csv',
    lists: 'lists.csv',
    optOuts: 'opt-outs.csv',
    campaigns: 'campaigns.csv',
    sends: 'sends.csv',
    sendNumbers: 'send-numbers.csv',
  },
};

const HEADERS: Record<NotifyLanguage, Record<string, string>> = {
  'pt-BR': {
    name: 'Nome',
    phone: 'Telefone',
    email: 'E-mail',
    lists: 'Listas',
    contacts: 'Contatos',
    createdAt: 'Criado em (UTC)',
    updatedAt: 'Alterado em (UTC)',
    consentBasis: 'Base legal (LGPD)',
    consentSource: 'Origem do consentimento',
    consentAt: 'Data do consentimento',
    timeZone: 'Fuso horário',
    source: 'Origem',
    note: 'Observação',
    status: 'Situação',
    message: 'Mensagem',
    recipients: 'Destinatários',
    messages: 'Mensagens',
    segments: 'Partes de SMS',
    cost: 'Custo',
    queuedAt: 'Enviada em (UTC)',
    finishedAt: 'Concluída em (UTC)',
    sendIds: 'Envios',
    sendId: 'Envio',
    number: 'Número',
    scheduledAt: 'Agendado para (UTC)',
    quantity: 'Quantidade',
    type: 'Tipo',
    delivered: 'Entregues',
    failed: 'Falhas',
    inProgress: 'Em andamento',
    outcome: 'Resultado',
    code: 'Código',
  },
  en: {
    name: 'Name',
    phone: 'Phone',
    email: 'Email',
    lists: 'Lists',
    contacts: 'Contacts',
    createdAt: 'Created (UTC)',
    updatedAt: 'Changed (UTC)',
    consentBasis: 'Legal basis (LGPD)',
    consentSource: 'Consent source',
    consentAt: 'Consent date',
    timeZone: 'Time zone',
    source: 'Source',
    note: 'Note',
    status: 'Status',
    message: 'Message',
    recipients: 'Recipients',
    messages: 'Messages',
    segments: 'SMS parts',
    cost: 'Cost',
    queuedAt: 'Sent (UTC)',
    finishedAt: 'Finished (UTC)',
    sendIds: 'Sends',
    sendId: 'Send',
    number: 'Number',
    scheduledAt: 'Scheduled (UTC)',
    quantity: 'Quantity',
    type: 'Type',
    delivered: 'Delivered',
    failed: 'Failed',
    inProgress: 'In progress',
    outcome: 'Outcome',
    code: 'Code',
  },
};

/** `field:Cidade` is the custom field `Cidade`: its column keeps the user's own name. */
const header = (column: string, language: NotifyLanguage) =>
  column.startsWith('field:') ? column.slice('field:'.length) : (HEADERS[language][column] ?? column);

/**
 * The tables as CSV files, named and headed in the user's language. Meant to
 * be read by another program as much as by a person, so: UTF-8 with a BOM
 * (Excel reads the accents), `,` between cells and numbers with a decimal
 * point in both languages (what importers expect), dates in ISO 8601 UTC, and
 * phone numbers as E.164 text left unquoted so they import back as they are.
 * Every text cell goes through csv.ts: a name cannot turn into a formula.
 */
export function exportFiles(tables: ExportTables, language: NotifyLanguage): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of Object.keys(FILE_NAMES[language]) as TableName[]) {
    const table = tables[name];
    files[FILE_NAMES[language][name]] = toCsv(
      [table.columns.map((column) => header(column, language)), ...table.rows],
      { bom: true, keepPhoneNumbers: true },
    );
  }
  return files;
}
