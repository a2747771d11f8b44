import { defineStore } from 'pinia';
import { onScopeDispose, ref } from 'vue';
import type { ConversationView } from '@shared/dto/inbox';
import { call, onEvent } from '@renderer/api';
import { useKeyedLoad } from '@renderer/composables/use-keyed-load';
import { useInboxStore } from './use-inbox-store';

/**
 * The conversation open in Respostas: every message both ways, oldest first.
 * The phone is the key, so a slow read of one number never shows on another.
 */
export const useConversationStore = defineStore('inbox-conversation', () => {
  const phone = ref<string | null>(null);
  const read = useKeyedLoad<ConversationView>(phone, (at) => call('inbox:conversation', { phone: at }));
  const inbox = useInboxStore();

  async function load(): Promise<void> {
    if (await read.load()) {
      const { messages: _messages, optOut: _optOut, ...summary } = read.value.value!;
      inbox.patch(summary);
    }
  }

  async function open(next: string): Promise<void> {
    if (phone.value !== next) read.reset();
    phone.value = next;
    await load();
  }

  /** Handled marks its replies read; false brings it back as unread. Throws an ApiError when it cannot. */
  async function markHandled(handled: boolean): Promise<void> {
    if (!phone.value) return;
    const at = phone.value;
    const next = await call('inbox:markHandled', { phone: at, handled });
    const { messages: _messages, optOut: _optOut, ...summary } = next;
    inbox.patch(summary);
    if (phone.value === at) read.value.value = next;
  }

  // A new reply from the open number shows at once.
  onScopeDispose(
    onEvent('inbox:changed', (event) => {
      if (phone.value && event.phones.includes(phone.value)) void load();
    }),
  );

  function close(): void {
    phone.value = null;
    read.reset();
  }

  return {
    phone,
    conversation: read.value,
    error: read.error,
    loading: read.loading,
    open,
    load,
    markHandled,
    close,
  };
});
