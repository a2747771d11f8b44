/**
 * The overview's recent campaigns, row by row, in both languages: a campaign
 * whose accepted messages the service holds for their own time (the sending
 * rules) reads "Agendada"/"Scheduled" with when, as the campaigns list says,
 * never a "sent" date; one that went out shows when it did.
 */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import RecentCampaigns from '@renderer/components/overview/RecentCampaigns.vue';
import type { AppLocale } from '@renderer/i18n';
import type { OverviewCampaign } from '@shared/dto/overview';
import { installFakeBridge } from '../support/fake-bridge';
import { mountInApp, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const campaign = (over: Partial<OverviewCampaign>): OverviewCampaign => ({
  id: 'camp-1',
  name: 'Sábado',
  status: 'completed',
  queuedAt: '2026-04-18T17:00:00.000Z',
  sentAt: '2026-04-18T17:00:05.000Z',
  delivering: true,
  scheduled: null,
  messages: 3,
  delivered: 0,
  failed: 0,
  deliveredRate: null,
  failedRate: null,
  clicks: null,
  spent: 0.27,
  willCost: 0,
  ...over,
});

/** Saturday 14:00 in São Paulo, held until Monday 09:00 (and one on Noronha's clock, 08:00 Brasília). */
const held = campaign({
  scheduled: {
    messages: 3,
    firstAt: '2026-04-20T11:00:00.000Z',
    lastAt: '2026-04-20T12:00:00.000Z',
    charged: 3,
    waitsAll: true,
  },
});
const heldOne = campaign({
  id: 'camp-2',
  scheduled: {
    messages: 1,
    firstAt: '2026-04-20T12:00:00.000Z',
    lastAt: '2026-04-20T12:00:00.000Z',
    charged: 1,
    waitsAll: true,
  },
});
const gone = campaign({ id: 'camp-3', delivering: false });

async function sentCells(locale: AppLocale) {
  installFakeBridge();
  const Host = defineComponent({
    setup: () => () => h(RecentCampaigns, { campaigns: [held, heldOne, gone] }),
  });
  await mountInApp(Host, { locale });
  return [...document.querySelectorAll<HTMLElement>('[data-testid="recent-sent"]')].map((cell) => ({
    shown: cell.dataset.shown,
    text: squash(cell.textContent),
  }));
}

describe('the overview’s recent campaigns', () => {
  it('say "Agendada" with when for what the service holds, in Portuguese', async () => {
    expect(await sentCells('pt-BR')).toEqual([
      {
        shown: 'scheduled',
        text: 'Agendada: 3 mensagens saem de 20/04/2026, 08:00 a 20/04/2026, 09:00',
      },
      { shown: 'scheduled', text: 'Agendada: 1 mensagem sai em 20/04/2026, 09:00' },
      { shown: 'completed', text: '18/04/2026, 14:00' },
    ]);
  });

  it('say "Scheduled" with when for what the service holds, in English', async () => {
    expect(await sentCells('en')).toEqual([
      {
        shown: 'scheduled',
        text: 'Scheduled: 3 messages go out from 20/04/2026, 08:00 to 20/04/2026, 09:00',
      },
      { shown: 'scheduled', text: 'Scheduled: 1 message goes out on 20/04/2026, 09:00' },
      { shown: 'completed', text: '18/04/2026, 14:00' },
    ]);
  });
});
