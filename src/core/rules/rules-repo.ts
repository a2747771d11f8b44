/**
 * The owner's sending rules, one row per profile (`sending_rules`). Read
 * from the database on every use, never cached: the app and the CLI share
 * the data folder, and a rule changed in one holds in the other at once.
 * A rule stored by an older version, or damaged, takes its default.
 */
import { sendingRulesSchema } from '../../shared/contract/rules';
import { DEFAULT_RULES, type SendingRules } from '../../shared/rules/sending-rules';
import type { Database } from '../db/open-database';

type RuleKey = keyof SendingRules;
const KEYS = Object.keys(sendingRulesSchema.shape) as RuleKey[];

/** Each rule read on its own: one that does not parse is the default, the others stay the owner's. */
function readRules(json: string | undefined): SendingRules {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = json === undefined ? {} : JSON.parse(json);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const rules = structuredClone(DEFAULT_RULES) as SendingRules;
  for (const key of KEYS) {
    const read = sendingRulesSchema.shape[key].safeParse(raw[key]);
    if (read.success) (rules as unknown as Record<RuleKey, unknown>)[key] = read.data;
  }
  return rules;
}

export function createRulesRepo(db: Database) {
  const s = {
    get: db.prepare<[string], string>('SELECT rules FROM sending_rules WHERE profile = ?').pluck(),
    put: db.prepare<[string, string, string]>(
      `INSERT INTO sending_rules (profile, rules, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (profile) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at`,
    ),
    clear: db.prepare<[string]>('DELETE FROM sending_rules WHERE profile = ?'),
  };
  return {
    rulesOf: (profile: string): SendingRules => readRules(s.get.get(profile)),
    /** The rules given replace those rules; the others stay. */
    set(profile: string, change: Partial<SendingRules>, at: Date): SendingRules {
      const rules = { ...readRules(s.get.get(profile)), ...change };
      s.put.run(profile, JSON.stringify(rules), at.toISOString());
      return rules;
    },
    clear: (profile: string) => void s.clear.run(profile),
  };
}

export type RulesRepo = ReturnType<typeof createRulesRepo>;
