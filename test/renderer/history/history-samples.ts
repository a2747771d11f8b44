/** Sample history answers for the renderer tests (shapes of src/shared/history-dto.ts). */
import type {
  CampaignNumbersPageView,
  CampaignReportView,
  SendDetailView,
  SendNumbersPageView,
  SendsPageView,
} from '@shared/dto/history';

export const SEND_ID = '3f2a9c1e-0000-4000-8000-000000000001';

export const sampleReport = (over: Partial<CampaignReportView> = {}): CampaignReportView => ({
  campaign: {
    id: 'c1',
    name: 'Promoção de Março',
    status: 'sending',
    queuedAt: '2025-03-14T13:00:00.000Z',
    finishedAt: null,
    scheduled: null,
    removed: null,
  },
  totals: { messages: 1200, delivered: 700, failed: 20, inProgress: 280, waiting: 150, notSent: 50 },
  cost: 90,
  failedCharge: { charged: 20, chargedAmount: 1.8, notCharged: 0, unknown: 0 },
  series: [
    { at: '2025-03-14T13:00:00.000Z', accepted: 0, delivered: 0, failed: 0 },
    { at: '2025-03-14T13:01:00.000Z', accepted: 1000, delivered: 0, failed: 0 },
    { at: '2025-03-14T13:02:00.000Z', accepted: 1000, delivered: 700, failed: 20 },
  ],
  batches: [
    {
      batch: 0,
      messages: 1000,
      state: 'accepted',
      sendId: SEND_ID,
      acceptedAt: '2025-03-14T13:01:00.000Z',
      reason: null,
      counts: { total: 1000, delivered: 700, failed: 20, inProgress: 280, done: false },
    },
    { batch: 1, messages: 150, state: 'queued', sendId: null, acceptedAt: null, reason: null, counts: null },
    {
      batch: 2,
      messages: 50,
      state: 'held',
      sendId: null,
      acceptedAt: null,
      reason: 'Saldo insuficiente',
      counts: null,
    },
  ],
  done: false,
  fetchedAt: new Date().toISOString(),
  stale: false,
  kept: false,
  ...over,
});

const CAMPAIGN_NUMBERS: CampaignNumbersPageView['rows'] = [
  {
    batch: 0,
    position: 0,
    phone: '+5511900000001',
    contactName: null,
    status: 'failed',
    serviceStatus: 'failed',
    code: 'invalid_number',
    reference: 'k7f2-0-0',
    clicks: 0,
  },
  {
    batch: 0,
    position: 1,
    phone: '+5511987650001',
    contactName: 'Conceição Araújo',
    status: 'delivered',
    serviceStatus: 'delivered',
    code: null,
    reference: 'k7f2-0-1',
    clicks: 2,
  },
];

export const sampleCampaignNumbers = (
  input: { page?: number; status?: string; query?: string } = {},
  total = 2,
): CampaignNumbersPageView => ({
  campaignId: 'c1',
  rows: CAMPAIGN_NUMBERS.slice(0, total),
  page: input.page ?? 1,
  perPage: 50,
  total,
  lastPage: Math.max(1, Math.ceil(total / 50)),
  status: (input.status as CampaignNumbersPageView['status']) ?? null,
  query: input.query ?? '',
});

export const sampleSends = (over: Partial<SendsPageView> = {}): SendsPageView => ({
  sends: [
    {
      id: SEND_ID,
      number: 2,
      createdAt: '2025-03-14T13:01:00.000Z',
      scheduledAt: null,
      quantity: 1000,
      status: 'sending',
      type: 'Padrão',
      counts: { total: 1000, delivered: 700, failed: 20, inProgress: 280, done: false },
      campaign: { id: 'c1', name: 'Promoção de Março', batch: 0 },
      test: null,
    },
    {
      id: 'single-1',
      number: 1,
      createdAt: '2025-03-13T10:00:00.000Z',
      scheduledAt: null,
      quantity: 3,
      status: 'completed',
      type: 'Padrão',
      counts: null,
      campaign: null,
      test: null,
    },
    {
      id: 'test-1',
      number: 3,
      createdAt: '2025-03-14T12:58:00.000Z',
      scheduledAt: null,
      quantity: 1,
      status: 'completed',
      type: 'Padrão',
      counts: { total: 1, delivered: 1, failed: 0, inProgress: 0, done: true },
      campaign: null,
      test: { campaignId: 'c1', campaignName: 'Promoção de Março' },
    },
  ],
  page: 1,
  perPage: 20,
  total: 3,
  lastPage: 1,
  fetchedAt: new Date().toISOString(),
  stale: false,
  ...over,
});

export const sampleSend = (over: Partial<SendDetailView> = {}): SendDetailView => ({
  ...sampleSends().sends[0]!,
  counts: { total: 4, delivered: 1, failed: 1, inProgress: 2, done: false },
  quantity: 4,
  segments: 4,
  cost: 0.36,
  failedCharge: { charged: 0, chargedAmount: 0, notCharged: 0, unknown: 1 },
  fetchedAt: new Date().toISOString(),
  stale: false,
  ...over,
});

export const sampleSendNumbers = (
  input: { page?: number; status?: string } = {},
  over: Partial<SendNumbersPageView> = {},
): SendNumbersPageView => ({
  sendId: SEND_ID,
  rows: [
    {
      id: 'm1',
      phone: '+5511900000001',
      status: 'failed',
      outcome: 'failed',
      code: 'invalid_number',
      contactName: null,
      reference: 'k7f2-0-0',
    },
    {
      id: 'm2',
      phone: '+5511987650001',
      status: 'sent',
      outcome: 'in_progress',
      code: null,
      contactName: 'Conceição Araújo',
      reference: 'k7f2-0-1',
    },
  ],
  page: input.page ?? 1,
  perPage: 50,
  total: 2,
  lastPage: 1,
  status: (input.status as SendNumbersPageView['status']) ?? null,
  fetchedAt: new Date().toISOString(),
  stale: false,
  ...over,
});
