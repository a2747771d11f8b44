import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { SavedSegmentView, SegmentExportView, SegmentFieldView, SegmentToListView } from '@shared/dto';
import type { SegmentDefinition } from '@shared/segments/segment-model';
import { type ApiError, asApiError, call } from '@renderer/api';

/** How long a deleted segment can be brought back (the lists' and contacts' undo lasts as long). */
export const SEGMENT_UNDO_MS = 10_000;

/**
 * The saved segments and the fields a condition can be on: the Segmentos
 * page and the composer's audience read this one copy. A delete is undone
 * by saving the segment again as it was (its name and conditions).
 */
export const useSegmentsStore = defineStore('segments', () => {
  const segments = ref<SavedSegmentView[] | null>(null);
  const fields = ref<SegmentFieldView[] | null>(null);
  const error = ref<ApiError | null>(null);
  const loading = ref(false);
  const undo = ref<{ segment: SavedSegmentView; expiresAt: number } | null>(null);

  const byId = computed(() => new Map((segments.value ?? []).map((s) => [s.id, s])));
  const fieldsByKey = computed(() => new Map((fields.value ?? []).map((f) => [f.field, f])));

  async function load(): Promise<void> {
    loading.value = true;
    try {
      [segments.value, fields.value] = await Promise.all([
        call('segments:list', {}),
        call('segments:fields', {}),
      ]);
      error.value = null;
    } catch (failure) {
      error.value = asApiError(failure);
    } finally {
      loading.value = false;
    }
  }

  async function ensureLoaded(): Promise<void> {
    if (!segments.value && !loading.value) await load();
  }

  async function create(name: string, definition: SegmentDefinition): Promise<SavedSegmentView> {
    const saved = await call('segments:create', { name, ...definition });
    await load();
    return saved;
  }

  async function update(id: string, name: string, definition: SegmentDefinition): Promise<SavedSegmentView> {
    const saved = await call('segments:update', { id, name, ...definition });
    await load();
    return saved;
  }

  /** Deletes at once; `restore` brings it back until SEGMENT_UNDO_MS have passed. */
  async function remove(id: string): Promise<void> {
    const segment = byId.value.get(id);
    await call('segments:delete', { id });
    if (segment) undo.value = { segment, expiresAt: Date.now() + SEGMENT_UNDO_MS };
    await load();
  }

  async function restore(): Promise<void> {
    const pending = undo.value;
    if (!pending) return;
    undo.value = null;
    const { name, match, conditions } = pending.segment;
    await create(name, {
      match,
      conditions: conditions.map(({ field, op, value, to }) => ({ field, op, value, to })),
    });
  }

  function dismissUndo(): void {
    undo.value = null;
  }

  const exportCsv = (id: string): Promise<SegmentExportView> => call('segments:export', { id });
  const addToList = (id: string, listName: string): Promise<SegmentToListView> =>
    call('segments:addToList', { id, listName });

  function clear(): void {
    segments.value = null;
    fields.value = null;
    error.value = null;
    undo.value = null;
  }

  return {
    segments,
    fields,
    error,
    loading,
    undo,
    byId,
    fieldsByKey,
    load,
    ensureLoaded,
    create,
    update,
    remove,
    restore,
    dismissUndo,
    exportCsv,
    addToList,
    clear,
  };
});
