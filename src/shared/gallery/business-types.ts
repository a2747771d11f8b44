/**
 * The kinds of business the gallery writes for, and what each ready message
 * is for, with their names in the app's two languages. The ids are stable
 * (they are in the gallery's message ids, the owner's setting and the CLI's
 * `--business`); the words are what the window and the CLI show. They live
 * here, beside the messages, because the core words them too (a template's
 * name, a segment's name, the CLI's lines), and the core cannot read the
 * renderer's i18n.
 */
import type { AppLanguage } from '../app-language';

export const BUSINESS_TYPES = [
  'salao-e-barbearia',
  'pet-shop',
  'otica',
  'farmacia',
  'loja-de-roupa',
  'restaurante-e-delivery',
  'academia',
  'clinica-e-consultorio',
  'mercado',
  'servicos',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const PURPOSES = [
  'boas-vindas',
  'aniversario',
  'cliente-sumido',
  'promocao',
  'lembrete-de-horario',
  'pos-venda',
  'reativacao',
] as const;
export type Purpose = (typeof PURPOSES)[number];

export const BUSINESS_NAMES: Readonly<Record<AppLanguage, Record<BusinessType, string>>> = {
  'pt-BR': {
    'salao-e-barbearia': 'Salão e barbearia',
    'pet-shop': 'Pet shop',
    otica: 'Ótica',
    farmacia: 'Farmácia',
    'loja-de-roupa': 'Loja de roupa',
    'restaurante-e-delivery': 'Restaurante e delivery',
    academia: 'Academia',
    'clinica-e-consultorio': 'Clínica e consultório',
    mercado: 'Mercado',
    servicos: 'Serviços',
  },
  en: {
    'salao-e-barbearia': 'Hair salon and barber shop',
    'pet-shop': 'Pet shop',
    otica: 'Optician',
    farmacia: 'Pharmacy',
    'loja-de-roupa': 'Clothing store',
    'restaurante-e-delivery': 'Restaurant and delivery',
    academia: 'Gym',
    'clinica-e-consultorio': 'Clinic and practice',
    mercado: 'Grocery store',
    servicos: 'Services',
  },
};

export const PURPOSE_NAMES: Readonly<Record<AppLanguage, Record<Purpose, string>>> = {
  'pt-BR': {
    'boas-vindas': 'Boas-vindas',
    aniversario: 'Aniversário',
    'cliente-sumido': 'Cliente sumido',
    promocao: 'Promoção',
    'lembrete-de-horario': 'Lembrete de horário',
    'pos-venda': 'Pós-venda',
    reativacao: 'Reativação',
  },
  en: {
    'boas-vindas': 'Welcome',
    aniversario: 'Birthday',
    'cliente-sumido': 'Missed customer',
    promocao: 'Promotion',
    'lembrete-de-horario': 'Appointment reminder',
    'pos-venda': 'After the sale',
    reativacao: 'Win-back',
  },
};

export const isBusinessType = (text: string): text is BusinessType =>
  (BUSINESS_TYPES as readonly string[]).includes(text);
