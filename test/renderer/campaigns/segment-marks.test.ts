import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import SegmentCounter from '@renderer/components/campaigns/SegmentCounter.vue';
import { markRuns } from '@renderer/views/campaigns/composer/segment-marks';
import { createAppI18n } from '@renderer/i18n';
import { countSegments } from '@shared/sms-segments';
import { squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

describe('marking the characters that cost more', () => {
  it('marks what forces Unicode and what counts double, keeping an emoji whole', () => {
    expect(markRuns('Olá João {~} 😀!')).toEqual([
      { text: 'Ol', kind: 'gsm' },
      { text: 'á', kind: 'unicode' },
      { text: ' Jo', kind: 'gsm' },
      { text: 'ã', kind: 'unicode' },
      { text: 'o ', kind: 'gsm' },
      { text: '{~}', kind: 'double' },
      { text: ' ', kind: 'gsm' },
      { text: '😀', kind: 'unicode' },
      { text: '!', kind: 'gsm' },
    ]);
    // é, ü, à and Ç are in the GSM-7 alphabet: not marked.
    expect(markRuns('café über à Ça')).toEqual([{ text: 'café über à Ça', kind: 'gsm' }]);
    expect(markRuns('')).toEqual([]);
  });
});

describe('SegmentCounter', () => {
  const mountCounter = (text: string) =>
    mount(SegmentCounter, {
      props: { count: countSegments(text) },
      global: { plugins: [createAppI18n('pt-BR')] },
    });

  it('counts GSM-7 at 160 per SMS, then 153 per part', () => {
    const one = mountCounter('a'.repeat(160));
    expect(one.get('[data-testid="segment-encoding"]').text()).toBe('Cabe o máximo em cada SMS');
    expect(one.get('[data-testid="segment-count"]').text()).toBe('1 SMS');
    expect(squash(one.get('[data-testid="segment-units"]').text())).toBe('160 caracteres, 160 por SMS');
    expect(one.find('[data-testid="segment-unicode-chars"]').exists()).toBe(false);

    const two = mountCounter('a'.repeat(161));
    expect(two.get('[data-testid="segment-count"]').text()).toBe('2 SMS');
    expect(squash(two.get('[data-testid="segment-units"]').text())).toBe('161 caracteres, 153 por SMS');
    expect(squash(two.text())).toContain('sobram 145 neste SMS');
  });

  it('counts an extension character twice', () => {
    const w = mountCounter('€'.repeat(80));
    expect(squash(w.get('[data-testid="segment-units"]').text())).toBe('160 caracteres, 160 por SMS');
    expect(w.get('[data-testid="segment-count"]').text()).toBe('1 SMS');
  });

  it('switches to 70 per SMS, naming the characters that did it and how to avoid them', () => {
    const w = mountCounter(`Promoção ${'a'.repeat(62)}`);
    expect(w.get('[data-testid="segment-encoding"]').text()).toBe(
      'Acentos ou símbolos: cabe menos em cada SMS',
    );
    expect(w.get('[data-testid="segment-count"]').text()).toBe('2 SMS');
    expect(squash(w.get('[data-testid="segment-units"]').text())).toBe('71 caracteres, 67 por SMS');
    const chars = w.findAll('[data-testid="segment-unicode-chars"] mark').map((m) => m.text());
    expect(chars).toEqual(['ç', 'ã']);
    const why = squash(w.get('[data-testid="segment-unicode-chars"]').text());
    expect(why).toContain('Estes caracteres deixam cada SMS com só 70 caracteres, em vez de 160:');
    expect(why).toContain(
      'Para caber mais em cada SMS (e pagar menos), tire ou troque esses caracteres: “Usar letras simples” troca os acentos por você.',
    );
  });

  it('says it in plain words in both languages: no encoding names', () => {
    for (const language of ['pt-BR', 'en'] as const) {
      for (const text of ['Oi, tudo bem?', 'Promoção € 😀']) {
        const w = mount(SegmentCounter, {
          props: { count: countSegments(text) },
          global: { plugins: [createAppI18n(language)] },
        });
        expect(w.text()).not.toMatch(/GSM|UCS|Unicode/i);
        w.unmount();
      }
    }
  });
});
