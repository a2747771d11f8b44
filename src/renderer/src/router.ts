import { createRouter, createWebHashHistory, type RouterHistory } from 'vue-router';
import AppShell from './components/AppShell.vue';
import { useSessionStore } from './stores/use-session-store';
import OverviewView from './views/OverviewView.vue';
import SignInView from './views/SignInView.vue';
import AccountSettingsView from './views/settings/AccountSettingsView.vue';
import SettingsLayout from './views/settings/SettingsLayout.vue';
import WebhookSettingsView from './views/settings/WebhookSettingsView.vue';

declare module 'vue-router' {
  interface RouteMeta {
    /** Reachable while signed out. */
    public?: boolean;
    /** i18n key of the page heading in the shell. */
    titleKey?: 'nav.overview' | 'nav.settings';
  }
}

export const HOME = '/overview';
export const SIGN_IN = '/signin';

/** Hash history by default: the renderer is loaded from a file, not a server. */
export function createAppRouter(history: RouterHistory = createWebHashHistory()) {
  const router = createRouter({
    history,
    routes: [
      { path: SIGN_IN, component: SignInView, meta: { public: true } },
      {
        path: '/',
        component: AppShell,
        children: [
          { path: '', redirect: HOME },
          { path: 'overview', component: OverviewView, meta: { titleKey: 'nav.overview' } },
          {
            path: 'settings',
            component: SettingsLayout,
            meta: { titleKey: 'nav.settings' },
            children: [
              { path: '', redirect: '/settings/account' },
              { path: 'account', component: AccountSettingsView },
              { path: 'webhook', component: WebhookSettingsView },
            ],
          },
        ],
      },
      { path: '/:unknown(.*)*', redirect: HOME },
    ],
  });

  router.beforeEach(async (to) => {
    const session = useSessionStore();
    try {
      await session.ensureLoaded();
    } catch {
      // The session could not be read: the sign-in screen is the safe place.
    }
    if (!session.signedIn && !to.meta.public) return SIGN_IN;
    if (session.signedIn && to.path === SIGN_IN) return HOME;
    return true;
  });

  return router;
}
