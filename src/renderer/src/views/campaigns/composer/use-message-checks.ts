import { computed } from 'vue';
import { checkMessage, type ComposeCheck } from '@shared/compose-checks/compose-checks';
import { useComposerDraftStore } from '@renderer/stores/campaigns/composer/use-composer-draft-store';
import { useComposerFactsStore } from '@renderer/stores/campaigns/composer/use-composer-facts-store';
import { useLiveMessage } from './use-live-message';

/**
 * The composer's message checks (shared/compose-checks) on what is typed:
 * the frame the sending rules put around it, the most parts a message takes
 * (the previewed one counted live, the core's estimate for the whole
 * audience), and who lacks each field (the estimate's count). Null until the
 * rules are read: without them the frame is unknown, and a warning about the
 * business name or "Como sair" could be wrong.
 */
export function useMessageChecks() {
  const store = useComposerDraftStore();
  const facts = useComposerFactsStore();
  const live = useLiveMessage();

  return computed<ComposeCheck[] | null>(() => {
    if (!facts.rules) return null;
    const estimate = facts.estimate;
    const known = estimate !== null && estimate.recipients > 0;
    return checkMessage({
      template: store.draft.template,
      frame: facts.frame,
      parts: Math.max(live.count.value.segments, known ? estimate.maxSegments : 0),
      lacking: known ? estimate.fallbacks : null,
    });
  });
}
