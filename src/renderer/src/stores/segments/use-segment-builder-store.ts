import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type { SavedSegmentView, SegmentCountView } from '@shared/dto';
import {
  type FieldKind,
  OPS_BY_KIND,
  type SegmentCondition,
  type SegmentDefinition,
  type SegmentMatch,
  valueFits,
  valueKindOf,
} from '@shared/segments/segment-model';
import { type ApiError, asApiError, call } from '@renderer/api';
import { useSegmentsStore } from './use-segments-store';

/** The count waits this long after the last change (typing a city is not ten counts). */
export const COUNT_DEBOUNCE_MS = 300;

/**
 * The segment being built on the Segmentos page: its name, all/any, its
 * conditions, and who it takes, counted by the core as it is built (once
 * every condition is complete, a moment after the last change).
 */
export const useSegmentBuilderStore = defineStore('segment-builder', () => {
  const segments = useSegmentsStore();
  /** The saved segment being edited; null: a new one. */
  const editing = ref<string | null>(null);
  const name = ref('');
  const match = ref<SegmentMatch>('all');
  const conditions = ref<SegmentCondition[]>([]);
  const count = ref<SegmentCountView | null>(null);
  const counting = ref(false);
  const countError = ref<ApiError | null>(null);

  let timer: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;
  onScopeDispose(() => clearTimeout(timer));

  const kindOf = (field: string): FieldKind | null => segments.fieldsByKey.get(field)?.kind ?? null;

  /** Whether a condition is complete: a known field, an operator of its kind, a value that fits. */
  function complete(c: SegmentCondition): boolean {
    const kind = kindOf(c.field);
    if (!kind || !OPS_BY_KIND[kind].includes(c.op)) return false;
    return valueFits(valueKindOf(kind, c.op), c.value, c.to);
  }
  const ready = computed(() => conditions.value.length > 0 && conditions.value.every(complete));
  const definition = computed((): SegmentDefinition => ({
    match: match.value,
    conditions: conditions.value.map(({ field, op, value, to }) => {
      const clean: SegmentCondition = { field, op };
      if (value !== undefined && value !== '') clean.value = value;
      if (to !== undefined && to !== '') clean.to = to;
      return clean;
    }),
  }));

  /** Counts again a moment after the last change; an older answer never overwrites a newer one. */
  function recount(): void {
    clearTimeout(timer);
    seq += 1;
    if (!ready.value) {
      count.value = null;
      counting.value = false;
      return;
    }
    counting.value = true;
    const mine = seq;
    timer = setTimeout(async () => {
      try {
        const counted = await call('segments:count', definition.value);
        if (mine !== seq) return;
        count.value = counted;
        countError.value = null;
      } catch (failure) {
        if (mine !== seq) return;
        countError.value = asApiError(failure);
        count.value = null;
      } finally {
        if (mine === seq) counting.value = false;
      }
    }, COUNT_DEBOUNCE_MS);
  }

  /** A condition on a field, with the first operator its kind takes. */
  function blank(field: string): SegmentCondition {
    const kind = kindOf(field) ?? 'text';
    return { field, op: OPS_BY_KIND[kind][0]! };
  }

  function start(segment: SavedSegmentView | null): void {
    editing.value = segment?.id ?? null;
    name.value = segment?.name ?? '';
    match.value = segment?.match ?? 'all';
    conditions.value = segment
      ? segment.conditions.map(({ field, op, value, to }) => ({ field, op, value, to }))
      : [blank('@name')];
    count.value = null;
    countError.value = null;
    recount();
  }

  function addCondition(): void {
    conditions.value = [...conditions.value, blank(conditions.value.at(-1)?.field ?? '@name')];
    recount();
  }
  function removeCondition(index: number): void {
    conditions.value = conditions.value.filter((_, i) => i !== index);
    recount();
  }
  /** A new field keeps the operator when it fits, and drops a value of another kind. */
  function setCondition(index: number, next: SegmentCondition): void {
    const before = conditions.value[index];
    const kind = kindOf(next.field) ?? 'text';
    let changed = { ...next };
    if (!OPS_BY_KIND[kind].includes(changed.op)) changed = { field: next.field, op: OPS_BY_KIND[kind][0]! };
    if (before && valueKindOf(kindOf(before.field) ?? 'text', before.op) !== valueKindOf(kind, changed.op))
      changed = { field: changed.field, op: changed.op };
    conditions.value = conditions.value.map((c, i) => (i === index ? changed : c));
    recount();
  }
  function setMatch(next: SegmentMatch): void {
    match.value = next;
    recount();
  }

  /** Saves (new or edited); throws the core's refusal (a taken name, a condition it cannot read). */
  async function save(): Promise<SavedSegmentView> {
    const saved = editing.value
      ? await segments.update(editing.value, name.value.trim(), definition.value)
      : await segments.create(name.value.trim(), definition.value);
    editing.value = saved.id;
    return saved;
  }

  function close(): void {
    clearTimeout(timer);
    seq += 1;
    editing.value = null;
    conditions.value = [];
    count.value = null;
    counting.value = false;
  }

  return {
    editing,
    name,
    match,
    conditions,
    count,
    counting,
    countError,
    ready,
    definition,
    complete,
    kindOf,
    start,
    addCondition,
    removeCondition,
    setCondition,
    setMatch,
    save,
    close,
  };
});
