import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { SettingsView } from '@shared/dto';
import type { InputOf } from '@shared/ipc-contract';
import { call } from '@renderer/api';
import { resolveLocale } from '@renderer/i18n';

/** Language and theme preferences, the OS locale that 'system' follows, and the OS (for OS-specific advice). */
export const useSettingsStore = defineStore('settings', () => {
  const settings = ref<SettingsView>({ language: 'system', theme: 'system' });
  const osLocale = ref<string | null>(null);
  /** Node's `process.platform` of the computer (`linux`, `win32`, `darwin`), once known. */
  const platform = ref<string | null>(null);

  /** The language the UI shows right now. */
  const locale = computed(() => resolveLocale(settings.value.language, osLocale.value));

  /** Reads both; either may fail without stopping the app (defaults stay). */
  async function load(): Promise<void> {
    const [saved, info] = await Promise.allSettled([call('settings:get', {}), call('app:info', {})]);
    if (saved.status === 'fulfilled') settings.value = saved.value;
    if (info.status === 'fulfilled') {
      osLocale.value = info.value.osLocale;
      platform.value = info.value.platform;
    }
  }

  /** Throws an ApiError when the change could not be saved. */
  async function update(patch: InputOf<'settings:update'>): Promise<void> {
    settings.value = await call('settings:update', patch);
  }

  return { settings, osLocale, platform, locale, load, update };
});
