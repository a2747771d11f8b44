import PersonView from './views/privacy/PersonView.vue';
import { createRouter, createWebHashHistory, type RouterHistory } from 'vue-router';
import AppShell from './components/app/AppShell.vue';
import { useSessionStore } from './stores/app/use-session-store';
import { useRecoveryStore } from './stores/data/use-recovery-store';

// Pages load on first visit, so the first paint needs only the shell: the
// sign-in page (with the contract's zod schemas) is fetched only when signed out.
const SignInView = () => import('./views/SignInView.vue');
const OverviewView = () => import('./views/OverviewView.vue');
const SettingsLayout = () => import('./views/settings/SettingsLayout.vue');
const AccountSettingsView = () => import('./views/settings/AccountSettingsView.vue');
const WebhookSettingsView = () => import('./views/settings/WebhookSettingsView.vue');
const ServerSettingsView = () => import('./views/settings/ServerSettingsView.vue');
const AutoRechargeSettingsView = () => import('./views/settings/AutoRechargeSettingsView.vue');
const AboutSettingsView = () => import('./views/settings/AboutSettingsView.vue');
const DataSettingsView = () => import('./views/settings/DataSettingsView.vue');
const RulesSettingsView = () => import('./views/settings/RulesSettingsView.vue');
const PrivacySettingsView = () => import('./views/settings/PrivacySettingsView.vue');
const RecoveryView = () => import('./views/RecoveryView.vue');
const CreditsView = () => import('./views/credits/CreditsView.vue');
const InvoicesView = () => import('./views/credits/InvoicesView.vue');
const ContactsLayout = () => import('./views/contacts/ContactsLayout.vue');
const ContactsView = () => import('./views/contacts/ContactsView.vue');
const ListsView = () => import('./views/contacts/ListsView.vue');
const OptOutsView = () => import('./views/contacts/OptOutsView.vue');
const PrivacyRequestsView = () => import('./views/contacts/PrivacyRequestsView.vue');
const SegmentsView = () => import('./views/contacts/SegmentsView.vue');
const CampaignsView = () => import('./views/campaigns/CampaignsView.vue');
const ComposerView = () => import('./views/campaigns/ComposerView.vue');
const CampaignView = () => import('./views/campaigns/CampaignView.vue');
const HistoryView = () => import('./views/history/HistoryView.vue');
const SendDetailView = () => import('./views/history/SendDetailView.vue');
const CampaignReportView = () => import('./views/history/CampaignReportView.vue');
const LinksView = () => import('./views/links/LinksView.vue');
const TemplatesLayout = () => import('./views/templates/TemplatesLayout.vue');
const TemplatesView = () => import('./views/templates/TemplatesView.vue');
const GalleryView = () => import('./views/templates/gallery/GalleryView.vue');
const AutomationsView = () => import('./views/automations/AutomationsView.vue');
const AutomationView = () => import('./views/automations/AutomationView.vue');
const InboxView = () => import('./views/inbox/InboxView.vue');

declare module 'vue-router' {
  interface RouteMeta {
    /** Reachable while signed out. */
    public?: boolean;
    /** i18n key of the page heading in the shell. */
    titleKey?:
      | 'nav.overview'
      | 'nav.contacts'
      | 'nav.credits'
      | 'nav.invoices'
      | 'nav.settings'
      | 'campaigns.nav'
      | 'history.title'
      | 'history.sendHeading'
      | 'history.reportHeading'
      | 'links.title'
      | 'templates.title'
      | 'automations.title'
      | 'inbox.title';
  }
}

export const HOME = '/overview';
export const SIGN_IN = '/signin';
/** The only page after a failed data update. */
export const RECOVERY = '/recovery';

/** Hash history by default: the renderer is loaded from a file, not a server. */
export function createAppRouter(history: RouterHistory = createWebHashHistory()) {
  const router = createRouter({
    history,
    routes: [
      { path: SIGN_IN, component: SignInView, meta: { public: true } },
      { path: RECOVERY, component: RecoveryView, meta: { public: true } },
      {
        path: '/',
        component: AppShell,
        children: [
          { path: '', redirect: HOME },
          { path: 'overview', component: OverviewView, meta: { titleKey: 'nav.overview' } },
          {
            path: 'contacts',
            component: ContactsLayout,
            meta: { titleKey: 'nav.contacts' },
            children: [
              { path: '', component: ContactsView },
              { path: 'lists', component: ListsView },
              { path: 'segments', component: SegmentsView },
              { path: 'opt-outs', component: OptOutsView },
              { path: 'requests', component: PrivacyRequestsView },
              { path: 'person/:phone?', component: PersonView },
            ],
          },
          { path: 'campaigns', component: CampaignsView, meta: { titleKey: 'campaigns.nav' } },
          { path: 'campaigns/:id/edit', component: ComposerView, meta: { titleKey: 'campaigns.nav' } },
          { path: 'campaigns/:id', component: CampaignView, meta: { titleKey: 'campaigns.nav' } },
          {
            path: 'templates',
            component: TemplatesLayout,
            meta: { titleKey: 'templates.title' },
            children: [
              { path: '', component: TemplatesView },
              { path: 'gallery', component: GalleryView },
            ],
          },
          {
            path: 'campaigns/:id/report',
            component: CampaignReportView,
            meta: { titleKey: 'history.reportHeading' },
          },
          { path: 'automations', component: AutomationsView, meta: { titleKey: 'automations.title' } },
          { path: 'automations/:id', component: AutomationView, meta: { titleKey: 'automations.title' } },
          { path: 'inbox', component: InboxView, meta: { titleKey: 'inbox.title' } },
          { path: 'history', component: HistoryView, meta: { titleKey: 'history.title' } },
          { path: 'history/:id', component: SendDetailView, meta: { titleKey: 'history.sendHeading' } },
          { path: 'links', component: LinksView, meta: { titleKey: 'links.title' } },
          { path: 'credits', component: CreditsView, meta: { titleKey: 'nav.credits' } },
          { path: 'credits/invoices', component: InvoicesView, meta: { titleKey: 'nav.invoices' } },
          {
            path: 'settings',
            component: SettingsLayout,
            meta: { titleKey: 'nav.settings' },
            children: [
              { path: '', redirect: '/settings/account' },
              { path: 'account', component: AccountSettingsView },
              { path: 'webhook', component: WebhookSettingsView },
              { path: 'server', component: ServerSettingsView },
              { path: 'auto-recharge', component: AutoRechargeSettingsView },
              { path: 'rules', component: RulesSettingsView },
              { path: 'data', component: DataSettingsView },
              { path: 'privacy', component: PrivacySettingsView },
              { path: 'about', component: AboutSettingsView },
            ],
          },
        ],
      },
      { path: '/:unknown(.*)*', redirect: HOME },
    ],
  });

  router.beforeEach(async (to) => {
    // After a failed data update the app runs on the data as it was: one page says so, nothing else opens.
    const recovery = useRecoveryStore();
    await recovery.ensureLoaded();
    if (recovery.recovery) return to.path === RECOVERY ? true : RECOVERY;
    if (to.path === RECOVERY) return HOME;
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
