import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { OverviewView as OverviewData, PrivacyRequestView } from '@shared/dto';
import OverviewView from '@renderer/views/OverviewView.vue';
import { installFakeBridge } from '../support/fake-bridge';
import { byTestId, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const overview: OverviewData = {
  recent: [],
  last30Days: {
    messages: 0,
    testMessages: 0,
    spend: 0,
    delivered: 0,
    failed: 0,
    deliveryRate: null,
    clicks: 0,
    clickRate: null,
    days: [],
  },
  waiting: [],
  contacts: 3,
  optOutsThisMonth: 0,
  firstRun: { imported: true, composed: false, tested: false, sent: false, draftId: null },
  readAt: '2026-12-14T15:00:00.000Z',
};

const request = (id: number, over: Partial<PrivacyRequestView>): PrivacyRequestView => ({
  id,
  phone: '+5581987650001',
  kind: 'deletion',
  channel: 'whatsapp',
  note: null,
  receivedOn: '2026-12-01',
  dueOn: '2026-12-16',
  answeredAt: null,
  answerNote: null,
  daysLeft: 2,
  ...over,
});

describe('the overview’s warning of privacy requests (with a fake bridge)', () => {
  it('names each request due within 3 days or overdue, and leads to the register', async () => {
    installFakeBridge()
      .reply('overview:get', overview)
      .reply('privacyRequests:due', {
        withinDays: 3,
        requests: [request(2, { kind: 'copy', phone: '+5511987650002', daysLeft: -1 }), request(1, {})],
      });
    await mountInApp(OverviewView);

    const warning = byTestId('privacy-requests-due');
    expect(squash(warning.textContent)).toContain('Pedidos de titulares com prazo perto');
    const lines = [...warning.querySelectorAll('[data-testid="privacy-request-due"]')].map((l) =>
      squash(l.textContent),
    );
    expect(lines).toEqual([
      'Cópia dos dados: pedido de (11) 98765-0002, atrasado há 1 dia',
      'Apagar os dados: pedido de (81) 98765-0001, vence em 2 dias',
    ]);
    expect(byTestId('privacy-requests-open').getAttribute('href')).toContain('/contacts/requests');
  });

  it('says nothing when no request is near its due date', async () => {
    installFakeBridge()
      .reply('overview:get', overview)
      .reply('privacyRequests:due', { withinDays: 3, requests: [] });
    await mountInApp(OverviewView);
    expect(queryTestId('privacy-requests-due')).toBeNull();
  });
});
