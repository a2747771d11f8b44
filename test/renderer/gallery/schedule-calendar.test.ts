import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ComposerView from '@renderer/views/campaigns/ComposerView.vue';
import { installFakeBridge } from '../support/fake-bridge';
import { byTestId, queryTestId, squash } from '../support/mount-helpers';
import { composerBridge, mountAt, sampleCampaign } from '../campaigns/campaign-samples';
import { galleryBridge, shopRules } from './gallery-samples';

enableAutoUnmount(afterEach);
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.useRealTimers());

const routes = [
  { path: '/campaigns/:id/edit', component: ComposerView },
  { path: '/campaigns/:id', component: { render: () => null } },
];

/** A draft scheduled for a later day, opened on the shop's 7 December 2026. */
async function scheduledDraft(rules = shopRules()) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-07T15:00:00.000Z'));
  const bridge = installFakeBridge();
  galleryBridge(bridge, { settings: { business: 'pet-shop' }, rules });
  const draft = sampleCampaign();
  composerBridge(bridge, { ...draft, options: { ...draft.options, scheduleAt: '2026-12-09T10:00' } });
  await mountAt('/campaigns/camp-1/edit', routes);
}

describe('the composer’s schedule and the retail calendar', () => {
  it('names the next selling days, and the holidays near as days without sends', async () => {
    await scheduledDraft();
    await vi.waitFor(() => expect(queryTestId('composer-calendar-hint')).not.toBeNull());
    expect(squash(byTestId('composer-calendar-next').textContent)).toBe(
      'Próximas datas do comércio: Natal (25/12, em 18 dias); Volta às aulas (01/02, em 56 dias)',
    );
    expect(squash(byTestId('composer-calendar-holidays').textContent)).toBe(
      'Feriados sem envios: Natal (25/12, em 18 dias); Confraternização Universal (01/01, em 25 dias)',
    );
  });

  it('leaves the holidays out when the rules send on them', async () => {
    await scheduledDraft(shopRules({ holidays: false }));
    await vi.waitFor(() => expect(queryTestId('composer-calendar-next')).not.toBeNull());
    expect(queryTestId('composer-calendar-holidays')).toBeNull();
  });
});
