import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ContactView } from '@shared/dto/contacts';
import type { PersonEraseResult, PersonExportResult, PersonView } from '@shared/dto/privacy';
import { call } from '@renderer/api';

/** Candidates shown for a name or an e-mail typed in the person search. */
const FOUND_MAX = 10;

/**
 * The person's page ("Titular", LGPD art. 18): the one person shown, the
 * contacts a name or e-mail search found, and the export and erase. Each
 * action throws an ApiError the page explains.
 */
export const usePersonStore = defineStore('person', () => {
  const person = ref<PersonView | null>(null);
  const found = ref<ContactView[]>([]);
  const lastErase = ref<PersonEraseResult | null>(null);

  /** Everything kept about the number (any written form). */
  async function show(phone: string): Promise<PersonView> {
    const view = await call('privacy:show', { phone });
    person.value = view;
    return view;
  }

  /** Contacts whose name, e-mail or number matches what was typed, for the owner to pick one. */
  async function find(query: string): Promise<ContactView[]> {
    const page = await call('contacts:search', { query, offset: 0, limit: FOUND_MAX });
    found.value = page.rows;
    return page.rows;
  }

  /** Asks where to save, then writes the summary (HTML) and its JSON copy. */
  async function exportPerson(phone: string): Promise<PersonExportResult> {
    return call('privacy:export', { phone });
  }

  /** Erases the person; the page then shows what is left (their number's keyed hash only). */
  async function erase(phone: string): Promise<PersonEraseResult> {
    const result = await call('privacy:erase', { phone, by: 'owner' });
    lastErase.value = result;
    await show(phone);
    return result;
  }

  function clear(): void {
    person.value = null;
    found.value = [];
    lastErase.value = null;
  }

  return { person, found, lastErase, show, find, exportPerson, erase, clear };
});
