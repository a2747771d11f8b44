/**
 * The best hour beside the composer's schedule (issue 37 item 3): general
 * guidance said as such until the shop has its own figures, the shop's own
 * hour with what it is counted from, and a button that schedules the draft
 * for it on each customer's clock; the slot a suggestion means, for a fixed
 * "now", skipping closed days.
 */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ComposerView from '@renderer/views/campaigns/ComposerView.vue';
import { suggestedSlot } from '@renderer/views/campaigns/composer/suggested-slot';
import { useComposerDraftStore } from '@renderer/stores/campaigns/composer/use-composer-draft-store';
import type { BestHourView } from '@shared/dto/best-hour';
import { DEFAULT_RULES } from '@shared/rules/sending-rules';
import { installFakeBridge } from '../support/fake-bridge';
import { byTestId, click, queryTestId, squash } from '../support/mount-helpers';
import { composerBridge, mountAt } from './campaign-samples';

enableAutoUnmount(afterEach);
vi.setConfig({ testTimeout: 20_000 });

const routes = [
  { path: '/campaigns/:id/edit', component: ComposerView },
  { path: '/campaigns/:id', component: { render: () => null } },
];

const GENERAL: BestHourView = {
  source: 'default',
  campaigns: 1,
  needed: 3,
  hours: [],
  suggestion: { weekday: null, days: ['tue', 'wed', 'thu'], hour: 10 },
};
const OWN: BestHourView = {
  source: 'own',
  campaigns: 4,
  needed: 3,
  hours: [
    { weekday: 'thu', hour: 10, clicks: 7, replies: 0, share: 0.7 },
    { weekday: 'mon', hour: 12, clicks: 2, replies: 1, share: 0.3 },
  ],
  suggestion: { weekday: 'thu', days: ['thu'], hour: 10 },
};

const weekday = (wall: string) => new Date(`${wall.slice(0, 10)}T12:00:00Z`).getUTCDay();

describe('the best hour in the composer', () => {
  it('says the general guidance is general, and schedules a Tuesday to Thursday at 10:00 on each clock', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    bridge.reply('bestHour:get', GENERAL);
    await mountAt('/campaigns/camp-1/edit', routes);

    expect(byTestId('best-hour').dataset.source).toBe('default');
    // General guidance has no figures of the shop's to show.
    expect(queryTestId('best-hour-heat')).toBeNull();
    expect(squash(byTestId('best-hour-text').textContent)).toBe('Sugestão geral: terça a quinta, 10:00');
    expect(squash(byTestId('best-hour').textContent)).toContain(
      'É uma orientação geral de mercado para SMS, não dos seus clientes. Depois de 3 campanhas entregues com links (ou com respostas), a sugestão passa a vir dos horários dos seus clientes. Até agora: 1.',
    );

    await click(byTestId('best-hour-use'));
    const at = useComposerDraftStore().draft.options.scheduleAt!;
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T10:00$/);
    expect([2, 3, 4]).toContain(weekday(at));
    // The schedule now reads "later", on each customer's own clock.
    expect(squash(byTestId('composer-schedule-text').textContent)).toContain('10:00');
  });

  it('names the shop’s own hour and what it is counted from, in English too', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    bridge.reply('bestHour:get', OWN);
    await mountAt('/campaigns/camp-1/edit', routes, { locale: 'en' });

    expect(squash(byTestId('best-hour-text').textContent)).toBe(
      'Suggested: Thursday, 10:00 — when your customers click and reply most',
    );
    expect(squash(byTestId('best-hour').textContent)).toContain(
      "Counted on each customer's own clock, over 4 delivered campaigns, and always inside your sending rules.",
    );
    // The heat table: a row per day with activity, the hours from the first to the last seen.
    const rows = [...byTestId('best-hour-heat').querySelectorAll('tr')].map((tr) =>
      [...tr.children].map((cell) => squash(cell.textContent)),
    );
    expect(rows).toEqual([
      ['Day', '10h', '11h', '12h'],
      ['Mon', '', '', '3'],
      ['Thu', '7', '', ''],
    ]);
    await click(byTestId('best-hour-use'));
    expect(weekday(useComposerDraftStore().draft.options.scheduleAt!)).toBe(4);
  });

  it('shows nothing when the best hour cannot be read (it is help, not a step)', async () => {
    const bridge = installFakeBridge();
    composerBridge(bridge);
    await mountAt('/campaigns/camp-1/edit', routes);
    expect(queryTestId('best-hour')).toBeNull();
  });
});

describe('the slot a suggestion means', () => {
  // Wednesday 25/11/2026 11:30 in Brasília.
  const now = new Date('2026-11-25T14:30:00.000Z');
  const guidance = GENERAL.suggestion;

  it('the next suggested day at the hour, today only while the hour is more than an hour away', () => {
    expect(suggestedSlot(guidance, DEFAULT_RULES, now)).toBe('2026-11-26T10:00');
    expect(suggestedSlot({ ...guidance, hour: 14 }, DEFAULT_RULES, now)).toBe('2026-11-25T14:00');
    expect(suggestedSlot({ ...guidance, hour: 12 }, DEFAULT_RULES, now)).toBe('2026-11-26T12:00');
  });

  it('skips a day the rules close: Christmas and New Year on Fridays, and Sundays', () => {
    const christmasWeek = new Date('2026-12-24T15:00:00.000Z'); // Thursday 24/12, 12:00 in Brasília
    expect(suggestedSlot({ weekday: 'fri', days: ['fri'], hour: 10 }, DEFAULT_RULES, christmasWeek)).toBe(
      '2027-01-08T10:00',
    );
    expect(
      suggestedSlot({ weekday: 'sun', days: ['sun'], hour: 10 }, { ...DEFAULT_RULES, sundays: false }, now),
    ).toBe('2026-11-29T10:00');
  });
});
