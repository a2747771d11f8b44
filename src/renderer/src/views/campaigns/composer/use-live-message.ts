import { computed } from 'vue';
import type { CampaignPreviewView } from '@shared/dto/campaigns';
import { toPlainLetters } from '@shared/plain-letters';
import { countSegments } from '@shared/sms-segments';
import { shortLinkStandIn, splitAtLinks, withShortLinks, writtenLinks } from '@shared/message-links';
import { asItLeaves } from '@shared/rules/message-frame';
import { builtinOf, compileTemplate, firstNameOf } from '@shared/template';
import { formatPhone } from '@renderer/composables/format-phone';
import {
  basisKey,
  useCampaignPreviewStore,
} from '@renderer/stores/campaigns/composer/use-campaign-preview-store';
import { useComposerDraftStore } from '@renderer/stores/campaigns/composer/use-composer-draft-store';
import { useComposerFactsStore } from '@renderer/stores/campaigns/composer/use-composer-facts-store';

/** A recipient's value for a field, as far as the renderer knows it (null: unknown here). */
function valueOf(key: string, recipient: CampaignPreviewView['recipient']): string | null {
  if (!recipient) return null;
  switch (builtinOf(key)) {
    case 'name':
      return recipient.name;
    case 'firstName':
      return firstNameOf(recipient.name);
    case 'phone':
      // As the core writes it in messages.
      return formatPhone(recipient.phone);
    case 'email':
      return recipient.email;
    default:
      return recipient.fields[key] ?? null;
  }
}

/**
 * The previewed recipient's message as it is typed, counted on every
 * keystroke. Once the draft is saved, the core's merged text is exact and is
 * shown as is; while typing, the text is merged here with the same template
 * code, from the values the preview gives for the recipient (name, phone,
 * email and custom fields), so the count is exact on every keystroke.
 */
export function useLiveMessage() {
  const store = useComposerDraftStore();
  const facts = useComposerFactsStore();
  const preview = useCampaignPreviewStore();

  const typedBasis = computed(() => basisKey(store.draft.template, store.draft.options.plainLetters));
  /** The core's text is for exactly what is typed. */
  const exact = computed(() => !!preview.preview && preview.shownBasis === typedBasis.value);

  /** The message without plain letters, merged here, inside the rules' frame (name, "Como sair") as the core puts it. */
  const localRaw = computed(() => {
    const compiled = compileTemplate(store.draft.template);
    const recipient = preview.preview?.recipient ?? null;
    const merged = compiled.render(compiled.keys.map((key) => valueOf(key, recipient)));
    return asItLeaves(facts.frame, merged);
  });

  /** The message the recipient gets, as typed (plain letters applied when chosen). */
  const text = computed(() => {
    if (exact.value) return preview.preview!.text;
    return store.draft.options.plainLetters ? toPlainLetters(localRaw.value) : localRaw.value;
  });
  /** The same message with the accents kept, to show what plain letters save. */
  const rawText = computed(() =>
    exact.value && !store.draft.options.plainLetters ? preview.preview!.text : localRaw.value,
  );

  /**
   * A tracked campaign's links go out as short links: counted at the length
   * the core's estimate used (until it has one, as written).
   */
  /** The length a tracked campaign's short addresses are counted at; null: it sends them as written. */
  const shortLength = computed(() =>
    store.draft.options.linkTracking !== 'none' ? (facts.estimate?.shortLinks?.length ?? null) : null,
  );
  const standIns = computed(() => {
    const length = shortLength.value;
    if (length === null) return [];
    return writtenLinks(store.draft.template).map((l) => ({
      written: l.written,
      short: shortLinkStandIn(length),
    }));
  });
  const sent = (message: string) => withShortLinks(message, standIns.value);

  const count = computed(() => countSegments(sent(text.value)));
  const rawCount = computed(() => countSegments(sent(rawText.value)));
  const plainCount = computed(() => countSegments(sent(toPlainLetters(rawText.value))));
  /**
   * The message as it goes out, in pieces: a tracked campaign's addresses apart (`short`: the
   * length the short address takes), so the bubble shows what the customer gets, not the long link.
   */
  const pieces = computed(() => {
    const length = shortLength.value;
    const written = length === null ? [] : standIns.value.map((l) => l.written);
    return splitAtLinks(text.value, written).map((p) => ({ text: p.text, short: p.link ? length : null }));
  });

  return { exact, text, count, rawCount, plainCount, pieces };
}
