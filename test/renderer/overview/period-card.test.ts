/**
 * The overview's last 30 days: "Gasto" counts the test messages the service
 * debited, so the messages figure says how many there were beside it (it
 * counts campaigns' messages), in both languages; nothing is said without one.
 */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import PeriodCard from '@renderer/components/overview/PeriodCard.vue';
import type { AppLocale } from '@renderer/i18n';
import type { OverviewPeriod } from '@shared/dto/overview';
import { installFakeBridge } from '../support/fake-bridge';
import { mountInApp, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const period = (testMessages: number): OverviewPeriod => ({
  messages: 0,
  testMessages,
  spend: 0.09 * testMessages,
  delivered: 0,
  failed: 0,
  deliveryRate: null,
  clicks: 0,
  clickRate: null,
  days: [],
});

async function note(locale: AppLocale, testMessages: number) {
  installFakeBridge();
  const Page = defineComponent(() => () => h(PeriodCard, { period: period(testMessages) }));
  await mountInApp(Page, { locale });
  const el = document.querySelector('[data-testid="period-messages-note"]');
  return el ? squash(el.textContent) : null;
}

describe('the overview’s last 30 days', () => {
  it('says the test messages that are in the spend beside the messages, in Portuguese', async () => {
    expect(await note('pt-BR', 1)).toBe('+ 1 de teste (no gasto)');
  });
  it('and in English', async () => {
    expect(await note('en', 2)).toBe('+ 2 test messages (in spend)');
  });
  it('says nothing without a test message', async () => {
    expect(await note('pt-BR', 0)).toBeNull();
  });
});
