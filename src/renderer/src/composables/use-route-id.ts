import { computed, watch, type ComputedRef } from 'vue';
import { useRoute } from 'vue-router';

/**
 * The route's `:id`, with `open(id)` run for it at once and again whenever it
 * changes: the router reuses the page when one campaign leads to another
 * (a copy, a draft sent), so a page loads on the id, not on mount. An empty
 * id opens nothing.
 */
export function useRouteId(open: (id: string) => Promise<void>): ComputedRef<string> {
  const route = useRoute();
  const id = computed(() => String(route.params.id ?? ''));
  watch(
    id,
    async (next) => {
      if (next) await open(next);
    },
    { immediate: true },
  );
  return id;
}
