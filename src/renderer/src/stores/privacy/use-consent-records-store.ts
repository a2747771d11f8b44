import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ConsentRecordView } from '@shared/dto';
import { call } from '@renderer/api';

/** The evidence behind the open contact's consent (the drawer), read each time a contact opens. */
export const useConsentRecordsStore = defineStore('consentRecords', () => {
  const contactId = ref<string | null>(null);
  const records = ref<ConsentRecordView[] | null>(null);
  /** The read failed: the drawer says nothing rather than "no evidence", which would be untrue. */
  const failed = ref(false);

  async function load(id: string): Promise<void> {
    contactId.value = id;
    records.value = null;
    failed.value = false;
    try {
      const read = await call('contacts:consentRecords', { id });
      if (contactId.value === id) records.value = read;
    } catch {
      if (contactId.value === id) failed.value = true;
    }
  }

  return { contactId, records, failed, load };
});
