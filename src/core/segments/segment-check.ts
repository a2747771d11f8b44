/**
 * A segment's conditions checked before they are saved or counted: each
 * names a field there is, with an operator that fits the field's kind and
 * a value the operator takes; a list or a campaign that exists. A problem is
 * `invalid_input` naming the condition, its field and its operator, with a
 * reason the window and the CLI word (`unknown_field`, `operator`, `value`).
 */
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { SegmentConditionView } from '../../shared/dto/segments';
import { readCondition, type ConditionProblem } from '../../shared/segments/condition-text';
import { describeConditionProblem } from '../../shared/segments/condition-problem-text';
import {
  BUILTIN_KINDS,
  isBuiltin,
  OPS_BY_KIND,
  valueFits,
  valueKindOf,
  type FieldKind,
  type SegmentCondition,
  type SegmentDefinition,
  type SegmentMatch,
} from '../../shared/segments/segment-model';
import { AppFailure } from '../app-failure';
import type { SegmentCatalog } from './segment-catalog';

export function conditionFailure(
  index: number,
  problem: ConditionProblem,
  params: Record<string, string>,
): AppFailure {
  const message = describeConditionProblem(problem, params);
  return new AppFailure(APP_ERROR_CODES.invalidInput, message, {
    fields: [{ field: `conditions.${index}`, message }],
    reason: problem,
    params: { ...params, condition: index + 1 },
  });
}

const refObjectFailure = (index: number, what: 'list' | 'campaign', name: string) =>
  new AppFailure(APP_ERROR_CODES.notFound, `There is no ${what} called "${name}".`, {
    fields: [{ field: `conditions.${index}`, message: `There is no ${what} called "${name}"` }],
    params: { what, name, condition: index + 1 },
  });

function kindOf(field: string, columns: ReadonlyMap<string, FieldKind>): FieldKind | undefined {
  return isBuiltin(field) ? BUILTIN_KINDS[field] : columns.get(field);
}

/** Throws on the first condition that does not hold; returns the conditions as saved. */
export function checkDefinition(
  catalog: SegmentCatalog,
  profile: string,
  definition: SegmentDefinition,
): SegmentDefinition {
  const columns = catalog.columnTypes(profile);
  definition.conditions.forEach((c, index) => {
    const kind = kindOf(c.field, columns);
    if (!kind) throw conditionFailure(index, 'unknown_field', { field: c.field });
    if (!OPS_BY_KIND[kind].includes(c.op))
      throw conditionFailure(index, 'operator', { field: c.field, op: c.op, kind });
    const valueKind = valueKindOf(kind, c.op);
    if (!valueFits(valueKind, c.value, c.to)) {
      throw conditionFailure(index, 'value', {
        field: c.field,
        op: c.op,
        value: c.value ?? '',
        expected: valueKind,
      });
    }
    if (valueKind === 'list' && !catalog.list(profile, c.value!))
      throw refObjectFailure(index, 'list', c.value!);
    if (valueKind === 'campaign' && !catalog.campaign(profile, c.value!))
      throw refObjectFailure(index, 'campaign', c.value!);
  });
  return {
    match: definition.match,
    conditions: definition.conditions.map(({ field, op, value, to }) => ({
      field,
      op,
      ...(value !== undefined && value !== '' ? { value } : {}),
      ...(to !== undefined && to !== '' ? { to } : {}),
    })),
  };
}

/** Conditions typed as text (`cidade = Recife`), read into a checked definition. */
export function readDefinition(
  catalog: SegmentCatalog,
  profile: string,
  where: readonly string[],
  match: SegmentMatch,
  now: Date,
): SegmentDefinition {
  const named = catalog.named(profile);
  const conditions = where.map((text, index): SegmentCondition => {
    const reading = readCondition(text, named, now);
    if (!reading.ok) throw conditionFailure(index, reading.problem, reading.params);
    const c = reading.condition;
    if (c.field === '@list') {
      const list = catalog.listByName(profile, c.value!);
      if (!list) throw refObjectFailure(index, 'list', c.value!);
      return { ...c, value: list.id };
    }
    if (c.field === '@campaign') {
      const campaign = catalog.campaignByName(profile, c.value!);
      if (!campaign) throw refObjectFailure(index, 'campaign', c.value!);
      return { ...c, value: campaign.id };
    }
    return c;
  });
  return checkDefinition(catalog, profile, { match, conditions });
}

/** The conditions as the window shows them: a list's or campaign's name beside its id (null: gone). */
export function labelled(
  catalog: SegmentCatalog,
  profile: string,
  conditions: readonly SegmentCondition[],
): SegmentConditionView[] {
  return conditions.map((c) => {
    if (c.field === '@list') return { ...c, label: catalog.list(profile, c.value ?? '')?.name ?? null };
    if (c.field === '@campaign')
      return { ...c, label: catalog.campaign(profile, c.value ?? '')?.name ?? null };
    return c;
  });
}
