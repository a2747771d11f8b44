import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CampaignView from '@renderer/views/campaigns/CampaignView.vue';
import { installFakeBridge } from '../support/fake-bridge';
import { byTestId, squash } from '../support/mount-helpers';
import { mountAt, sampleCampaign, sampleProgress } from './campaign-samples';

enableAutoUnmount(afterEach);
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.useRealTimers());

describe('the campaign page’s schedule', () => {
  it('says a time on each customer’s clock as written, whatever this computer’s zone', async () => {
    // The test's computer runs on UTC: 10:00 read as an instant here would show as 07:00 in Brasília.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T15:00:00.000Z'));
    const draft = sampleCampaign();
    installFakeBridge().reply(
      'campaigns:get',
      sampleCampaign({
        status: 'queued',
        queuedAt: '2026-12-07T14:00:00.000Z',
        options: { ...draft.options, scheduleAt: '2026-12-08T10:00', timeZone: 'America/Sao_Paulo' },
        progress: sampleProgress({ status: 'queued' }),
      }),
    );
    await mountAt('/campaigns/camp-1', [{ path: '/campaigns/:id', component: CampaignView }]);
    expect(squash(byTestId('campaign-scheduled-for').textContent)).toBe(
      'Agendada para terça-feira, 8 de dezembro de 2026 às 10:00',
    );
  });
});
