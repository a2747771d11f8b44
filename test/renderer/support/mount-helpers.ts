import { flushPromises, mount } from '@vue/test-utils';
import { NDialogProvider, NMessageProvider } from 'naive-ui';
import { createPinia, setActivePinia } from 'pinia';
import { type Component, defineComponent, h } from 'vue';
import { createMemoryHistory } from 'vue-router';
import { type AppLocale, createAppI18n } from '@renderer/i18n';
import { createAppRouter } from '@renderer/router';

/** A fresh Pinia made active, so stores can be used before anything is mounted. */
export function freshPinia() {
  const pinia = createPinia();
  setActivePinia(pinia);
  return pinia;
}

/**
 * Mounts `component` as the app would: Pinia, i18n, a router (memory
 * history) and naive-ui's message and dialog providers around it. Attached
 * to the document, because naive-ui teleports dialogs and messages to body.
 */
export async function mountInApp(
  component: Component,
  options: { locale?: AppLocale; pinia?: ReturnType<typeof createPinia> } = {},
) {
  const pinia = options.pinia ?? freshPinia();
  const i18n = createAppI18n(options.locale ?? 'pt-BR');
  const router = createAppRouter(createMemoryHistory());
  const Host = defineComponent({
    setup: () => () => h(NMessageProvider, null, () => h(NDialogProvider, null, () => h(component))),
  });
  const wrapper = mount(Host, { global: { plugins: [pinia, i18n, router] }, attachTo: document.body });
  await flushPromises();
  return { wrapper, pinia, i18n, router };
}

/** An element anywhere in the document (teleported content included), by data-testid. */
export function byTestId(id: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!element) throw new Error(`No element with data-testid="${id}"`);
  return element;
}

export const queryTestId = (id: string): HTMLElement | null =>
  document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

/** Text with runs of whitespace (including the NBSP of pt-BR money) folded to one space. */
export const squash = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

export async function click(element: HTMLElement): Promise<void> {
  element.click();
  await flushPromises();
}
