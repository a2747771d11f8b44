/**
 * The owner's sending rules (`sending_rules`, one row for the data folder:
 * the business's rules hold for the demo too, like the app's language). Read
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
    get: db.prepare<[], string>('SELECT rules FROM sending_rules WHERE id = 1').pluck(),
    put: db.prepare<[string, string]>(
      `INSERT INTO sending_rules (id, rules, updated_at) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at`,
    ),
  };
  return {
    rules: (): SendingRules => readRules(s.get.get()),
    /** The rules given replace those rules; the others stay. */
    set(change: Partial<SendingRules>, at: Date): SendingRules {
      const rules = { ...readRules(s.get.get()), ...change };
      s.put.run(JSON.stringify(rules), at.toISOString());
      return rules;
    },
  };
}

export type RulesRepo = ReturnType<typeof createRulesRepo>;
