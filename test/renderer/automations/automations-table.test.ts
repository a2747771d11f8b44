/**
 * Automações' table at 1280 × 800 broke its headings mid-word ("Situa-ção"): naive-ui's card
 * sets word-break: break-word, which lets a table squeeze a column below its longest word. Layout
 * does not run in happy-dom, so this holds the two causes: the table resets the break (a column is
 * at least its longest word), and the row of four buttons may wrap instead of claiming the width.
 */
import { compileStyle, parse } from '@vue/compiler-sfc';
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { AutomationView } from '@shared/dto/automations';
import AutomationsView from '@renderer/views/automations/AutomationsView.vue';
import dataTableSource from '@renderer/components/DataTable.vue?raw';
import { installFakeBridge } from '../support/fake-bridge';
import { byTestId, mountInApp } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const birthday: AutomationView = {
  id: 'a-1',
  name: 'Aniversários',
  kind: 'birthday',
  status: 'active',
  templateId: 't-1',
  templateName: 'Parabéns',
  text: 'Feliz aniversário, {{nome}}!',
  audience: { kind: 'everyone' },
  audienceName: null,
  rule: { kind: 'birthday', at: '09:00', daysBefore: 0 },
  next: null,
  createdAt: '2027-03-01T12:00:00.000Z',
  updatedAt: '2027-03-01T12:00:00.000Z',
};

/** The DataTable's own CSS, as Vite compiles it. */
function dataTableCss(): string {
  const file = 'src/renderer/src/components/DataTable.vue';
  const { descriptor } = parse(dataTableSource, { filename: file });
  return descriptor.styles
    .map(
      (style) =>
        compileStyle({ source: style.content, filename: file, id: 'data-v-test', scoped: !!style.scoped })
          .code,
    )
    .join('\n');
}

describe('the automations table at 1280 px', () => {
  it('never lets a column shrink below its longest word: the card’s break-word is reset on the table', () => {
    const table = /(^|\n)table(\[data-v-test\])?\s*\{([^}]*)\}/.exec(dataTableCss());
    expect(table?.[3]).toMatch(/word-break:\s*normal/);
    expect(table?.[3]).not.toMatch(/overflow-wrap:\s*anywhere/);
  });

  it('lets the row’s buttons wrap rather than keep to one line', async () => {
    installFakeBridge().reply('automations:list', [birthday]).reply('automations:forecast', {
      from: '2027-03-10',
      days: 30,
      automationId: null,
      messages: 0,
      birthdays: 0,
      birthdaysOnRecord: 0,
      segments: 0,
      cost: 0,
      paid: 0,
      perDay: [],
      balance: 50,
      autoRecharge: false,
      coveredUntil: null,
      shortOn: null,
      lowBalanceOn: null,
    });
    await mountInApp(AutomationsView);
    const row = byTestId('automation-row');
    const actions = byTestId('automation-edit').closest('td')!;
    expect(row.contains(actions)).toBe(true);
    expect(actions.classList.contains('data-table__cell--nowrap')).toBe(false);
  });
});
