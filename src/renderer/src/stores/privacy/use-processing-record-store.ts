import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { InputOf } from '@shared/ipc-contract';
import type { ProcessingRecordView } from '@shared/dto';
import { type ApiError, asApiError, call } from '@renderer/api';

/** Configurações › Privacidade: the record of processing's facts and the customers' contact channel. */
export const useProcessingRecordStore = defineStore('processingRecord', () => {
  const record = ref<ProcessingRecordView | null>(null);
  const error = ref<ApiError | null>(null);

  async function load(): Promise<void> {
    try {
      record.value = await call('processingRecord:get', {});
      error.value = null;
    } catch (failure) {
      error.value = asApiError(failure);
    }
  }

  async function saveContact(contact: InputOf<'processingRecord:setContact'>): Promise<void> {
    record.value = await call('processingRecord:setContact', contact);
  }

  /** The notice's paragraph on the clipboard (main writes it). */
  async function copyNotice(text: string): Promise<void> {
    await call('processingRecord:copyNotice', { text });
  }

  return { record, error, load, saveContact, copyNotice };
});
