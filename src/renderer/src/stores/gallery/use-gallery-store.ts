import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type {
  BusinessType,
  GalleryMessageView,
  GallerySettingsView,
  GalleryUseView,
  MonthDay,
} from '@shared/dto/gallery';
import { type ApiError, asApiError, call } from '@renderer/api';

/**
 * The gallery of ready messages (Modelos › Galeria, the first steps' business
 * question) and what the owner told about the business once. The messages
 * come worded in the UI's language: the page reads them again when it
 * changes. Using one makes the owner's template or a draft campaign: the
 * caller opens what was made.
 */
export const useGalleryStore = defineStore('gallery', () => {
  const messages = ref<GalleryMessageView[] | null>(null);
  const error = ref<ApiError | null>(null);
  const loading = ref(false);
  const settings = ref<GallerySettingsView | null>(null);
  const settingsError = ref<ApiError | null>(null);

  /** Every business's messages: the page filters them, the owner's business first. */
  async function load(): Promise<void> {
    loading.value = true;
    try {
      messages.value = await call('gallery:list', {});
      error.value = null;
    } catch (failure) {
      error.value = asApiError(failure);
    } finally {
      loading.value = false;
    }
  }

  async function loadSettings(): Promise<void> {
    try {
      settings.value = await call('gallery:settings', {});
      settingsError.value = null;
    } catch (failure) {
      settingsError.value = asApiError(failure);
    }
  }

  async function ensureSettings(): Promise<void> {
    if (settings.value === null) await loadSettings();
  }

  /** Throws an ApiError when the core refuses. */
  async function saveBusiness(business: BusinessType | null): Promise<void> {
    settings.value = await call('gallery:saveSettings', { business });
  }

  /** The shop's own anniversary (null: none); throws an ApiError for a day that does not exist. */
  async function saveAnniversary(anniversary: MonthDay | null): Promise<void> {
    settings.value = await call('gallery:saveSettings', { anniversary });
  }

  /** Days before a selling day the calendar reminds the owner. */
  async function saveReminderDays(reminderDays: number): Promise<void> {
    settings.value = await call('gallery:saveSettings', { reminderDays });
  }

  /** Throws an ApiError (`not_found`, a template name in use). */
  async function use(id: string, as: 'template' | 'draft'): Promise<GalleryUseView> {
    return call('gallery:use', { id, as });
  }

  const business = computed(() => settings.value?.business ?? null);

  function clear(): void {
    messages.value = null;
    error.value = null;
    settings.value = null;
    settingsError.value = null;
  }

  return {
    messages,
    error,
    loading,
    settings,
    settingsError,
    business,
    load,
    loadSettings,
    ensureSettings,
    saveBusiness,
    saveAnniversary,
    saveReminderDays,
    use,
    clear,
  };
});
