import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import type { InboxReplyEstimate, InboxReplyResult } from '@shared/dto/inbox';
import { call } from '@renderer/api';
import { useDebounced } from '@renderer/composables/use-debounced';
import { useKeyedLoad } from '@renderer/composables/use-keyed-load';
import { useConversationStore } from './use-conversation-store';
import { useInboxStore } from './use-inbox-store';

/**
 * The reply box under the open conversation: the text being written, what
 * it would cost and whether it may go now (asked once the typing pauses),
 * and the send. A new conversation starts with an empty box.
 */
export const useInboxReplyStore = defineStore('inbox-reply', () => {
  const conversation = useConversationStore();
  const inbox = useInboxStore();
  const text = ref('');
  /** What the estimate shown is for (phone and text), null while there is nothing to estimate. */
  const estimateKey = ref<string | null>(null);
  const estimateRead = useKeyedLoad<InboxReplyEstimate>(estimateKey, (key) => {
    const { phone, message } = JSON.parse(key) as { phone: string; message: string };
    return call('inbox:replyEstimate', { phone, message });
  });

  const keyNow = computed(() => {
    const message = text.value.trim();
    return conversation.phone && message ? JSON.stringify({ phone: conversation.phone, message }) : null;
  });
  /** True while the estimate on screen is for other words than those in the box. */
  const estimating = computed(
    () => keyNow.value !== null && (keyNow.value !== estimateKey.value || estimateRead.loading.value),
  );

  const estimateLater = useDebounced(() => {
    estimateKey.value = keyNow.value;
    void estimateRead.load();
  });
  watch(keyNow, (key) => {
    if (key === null) {
      estimateLater.cancel();
      estimateKey.value = null;
      estimateRead.reset();
    } else estimateLater();
  });
  watch(
    () => conversation.phone,
    () => (text.value = ''),
  );

  /** The estimate for the words in the box now (null while typing or when the box is empty). */
  const estimate = computed(() =>
    !estimating.value && estimateKey.value === keyNow.value ? estimateRead.value.value : null,
  );

  /** Sends the box's text as one SMS. Throws an ApiError when it cannot (the text stays). */
  async function send(): Promise<InboxReplyResult> {
    const phone = conversation.phone;
    const message = text.value.trim();
    if (!phone || !message) throw new Error('Nothing to send');
    const result = await call('inbox:reply', { phone, message });
    text.value = '';
    await Promise.all([conversation.load(), inbox.load()]);
    return result;
  }

  return {
    text,
    estimate,
    estimating,
    estimateError: estimateRead.error,
    send,
  };
});
