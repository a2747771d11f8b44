/**
 * Generated Brazilian contacts for benchmarks: accented names, mobiles from
 * every region, e-mails for most. Deterministic (seeded), so runs compare.
 */
import type { UpsertRow } from '@core/contacts/types';
import { mulberry32 } from '../../src/sandbox/simulation/rng';

const FIRST = (
  'João José Maria Ana Antônio Francisco Carlos Paulo Pedro Lucas Luís Marcos Gabriel Rafael Daniel Marcelo ' +
  'Bruno Eduardo Felipe Raimundo Rodrigo Manoel Mateus André Fernando Fábio Leonardo Gustavo Guilherme ' +
  'Leandro Tiago Anderson Ricardo Márcio Jorge Sebastião Alexandre Roberto Edson Diego Vítor Sérgio Cláudio ' +
  'Matheus Thiago Geraldo Adriano Luciano Júlio Renato Francisca Antônia Adriana Juliana Márcia Fernanda ' +
  'Patrícia Aline Sandra Camila Amanda Bruna Jéssica Letícia Júlia Luciana Vanessa Mariana Gabriela Vera ' +
  'Vitória Larissa Cláudia Beatriz Luana Rita Sônia Renata Eliane Conceição Lúcia Tânia Regina Simone Débora ' +
  'Cecília Inês Raíssa Natália Thaís Lívia Heloísa Lorena Estêvão Caio Otávio Flávio Ângela Élida Iara Jandira'
).split(' ');
const LAST = (
  'Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho ' +
  'Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado ' +
  'Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Conceição Magalhães Simões Brandão Falcão ' +
  'Guimarães Sá Mourão Leão Pinheiro Cavalcanti Aragão Müller Assunção Galvão Tavares Peixoto Queiroz Bezerra'
).split(' ');
const DDD = (
  '11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 51 53 54 55 ' +
  '61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 91 92 93 94 95 96 97 98 99'
).split(' ');
const DOMAINS = ['gmail.com', 'hotmail.com', 'yahoo.com.br', 'uol.com.br', 'outlook.com', 'bol.com.br'];
const CITIES = ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Salvador', 'Recife', 'Belém', 'Curitiba'];

/** A small fast PRNG (the sandbox's mulberry32): the same seed gives the same contacts. */
export const random = mulberry32;

export const pick = <T>(rnd: () => number, items: readonly T[]): T =>
  items[Math.floor(rnd() * items.length)]!;

const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function generateContacts(count: number, seed = 1): UpsertRow[] {
  const rnd = random(seed);
  const rows: UpsertRow[] = [];
  const phones = new Set<string>();
  while (rows.length < count) {
    const first = pick(rnd, FIRST);
    const last = pick(rnd, LAST);
    const name = rnd() < 0.5 ? `${first} ${last}` : `${first} ${pick(rnd, LAST)} ${last}`;
    const phone = `+55${pick(rnd, DDD)}9${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`;
    if (phones.has(phone)) continue;
    phones.add(phone);
    const email =
      rnd() < 0.6 ? `${plain(first)}.${plain(last)}${Math.floor(rnd() * 1000)}@${pick(rnd, DOMAINS)}` : null;
    rows.push({ name, phone, email, fields: rnd() < 0.3 ? { cidade: pick(rnd, CITIES) } : {} });
  }
  return rows;
}
