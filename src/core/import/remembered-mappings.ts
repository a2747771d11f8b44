import type { SettingsRepo } from '../db/settings-repo';
import type { ColumnMapping } from './file';
import { FIELD_TYPES } from '../../shared/field-types';

/** Mappings kept per profile; the least recently used go first. */
export const MAX_REMEMBERED = 50;

type Stored = Record<string, { mapping: ColumnMapping; usedAt: string }>;

const FIELD = /^[a-z0-9_]{1,64}$/;

const keyOf = (profile: string) => `import.mappings.${profile}`;

/** A stored mapping still fits a table `width` columns wide (the settings file may be old or edited). */
function fits(mapping: unknown, width: number): mapping is ColumnMapping {
  if (typeof mapping !== 'object' || mapping === null) return false;
  const m = mapping as Partial<ColumnMapping>;
  const column = (c: unknown) =>
    c === undefined || (Number.isInteger(c) && (c as number) >= 0 && (c as number) < width);
  if (![m.name, m.phone, m.areaCode, m.email, m.birthday].every(column) || m.phone === undefined)
    return false;
  return (
    Array.isArray(m.custom) &&
    m.custom.every(
      (c) =>
        typeof c === 'object' &&
        c !== null &&
        column(c.column) &&
        FIELD.test(String(c.field)) &&
        (c.type === undefined || (FIELD_TYPES as readonly string[]).includes(c.type)),
    )
  );
}

/**
 * The column mapping the user confirmed for files with a given header
 * (`headerSignature`), offered again the next time such a file is opened.
 * Stored in the settings table, one entry per profile, so signing out with
 * "delete local data" forgets them with the rest.
 */
export class RememberedMappings {
  constructor(
    private readonly settings: SettingsRepo,
    private readonly now: () => Date,
  ) {}

  recall(profile: string, signature: string, width: number): ColumnMapping | undefined {
    const found = this.settings.get<Stored>(keyOf(profile))?.[signature]?.mapping;
    return fits(found, width) ? found : undefined;
  }

  remember(profile: string, signature: string, mapping: ColumnMapping): void {
    const stored: Stored = { ...(this.settings.get<Stored>(keyOf(profile)) ?? {}) };
    stored[signature] = { mapping, usedAt: this.now().toISOString() };
    const kept = Object.entries(stored)
      .sort(([, a], [, b]) => b.usedAt.localeCompare(a.usedAt))
      .slice(0, MAX_REMEMBERED);
    this.settings.set(keyOf(profile), Object.fromEntries(kept));
  }

  forget(profile: string): void {
    this.settings.delete(keyOf(profile));
  }
}
