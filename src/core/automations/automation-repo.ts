/**
 * The `automations` table (the `automations` migration): created, edited, paused,
 * resumed and (softly) deleted. Every statement names the profile. The JSON
 * columns are read back through the contract's schemas; a row that no
 * longer reads (hand-edited) is paused rather than guessed at.
 */
import { randomUUID } from 'node:crypto';
import { APP_ERROR_CODES } from '../../shared/app-error';
import { automationAudience, automationRule } from '../../shared/contract/automations';
import type {
  AutomationAudience,
  AutomationKind,
  AutomationRule,
  AutomationStatus,
} from '../../shared/dto/automations';
import { listNameKey } from '../../shared/sort-key';
import { AppFailure } from '../app-failure';
import type { Database } from '../db/open-database';

/** An automation as the core works on it. */
export interface Automation {
  id: string;
  profile: string;
  name: string;
  kind: AutomationKind;
  status: AutomationStatus;
  templateId: string | null;
  templateName: string | null;
  text: string;
  audience: AutomationAudience;
  rule: AutomationRule;
  activeSince: string;
  plannedThrough: string | null;
  createdAt: string;
  updatedAt: string;
}

interface Row {
  id: string;
  profile: string;
  name: string;
  kind: AutomationKind;
  status: AutomationStatus;
  template_id: string | null;
  template_name: string | null;
  text: string;
  audience: string;
  rule: string;
  active_since: string;
  planned_through: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS =
  'id, profile, name, kind, status, template_id, template_name, text, audience, rule, active_since, ' +
  'planned_through, created_at, updated_at';

function parsed<T>(
  json: string,
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
): T | null {
  try {
    const result = schema.safeParse(JSON.parse(json));
    return result.success ? (result.data as T) : null;
  } catch {
    return null;
  }
}

const toAutomation = (row: Row): Automation | null => {
  const audience = parsed<AutomationAudience>(row.audience, automationAudience);
  const rule = parsed<AutomationRule>(row.rule, automationRule);
  if (!audience || !rule || rule.kind !== row.kind) return null;
  return {
    id: row.id,
    profile: row.profile,
    name: row.name,
    kind: row.kind,
    status: row.status,
    templateId: row.template_id,
    templateName: row.template_name,
    text: row.text,
    audience,
    rule,
    activeSince: row.active_since,
    plannedThrough: row.planned_through,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
};

export const automationNotFound = () =>
  new AppFailure(APP_ERROR_CODES.notFound, 'This automation does not exist (it may have been deleted).');

const nameTaken = (name: string) =>
  new AppFailure(APP_ERROR_CODES.automationNameTaken, `There is already an automation called “${name}”.`, {
    fields: [{ field: 'name', message: 'Another automation has this name' }],
    params: { name },
  });

export interface NewAutomation {
  name: string;
  kind: AutomationKind;
  status: AutomationStatus;
  templateId: string;
  templateName: string;
  text: string;
  audience: AutomationAudience;
  rule: AutomationRule;
}

export type AutomationPatch = Partial<
  Pick<Automation, 'name' | 'templateId' | 'templateName' | 'text' | 'audience' | 'rule'>
>;

export function createAutomationRepo(db: Database) {
  const s = {
    get: db.prepare<[string, string], Row>(
      `SELECT ${COLUMNS} FROM automations WHERE id = ? AND profile = ? AND deleted_at IS NULL`,
    ),
    all: db.prepare<[string], Row>(
      `SELECT ${COLUMNS} FROM automations WHERE profile = ? AND deleted_at IS NULL ORDER BY name_key, id`,
    ),
    active: db.prepare<[string], Row>(
      `SELECT ${COLUMNS} FROM automations WHERE profile = ? AND deleted_at IS NULL AND status = 'active'
        ORDER BY created_at, id`,
    ),
    nameUsed: db
      .prepare<[string, string, string], number>(
        'SELECT 1 FROM automations WHERE profile = ? AND name_key = ? AND id != ? AND deleted_at IS NULL',
      )
      .pluck(),
    insert: db.prepare(
      `INSERT INTO automations (id, profile, name, name_key, kind, status, template_id, template_name, text,
                                audience, rule, active_since, created_at, updated_at)
       VALUES (:id, :profile, :name, :nameKey, :kind, :status, :templateId, :templateName, :text,
               :audience, :rule, :at, :at, :at)`,
    ),
    update: db.prepare(
      `UPDATE automations SET name = :name, name_key = :nameKey, template_id = :templateId,
              template_name = :templateName, text = :text, audience = :audience, rule = :rule, updated_at = :at
        WHERE id = :id AND profile = :profile AND deleted_at IS NULL`,
    ),
    status: db.prepare<[AutomationStatus, string, string, string, string]>(
      `UPDATE automations SET status = ?, active_since = ?, updated_at = ? WHERE id = ? AND profile = ?`,
    ),
    planned: db.prepare<[string, string, string]>(
      `UPDATE automations SET planned_through = ? WHERE id = ? AND (planned_through IS NULL OR planned_through < ?)`,
    ),
    text: db.prepare<[string, string | null, string]>(
      'UPDATE automations SET text = ?, template_name = coalesce(?, template_name) WHERE id = ?',
    ),
    forgetTemplate: db.prepare<[string]>('UPDATE automations SET template_id = NULL WHERE id = ?'),
    remove: db.prepare<[string, string, string, string]>(
      'UPDATE automations SET deleted_at = ?, status = ? WHERE id = ? AND profile = ? AND deleted_at IS NULL',
    ),
    dropWaiting: db.prepare<[string]>(
      "DELETE FROM automation_occurrences WHERE automation_id = ? AND state = 'waiting'",
    ),
    clear: db.prepare<[string]>('DELETE FROM automations WHERE profile = ?'),
    clearRecipients: db.prepare<[string]>('DELETE FROM automation_recipients WHERE profile = ?'),
  };

  const read = (row: Row | undefined): Automation | undefined =>
    row ? (toAutomation(row) ?? undefined) : undefined;

  const find = (profile: string, id: string): Automation => {
    const row = s.get.get(id, profile);
    const automation = read(row);
    if (!automation) throw automationNotFound();
    return automation;
  };

  const checkName = (profile: string, name: string, id: string) => {
    if (s.nameUsed.get(profile, listNameKey(name), id) !== undefined) throw nameTaken(name);
  };

  return {
    find,
    /** By name (the profile's, not deleted); unreadable rows are left out. */
    all: (profile: string): Automation[] => s.all.all(profile).flatMap((row) => toAutomation(row) ?? []),
    /** The active ones, oldest first: the order a round works in. */
    active: (profile: string): Automation[] =>
      s.active.all(profile).flatMap((row) => toAutomation(row) ?? []),
    nameUsed: (profile: string, name: string) => s.nameUsed.get(profile, listNameKey(name), '') !== undefined,

    insert(profile: string, fields: NewAutomation, at: string): string {
      checkName(profile, fields.name, '');
      const id = randomUUID();
      s.insert.run({
        id,
        profile,
        name: fields.name,
        nameKey: listNameKey(fields.name),
        kind: fields.kind,
        status: fields.status,
        templateId: fields.templateId,
        templateName: fields.templateName,
        text: fields.text,
        audience: JSON.stringify(fields.audience),
        rule: JSON.stringify(fields.rule),
        at,
      });
      return id;
    },

    /**
     * An edit: what changes applies from the next occurrence not handed over,
     * so the occurrences prepared but not handed over are worked out again.
     */
    update(profile: string, id: string, patch: AutomationPatch, at: string): void {
      db.transaction(() => {
        const current = find(profile, id);
        if (patch.rule && patch.rule.kind !== current.kind) {
          throw new AppFailure(APP_ERROR_CODES.invalidInput, 'An automation cannot change its kind.', {
            fields: [{ field: 'rule.kind', message: `This automation is a ${current.kind} automation` }],
          });
        }
        const next = {
          ...current,
          ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
        };
        checkName(profile, next.name, id);
        s.update.run({
          id,
          profile,
          name: next.name,
          nameKey: listNameKey(next.name),
          templateId: next.templateId,
          templateName: next.templateName,
          text: next.text,
          audience: JSON.stringify(next.audience),
          rule: JSON.stringify(next.rule),
          at,
        });
        s.dropWaiting.run(id);
      }).immediate();
    },

    /** Paused or active; resuming starts it afresh from `at` (nothing due while paused is sent). */
    setStatus(profile: string, id: string, status: AutomationStatus, at: string): boolean {
      const current = find(profile, id);
      if (current.status === status) return false;
      const since = status === 'active' ? at : current.activeSince;
      db.transaction(() => {
        s.status.run(status, since, at, id, profile);
        if (status === 'paused') s.dropWaiting.run(id);
      }).immediate();
      return true;
    },

    /** The last date worked out (only ever moves forward). */
    plannedThrough: (id: string, date: string) => void s.planned.run(date, id, date),
    /** The text taken from the template for a hand-over (kept for when the template is gone). */
    tookText: (id: string, text: string, templateName: string | null) =>
      void s.text.run(text, templateName, id),
    templateGone: (id: string) => void s.forgetTemplate.run(id),

    /** Gone from the lists; its greetings keep counting (once per birthday per year). */
    remove(profile: string, id: string, at: string): void {
      db.transaction(() => {
        find(profile, id);
        s.remove.run(at, 'paused', id, profile);
        s.dropWaiting.run(id);
      }).immediate();
    },

    clearProfile(profile: string): void {
      db.transaction(() => {
        s.clearRecipients.run(profile);
        s.clear.run(profile);
      })();
    },
  };
}

export type AutomationRepo = ReturnType<typeof createAutomationRepo>;
