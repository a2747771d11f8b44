/**
 * Search latency as a user meets it: prefixes typed the way people type
 * (names with and without accents, surnames, partial phones in four formats,
 * e-mails), each searched for its first page. Shared by the benchmarks.
 */
import type { ContactsRepo } from '@core/contacts/contacts-repo';
import type { UpsertRow } from '@core/contacts/types';
import { pick, random } from './contact-data';

export type Kind = 'name' | 'name, no accents' | 'surname' | 'phone' | 'e-mail';
export interface Typed {
  kind: Kind;
  text: string;
}

const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** What someone has typed so far: a prefix of 1 character up to the whole text (2 up for phones). */
export function typedPrefixes(
  rows: readonly Pick<UpsertRow, 'name' | 'phone' | 'email'>[],
  count: number,
  seed = 42,
): Typed[] {
  const rnd = random(seed);
  const prefix = (text: string, min = 1) => text.slice(0, min + Math.floor(rnd() * (text.length - min + 1)));
  const out: Typed[] = [];
  while (out.length < count) {
    const row = pick(rnd, rows);
    const r = rnd();
    if (r < 0.3) out.push({ kind: 'name', text: prefix(row.name) });
    else if (r < 0.45) out.push({ kind: 'name, no accents', text: prefix(plain(row.name)) });
    else if (r < 0.55) out.push({ kind: 'surname', text: prefix(row.name.split(' ').at(-1)!) });
    else if (r < 0.85) {
      const d = row.phone.slice(3); // national digits: DDD + 9 digits
      const formats = [
        `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`,
        d,
        `+55 ${d.slice(0, 2)} ${d.slice(2, 7)} ${d.slice(7)}`,
        `${d.slice(2, 7)}-${d.slice(7)}`,
      ];
      out.push({ kind: 'phone', text: prefix(pick(rnd, formats), 2) });
    } else if (row.email) out.push({ kind: 'e-mail', text: prefix(row.email) });
  }
  return out;
}

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export function stats(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
}

export interface LatencyRun {
  all: number[];
  byKind: Map<Kind, number[]>;
  meanTotal: number;
}

/** Times the first page (`limit` rows) of each typed prefix, after a short warm-up. */
export function measureSearch(
  repo: ContactsRepo,
  profile: string,
  typed: readonly Typed[],
  options: { listId?: string; limit?: number } = {},
): LatencyRun {
  const { listId, limit = 50 } = options;
  for (const q of typed.slice(0, 20)) repo.search({ profile, query: q.text, listId, offset: 0, limit });
  const all: number[] = [];
  const byKind = new Map<Kind, number[]>();
  let matches = 0;
  for (const q of typed) {
    const start = performance.now();
    const page = repo.search({ profile, query: q.text, listId, offset: 0, limit });
    const elapsed = performance.now() - start;
    matches += page.total;
    all.push(elapsed);
    byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), elapsed]);
  }
  return { all, byKind, meanTotal: Math.round(matches / typed.length) };
}

const ms = (v: number) => `${v.toFixed(2).padStart(7)} ms`;

/** One aligned line of figures. */
export function statsLine(label: string, samples: readonly number[]): string {
  const s = stats(samples);
  return `  ${label.padEnd(28)} n=${String(s.n).padStart(4)}  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}`;
}
