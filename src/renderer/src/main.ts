// First, before anything creates a zod schema.
import './zod-config';
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import './assets/base.css';
import { createAppI18n } from './i18n';
import { createAppRouter } from './router';
import { useSettingsStore } from './stores/app/use-settings-store';

async function start(): Promise<void> {
  const app = createApp(App);
  const pinia = createPinia();
  app.use(pinia);

  // Settings first, so the first screen is already in the user's language.
  const settings = useSettingsStore(pinia);
  await settings.load();
  app.use(createAppI18n(settings.locale));

  const router = createAppRouter();
  app.use(router);
  await router.isReady();
  app.mount('#app');
}

void start();
