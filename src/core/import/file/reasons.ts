import { appLanguage } from '../../../shared/app-language';
import { fold } from './header-words';
import type { ImportErrorParams, ImportFileErrorCode } from '../../spreadsheet';

/** Why a row was not imported as is. Stable codes; the text comes from describeReason. */
export type ReasonCode =
  | 'phone_empty'
  | 'phone_excel_scientific'
  | 'phone_too_short'
  | 'phone_too_long'
  | 'phone_invalid'
  | 'phone_unknown_area_code'
  | 'phone_old_mobile'
  | 'phone_landline'
  | 'erased_by_request'
  | 'cell_too_long'
  | 'duplicate_in_file'
  | 'email_invalid'
  | 'birthday_unreadable'
  | 'birthday_impossible'
  | 'birthday_age'
  | 'date_unreadable'
  | 'date_impossible'
  | 'number_unreadable';

export type ReasonParams = Readonly<Record<string, string | number>>;

export type ReasonLocale = 'pt-BR' | 'en';

/** 'pt', 'pt-BR', 'pt-PT' read Portuguese; anything else English. */
export const toReasonLocale: (locale: string) => ReasonLocale = appLanguage;

type Messages<C extends string> = Record<C, Record<ReasonLocale, string>>;

const ROW_MESSAGES: Messages<ReasonCode> = {
  phone_empty: { 'pt-BR': 'Telefone em branco.', en: 'The phone is blank.' },
  phone_excel_scientific: {
    'pt-BR':
      'O Excel estragou o telefone “{value}” (notação científica) e os últimos dígitos se perderam. ' +
      'Digite o número de novo com a coluna formatada como Texto.',
    en:
      'Excel destroyed the phone “{value}” (scientific notation) and its last digits are lost. ' +
      'Type the number again with the column formatted as Text.',
  },
  phone_too_short: {
    'pt-BR': 'O telefone “{value}” é curto demais (faltou o DDD?).',
    en: 'The phone “{value}” is too short (missing the area code?).',
  },
  phone_too_long: { 'pt-BR': 'O telefone “{value}” é longo demais.', en: 'The phone “{value}” is too long.' },
  phone_invalid: { 'pt-BR': 'O telefone “{value}” não é válido.', en: 'The phone “{value}” is not valid.' },
  phone_unknown_area_code: {
    'pt-BR': 'O telefone “{value}” tem o DDD {ddd}, que não existe no Brasil. Confira o DDD.',
    en: 'The phone “{value}” has the area code (DDD) {ddd}, which does not exist in Brazil. Check the area code.',
  },
  phone_old_mobile: {
    'pt-BR': 'O celular “{value}” está no formato antigo, sem o 9 na frente. Sugestão: {suggested}.',
    en: 'The mobile “{value}” is in the old format, without the leading 9. Suggested: {suggested}.',
  },
  phone_landline: {
    'pt-BR': 'O telefone “{value}” é fixo, não celular: não recebe SMS. Troque pelo celular da pessoa.',
    en: 'The phone “{value}” is a landline, not a mobile: it cannot receive SMS. Put the person’s mobile instead.',
  },
  erased_by_request: {
    'pt-BR':
      'Número apagado a pedido do titular (LGPD): o Torpedo não o guarda nem envia mensagens para ele. ' +
      'Tire esta linha da sua planilha.',
    en:
      'Number erased at the person’s request (LGPD): Torpedo neither keeps it nor messages it. ' +
      'Take this row out of your spreadsheet.',
  },
  cell_too_long: {
    'pt-BR': 'A coluna “{column}” tem {length} caracteres; o máximo é {max}.',
    en: 'The column “{column}” has {length} characters; the maximum is {max}.',
  },
  duplicate_in_file: {
    'pt-BR': 'Mesmo telefone da linha {firstLine}: esta linha fica de fora, entra a da linha {firstLine}.',
    en: 'Same phone as row {firstLine}: this row is left out, row {firstLine} goes in.',
  },
  email_invalid: {
    'pt-BR': 'O e-mail “{value}” não é válido; o contato foi importado sem e-mail.',
    en: 'The e-mail “{value}” is not valid; the contact was imported without it.',
  },
  birthday_unreadable: {
    'pt-BR': 'O aniversário “{value}” não é uma data. Escreva como DD/MM/AAAA (ou DD/MM, sem o ano).',
    en: 'The birthday “{value}” is not a date. Write it as DD/MM/YYYY (or DD/MM, without the year).',
  },
  birthday_impossible: {
    'pt-BR': 'O aniversário “{value}” é um dia que não existe (lido como {order}). Confira o dia e o mês.',
    en: 'The birthday “{value}” is a day that does not exist (read as {order}). Check the day and the month.',
  },
  birthday_age: {
    'pt-BR': 'O aniversário “{value}” dá uma idade fora de 0 a 120 anos. Confira o ano.',
    en: 'The birthday “{value}” gives an age outside 0 to 120. Check the year.',
  },
  date_unreadable: {
    'pt-BR':
      'A coluna “{column}” é de datas e “{value}” não é uma data. Escreva como dd/mm/aaaa (ou dd/mm, sem o ano), ou marque a coluna como texto.',
    en: 'The column “{column}” holds dates and “{value}” is not one. Write it as dd/mm/yyyy (or dd/mm, without the year), or make the column text.',
  },
  date_impossible: {
    'pt-BR': 'A coluna “{column}” tem a data “{value}”, que não existe no calendário. Confira o dia e o mês.',
    en: 'The column “{column}” has the date “{value}”, which is not on the calendar. Check the day and the month.',
  },
  number_unreadable: {
    'pt-BR':
      'A coluna “{column}” é de números e “{value}” não é um número. Corrija o valor ou marque a coluna como texto.',
    en: 'The column “{column}” holds numbers and “{value}” is not one. Correct the value or make the column text.',
  },
};

const FILE_MESSAGES: Messages<ImportFileErrorCode> = {
  empty_file: { 'pt-BR': 'O arquivo está vazio.', en: 'The file is empty.' },
  no_data_rows: {
    'pt-BR': 'O arquivo não tem contatos, só o cabeçalho.',
    en: 'The file has no contacts, only the header.',
  },
  unreadable_file: {
    'pt-BR':
      'Não foi possível ler o arquivo: ele está danificado ou não é uma planilha. Abra-o no Excel ou no LibreOffice, salve de novo como XLSX ou CSV e importe esse arquivo.',
    en: 'The file could not be read: it is damaged or not a spreadsheet. Open it in Excel or LibreOffice, save it again as XLSX or CSV and import that file.',
  },
  unsupported_format: {
    'pt-BR':
      'Este arquivo ({detected}) não é uma planilha. Abra a planilha no Excel, LibreOffice ou Google Planilhas, salve como CSV ou XLSX e importe esse arquivo.',
    en: 'This file ({detected}) is not a spreadsheet. Open the spreadsheet in Excel, LibreOffice or Google Sheets, save it as CSV or XLSX and import that file.',
  },
  encrypted_file: {
    'pt-BR': 'A planilha está protegida por senha. Tire a senha e tente de novo.',
    en: 'The spreadsheet is password-protected. Remove the password and try again.',
  },
  unknown_encoding: {
    'pt-BR': 'Codificação de texto desconhecida: {encoding}. Escolha outra.',
    en: 'Unknown text encoding: {encoding}. Choose another one.',
  },
  invalid_delimiter: {
    'pt-BR': 'Separador inválido: {delimiter}. Escolha outro.',
    en: 'Invalid delimiter: {delimiter}. Choose another one.',
  },
  sheet_not_found: {
    'pt-BR': 'A aba “{sheet}” não existe neste arquivo.',
    en: 'There is no sheet named “{sheet}” in this file.',
  },
  too_large: {
    'pt-BR': 'O arquivo é grande demais para importar de uma vez. Divida-o em arquivos menores.',
    en: 'The file is too large to import at once. Split it into smaller files.',
  },
  too_many_rows: {
    'pt-BR': 'O arquivo tem mais de {max} linhas. Divida-o em arquivos menores.',
    en: 'The file has more than {max} rows. Split it into smaller files.',
  },
  too_many_columns: {
    'pt-BR':
      'O arquivo tem colunas demais (o máximo é {max}). Apague as colunas que não são de contatos e tente de novo.',
    en: 'The file has too many columns (the maximum is {max}). Delete the columns that are not about contacts and try again.',
  },
  line_too_long: {
    'pt-BR':
      'Uma linha do arquivo tem mais de {max} MB: isto não parece uma lista de contatos. Confira se é o arquivo certo, ou abra-o numa planilha e salve de novo como CSV.',
    en: 'A line of the file is longer than {max} MB: this does not look like a contact list. Check that it is the right file, or open it in a spreadsheet and save it again as CSV.',
  },
  zip_bomb: {
    'pt-BR':
      'O arquivo se expandiria para um tamanho perigoso ao ser aberto e foi recusado. Se é mesmo uma planilha, abra-a no Excel ou no LibreOffice, salve de novo como XLSX ou CSV e importe esse arquivo.',
    en: 'The file would expand to a dangerous size when opened, so it was refused. If it really is a spreadsheet, open it in Excel or LibreOffice, save it again as XLSX or CSV and import that file.',
  },
  no_phone_column: {
    'pt-BR': 'Escolha qual coluna tem os telefones.',
    en: 'Choose which column holds the phone numbers.',
  },
  invalid_mapping: {
    'pt-BR': 'A escolha de colunas não é válida: {detail}.',
    en: 'The column choice is not valid: {detail}.',
  },
};

const PLACEHOLDER = /\{(\w+)\}/g;
const MAX_VALUE_IN_MESSAGE = 40;

function fill(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (whole, key: string) => {
    const value = params[key];
    if (value === undefined) return whole;
    const text = String(value);
    return text.length > MAX_VALUE_IN_MESSAGE ? text.slice(0, MAX_VALUE_IN_MESSAGE - 1) + '…' : text;
  });
}

/** A row reason as a sentence for the user, in Portuguese (pt*) or English. */
export function describeReason(code: ReasonCode, params: ReasonParams, locale: string): string {
  return fill(ROW_MESSAGES[code][toReasonLocale(locale)], params);
}

/** A file error (ImportFileError.code/params) as a sentence for the user. */
export function describeFileError(
  code: ImportFileErrorCode,
  params: ImportErrorParams,
  locale: string,
): string {
  return fill(FILE_MESSAGES[code][toReasonLocale(locale)], params);
}

const ERROR_COLUMN: Record<ReasonLocale, string> = {
  'pt-BR': 'Motivo da recusa (Torpedo)',
  en: 'Rejection reason (Torpedo)',
};

/** Header of the extra column in the error file. */
export function errorColumnHeader(locale: string): string {
  return ERROR_COLUMN[toReasonLocale(locale)];
}

const ERROR_COLUMN_FOLDED = new Set(Object.values(ERROR_COLUMN).map(fold));

/** So that re-importing a corrected error file does not turn the reason into a custom field. */
export function isErrorColumnHeader(header: string): boolean {
  return header.length < 100 && ERROR_COLUMN_FOLDED.has(fold(header));
}
