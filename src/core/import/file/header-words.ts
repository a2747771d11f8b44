/**
 * Header vocabulary (Portuguese and English) for recognising the columns a
 * contact needs. Headers are compared folded: no accents, lower case,
 * punctuation as spaces ("E-mail" -> "e mail", "Nº Celular" -> "no celular").
 */
import { foldHeader as fold } from '../../../shared/field-key';

export { fold };

export type KnownField = 'phone' | 'name' | 'email' | 'areaCode' | 'birthday';

type Vocabulary = {
  exact: Record<string, number>;
  tokens: Record<string, number>;
  avoid?: readonly string[];
};

const exact = (score: number, words: string[]) => Object.fromEntries(words.map((w) => [w, score]));

const VOCABULARY: Record<KnownField, Vocabulary> = {
  phone: {
    // Mobile words rank above generic "telefone": SMS needs the mobile when both exist.
    exact: {
      ...exact(10, [
        'celular',
        'cel',
        'whatsapp',
        'whats',
        'wpp',
        'zap',
        'telefone celular',
        'tel celular',
        'fone celular',
        'numero celular',
        'numero do celular',
        'numero de celular',
        'no celular',
        'n celular',
        'celular whatsapp',
        'whatsapp celular',
        'telefone whatsapp',
        'movel',
        'telefone movel',
        'sms',
        'mobile',
        'mobile phone',
        'mobile number',
        'cell',
        'cell phone',
        'cellphone',
        'telemovel',
      ]),
      ...exact(8, [
        'telefone',
        'telefones',
        'tel',
        'fone',
        'fones',
        'numero',
        'numero de telefone',
        'numero do telefone',
        'no telefone',
        'n telefone',
        'contato telefonico',
        'telefone contato',
        'telefone de contato',
        'phone',
        'phone number',
        'telephone',
        'number',
        'msisdn',
      ]),
    },
    tokens: {
      celular: 6,
      whatsapp: 6,
      whats: 6,
      wpp: 6,
      mobile: 6,
      cell: 6,
      cellphone: 6,
      telefone: 4,
      fone: 4,
      phone: 4,
      tel: 4,
      telephone: 4,
    },
    avoid: ['fixo', 'residencial', 'comercial', 'fax', 'landline', 'home', 'work', 'office', 'ramal'],
  },
  name: {
    exact: {
      ...exact(10, [
        'nome',
        'name',
        'nome completo',
        'full name',
        'nome do cliente',
        'nome cliente',
        'customer name',
      ]),
      ...exact(8, [
        'cliente',
        'contato',
        'nome contato',
        'nome do contato',
        'customer',
        'contact',
        'contact name',
        'primeiro nome',
        'first name',
        'given name',
        'razao social',
        'nome fantasia',
        'responsavel',
        'nome do responsavel',
      ]),
    },
    tokens: { nome: 5, name: 5 },
    avoid: ['sobrenome', 'last', 'surname', 'family', 'mae', 'pai', 'usuario', 'user', 'arquivo', 'file'],
  },
  email: {
    exact: exact(10, [
      'email',
      'e mail',
      'mail',
      'emails',
      'endereco de email',
      'endereco de e mail',
      'endereco email',
      'correio eletronico',
      'email address',
      'e mail address',
    ]),
    tokens: { email: 6 },
  },
  areaCode: {
    exact: exact(10, ['ddd', 'cod area', 'codigo de area', 'codigo area', 'area code', 'prefixo ddd']),
    tokens: { ddd: 6 },
  },
  birthday: {
    exact: exact(10, [
      'aniversario',
      'data de aniversario',
      'data aniversario',
      'dia do aniversario',
      'data de nascimento',
      'data nascimento',
      'data nasc',
      'dt nascimento',
      'dt nasc',
      'nascimento',
      'nasc',
      'birthday',
      'birth date',
      'birthdate',
      'date of birth',
      'dob',
    ]),
    tokens: { aniversario: 6, nascimento: 6, birthday: 6, birthdate: 6 },
  },
};

/** Longer than any real header: such a cell is data, and folding it would only cost time. */
const MAX_HEADER_LENGTH = 100;

/** How strongly a header names a field (0 = not at all). */
export function headerScore(header: string, field: KnownField): number {
  if (header.length > MAX_HEADER_LENGTH) return 0;
  const folded = fold(header);
  if (folded === '') return 0;
  const vocabulary = VOCABULARY[field];
  const exactScore = vocabulary.exact[folded];
  if (exactScore !== undefined) return exactScore;
  const tokens = folded.split(' ');
  if (vocabulary.avoid?.some((w) => tokens.includes(w))) return 0;
  let best = 0;
  for (const token of tokens) best = Math.max(best, vocabulary.tokens[token] ?? 0);
  return best;
}

const KNOWN_FIELDS: readonly KnownField[] = ['phone', 'name', 'email', 'areaCode', 'birthday'];

/** True when a header names any of the known fields, the mark of a header row. */
export function isKnownHeader(header: string): boolean {
  return KNOWN_FIELDS.some((field) => headerScore(header, field) > 0);
}

/** No '/': that is a date (15/03/2023) or a CNPJ. */
const PHONE_CHARS = /^[\d\s\u00a0+().-]+$/;
/** A CPF (123.456.789-09) has a phone's digit count but is not one. */
const CPF = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/;
const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?e[+-]?\d+$/i;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A cell that holds a phone number (valid or not), judged by shape only. */
export function looksLikePhone(cell: string): boolean {
  if (cell.length > 80) return false;
  const s = cell.trim();
  if (CPF.test(s)) return false;
  if (s.length < 8 || s.length > 40) return SCIENTIFIC.test(s);
  if (!PHONE_CHARS.test(s)) return SCIENTIFIC.test(s);
  let digits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
  }
  return digits >= 8 && digits <= 15;
}

export function looksLikeEmail(cell: string): boolean {
  return cell.length <= 320 && EMAIL_SHAPE.test(cell.trim());
}
