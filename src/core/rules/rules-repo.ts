/**
 * The owner's sending rules (`sending_rules`, one row for the data folder:
 * the business's rules hold for the demo too, like the app's language). Read
 * from the database on every use, never cached: the app and the CLI share
 * the data folder, and a rule changed in one holds in the other at once.
 * A rule stored by an older version, or damaged, takes its default. The
 * "Como sair" choice has its own column (migration 0035: NULL is unset).
 */
import { sendingRulesSchema } from '../../shared/contract/rules';
import { DEFAULT_RULES, type SendingRules } from '../../shared/rules/sending-rules';
import type { Database } from '../db/open-database';

type RuleKey = keyof SendingRules;
/** The rules kept in the JSON; `howToStop` is its own column. */
const KEYS = (Object.keys(sendingRulesSchema.shape) as RuleKey[]).filter((key) => key !== 'howToStop');

interface Row {
  rules: string;
  how_to_stop: 'on' | 'off' | null;
}

/** Each rule read on its own: one that does not parse is the default, the others stay the owner's. */
function readJson(json: string | undefined): SendingRules {
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

function readRules(row: Row | undefined): SendingRules {
  return { ...readJson(row?.rules), howToStop: row?.how_to_stop ?? 'unset' };
}

export function createRulesRepo(db: Database) {
  const s = {
    get: db.prepare<[], Row>('SELECT rules, how_to_stop FROM sending_rules WHERE id = 1'),
    put: db.prepare<[string, 'on' | 'off' | null, string]>(
      `INSERT INTO sending_rules (id, rules, how_to_stop, updated_at) VALUES (1, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET rules = excluded.rules, how_to_stop = excluded.how_to_stop,
                                      updated_at = excluded.updated_at`,
    ),
  };
  return {
    rules: (): SendingRules => readRules(s.get.get()),
    /** The rules given replace those rules; the others stay. */
    set(change: Partial<SendingRules>, at: Date): SendingRules {
      const rules = { ...readRules(s.get.get()), ...change };
      const { howToStop, ...kept } = rules;
      s.put.run(JSON.stringify(kept), howToStop === 'unset' ? null : howToStop, at.toISOString());
      return rules;
    },
  };
}

export type RulesRepo = ReturnType<typeof createRulesRepo>;
