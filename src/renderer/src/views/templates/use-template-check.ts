import { ref, watch, type Ref } from 'vue';
import type { TemplateCheckView } from '@shared/dto/templates';
import { useErrorMessage } from '@renderer/i18n/error-message';
import { useTemplatesStore } from '@renderer/stores/templates/use-templates-store';
import { useDebounced } from '@renderer/composables/use-debounced';

/** Typing pauses this long before the text is checked again (a walk over every contact). */
export const CHECK_DEBOUNCE_MS = 400;

/**
 * The template editor's check of a text against the whole contact book, as
 * it is typed: the last answer stays on screen (marked `updating`) until the
 * next one, and an answer for a text already changed again is dropped.
 */
export function useTemplateCheck(text: Ref<string>) {
  const store = useTemplatesStore();
  const explain = useErrorMessage();
  const check = ref<TemplateCheckView | null>(null);
  const failure = ref<string | null>(null);
  const updating = ref(false);
  let asked = 0;

  const run = useDebounced(async (typed: string) => {
    const seq = ++asked;
    try {
      const answer = await store.checkText(typed);
      if (seq !== asked) return;
      check.value = answer;
      failure.value = null;
    } catch (error) {
      if (seq === asked) failure.value = explain(error);
    } finally {
      if (seq === asked) updating.value = false;
    }
  }, CHECK_DEBOUNCE_MS);

  watch(
    text,
    (typed) => {
      updating.value = true;
      run(typed);
    },
    { immediate: true },
  );

  return { check, failure, updating };
}
