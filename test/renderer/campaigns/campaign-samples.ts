/**
 * Campaign answers for the renderer tests' fake bridge (stand-ins for the
 * core's, shaped by the shared DTOs), and a mount helper that opens a page
 * at a route as the app would.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { NDialogProvider, NMessageProvider } from 'naive-ui';
import { type Component, h } from 'vue';
import { RouterView, createMemoryHistory, createRouter } from 'vue-router';
import { type AppLocale, createAppI18n } from '@renderer/i18n';
import type {
  AudienceView,
  CampaignEstimateView,
  CampaignPreviewView,
  CampaignProgressView,
  CampaignSummaryView,
  CampaignView,
  SmsTypeView,
} from '@shared/dto/campaigns';
import { countSegments } from '@shared/sms-segments';
import { type FakeBridge, fail, ok, sampleList } from '../support/fake-bridge';
import { freshPinia } from '../support/mount-helpers';

export const sampleCampaign = (over: Partial<CampaignView> = {}): CampaignView => ({
  id: 'camp-1',
  name: 'Promoção de sábado',
  template: 'Olá {{nome}}, aproveite!',
  audience: { listIds: ['l1'], contactIds: [], segmentIds: [] },
  options: {
    smsTypeId: null,
    from: null,
    scheduleAt: null,
    timeZone: 'America/Sao_Paulo',
    flash: false,
    linkTracking: 'none',
    callbackUrl: null,
    plainLetters: false,
  },
  status: 'draft',
  allowPartial: false,
  createdAt: '2025-03-14T13:00:00.000Z',
  updatedAt: '2025-03-14T13:05:00.000Z',
  queuedAt: null,
  finishedAt: null,
  totals: null,
  progress: null,
  ...over,
});

export const summaryOf = (c: CampaignView): CampaignSummaryView => ({
  id: c.id,
  name: c.name,
  status: c.status,
  updatedAt: c.updatedAt,
  queuedAt: c.queuedAt,
  totals: c.totals,
  progress: c.progress,
});

export const sampleSmsTypes: SmsTypeView[] = [
  { id: 1, name: 'Padrão', price: 0.09, sale: null, unitPrice: 0.09 },
  { id: 2, name: 'Premium', price: 0.12, sale: 0.1, unitPrice: 0.1 },
];

export const sampleAudience = (recipients = 3): AudienceView => ({
  selected: recipients + 2,
  optedOut: 1,
  landlines: 0,
  duplicates: 1,
  blocked: [],
  capped: 0,
  recipients,
});

export const sampleEstimate = (over: Partial<CampaignEstimateView> = {}): CampaignEstimateView => ({
  recipients: 3,
  messages: 3,
  segments: 3,
  encodings: { 'GSM-7': 3, 'UCS-2': 0 },
  maxSegments: 1,
  smsType: sampleSmsTypes[0]!,
  unitPrice: 0.09,
  cost: 0.27,
  balance: 50,
  shortfall: 0,
  tooLong: 0,
  shortLinks: null,
  rules: { excluded: { blocked: 0, cap: 0 }, moved: { window: 0, holiday: 0, sunday: 0 } },
  firstAt: null,
  lastAt: null,
  firstZone: null,
  lastZone: null,
  problems: [],
  fallbacks: [],
  worst: null,
  ...over,
});

export const RECIPIENTS: NonNullable<CampaignPreviewView['recipient']>[] = [
  {
    contactId: 'c1',
    name: 'Maria da Silva',
    phone: '+5511987654321',
    email: null,
    fields: { cidade: 'São Paulo' },
  },
  { contactId: 'c2', name: 'João Souza', phone: '+5521998765432', email: 'joao@example.com', fields: {} },
  {
    contactId: 'c3',
    name: 'Ana Lima',
    phone: '+5531991234567',
    email: null,
    fields: { cidade: 'Belo Horizonte' },
  },
];

/** The core's preview, merged here with `{{nome}}` only (enough for these tests). */
export function previewOf(template: string, index: number): CampaignPreviewView {
  const total = RECIPIENTS.length;
  const i = ((index % total) + total) % total;
  const recipient = RECIPIENTS[i]!;
  const text = template.replace(/\{\{nome(\|[^}]*)?\}\}/g, recipient.name);
  const count = countSegments(text);
  return {
    index: i,
    total,
    recipient,
    text,
    segments: {
      encoding: count.encoding,
      units: count.units,
      segments: count.segments,
      perSegment: count.perSegment,
      nonGsmChars: count.nonGsmChars,
    },
    missingFields: [],
  };
}

export const sampleProgress = (over: Partial<CampaignProgressView> = {}): CampaignProgressView => ({
  campaignId: 'camp-1',
  status: 'sending',
  batches: { queued: 2, sending: 1, accepted: 1, held: 0, failed: 0, cancelled: 0, total: 4 },
  messages: { accepted: 5000, total: 20000 },
  delivery: { delivered: 3000, failed: 200, onTheWay: 1800, final: false },
  hold: null,
  etaSeconds: 300,
  spend: {
    charged: { messages: 5000, segments: 5000, cost: 450 },
    pending: { messages: 15000, segments: 15000, cost: 1350 },
  },
  scheduled: null,
  removed: null,
  updatedAt: '2025-03-14T13:10:00.000Z',
  ...over,
});

const Stub = (text: string): Component => ({ render: () => h('p', { 'data-testid': 'stub-page' }, text) });

/**
 * Mounts the app's providers around a router at `path` with only the given
 * pages (plus stand-ins for the pages they link to), so a page reads its
 * route params as in the app.
 */
export async function mountAt(
  path: string,
  routes: { path: string; component: Component }[],
  options: { locale?: AppLocale } = {},
) {
  const pinia = freshPinia();
  const i18n = createAppI18n(options.locale ?? 'pt-BR');
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      ...routes,
      { path: '/credits', component: Stub('credits') },
      { path: '/campaigns/:id/report', component: Stub('report') },
      { path: '/:rest(.*)*', component: Stub('elsewhere') },
    ],
  });
  await router.push(path);
  await router.isReady();
  const Host: Component = {
    setup: () => () => h(NMessageProvider, null, () => h(NDialogProvider, null, () => h(RouterView))),
  };
  const wrapper = mount(Host, { global: { plugins: [pinia, i18n, router] }, attachTo: document.body });
  await flushPromises();
  return { wrapper, pinia, i18n, router };
}

/**
 * A fake bridge answering the composer's channels from one draft it keeps
 * (a stand-in for the core: saves merge into it; preview and estimate are
 * worked out from it for three recipients at R$ 0,09 per SMS).
 */
export function composerBridge(bridge: FakeBridge, start: CampaignView = sampleCampaign(), balance = 50) {
  const state = { campaign: structuredClone(start), balance };
  const estimateNow = (): CampaignEstimateView => {
    const texts = RECIPIENTS.map((_, i) => previewOf(state.campaign.template, i).text);
    const counts = texts.map((text) => countSegments(text));
    const segments = counts.reduce((sum, c) => sum + c.segments, 0);
    const cost = Math.round(segments * 0.09 * 100) / 100;
    return sampleEstimate({
      segments,
      encodings: {
        'GSM-7': counts.filter((c) => c.encoding === 'GSM-7').length,
        'UCS-2': counts.filter((c) => c.encoding === 'UCS-2').length,
      },
      maxSegments: Math.max(...counts.map((c) => c.segments)),
      cost,
      balance: state.balance,
      shortfall: Math.max(0, Math.round((cost - state.balance) * 100) / 100),
    });
  };
  bridge
    .handle('campaigns:get', () => ok(state.campaign))
    .reply('campaigns:smsTypes', sampleSmsTypes)
    .reply('campaigns:audience', sampleAudience())
    .reply('campaigns:fields', [
      { key: 'nome', filled: 3 },
      { key: 'telefone', filled: 3 },
    ])
    .reply('lists:list', [sampleList('l1', 'Clientes VIP', 5)])
    .handle('campaigns:estimate', () => ok(estimateNow()))
    .handle('campaigns:preview', ({ index, query }) => {
      if (query !== undefined) {
        const found = RECIPIENTS.findIndex((r) => r.name.toLowerCase().includes(query.toLowerCase()));
        return found < 0 ? fail('not_found') : ok(previewOf(state.campaign.template, found));
      }
      return ok(previewOf(state.campaign.template, index ?? 0));
    })
    .handle('campaigns:saveDraft', ({ id: _id, options, ...rest }) => {
      state.campaign = {
        ...state.campaign,
        ...rest,
        options: { ...state.campaign.options, ...options },
        updatedAt: new Date().toISOString(),
      } as CampaignView;
      return ok(state.campaign);
    });
  return state;
}
