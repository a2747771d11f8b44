/**
 * The gallery's messages as a shop sends them: each within ONE SMS as
 * Torpedo counts it (sms-segments.ts) with the longest business name the
 * gallery promises (20 characters and ": ") and the stop line, whatever the
 * first name; every field with a fallback; every audience a segment the
 * segments domain would take; every hour inside the default window.
 */
import { describe, expect, it } from 'vitest';
import { BUSINESS_TYPES, PURPOSES } from '@shared/gallery/business-types';
import { GALLERY, galleryFor, galleryMessage } from '@shared/gallery/gallery';
import { ASSUMED_COLUMNS, columnsOf, resolveAudience } from '@shared/gallery/gallery-audience';
import { countSegments } from '@shared/sms-segments';
import { builtinOf, compileTemplate, parseTemplate, withPrefix } from '@shared/template';
import { checkFields } from '@shared/template-check';
import {
  BUILTIN_KINDS,
  isBuiltin,
  OPS_BY_KIND,
  valueFits,
  valueKindOf,
} from '@shared/segments/segment-model';
import { DEFAULT_WEEK_HOURS, minutesOf, WEEKDAYS } from '@shared/rules/week-hours';

/** The business name at its longest, as the sending rules put it in front: 20 letters, ":" and a space. */
const PREFIX = 'Padaria Pao Quentinh:';
const STOP_LINE = ' Para sair, responda SAIR.';
/** First names as long as they come (the field's value is the contact's first word). */
const NAMES = [null, 'Ana', 'Maximiliano', 'Bartholomeuss'];
const LANGUAGES = ['pt-BR', 'en'] as const;

const sent = (text: string, firstName: string | null) =>
  withPrefix(PREFIX, compileTemplate(text).render([firstName])) + STOP_LINE;

describe('the gallery of ready messages', () => {
  it('has 20 or more messages, ids stable and unique, every business and purpose used', () => {
    expect(GALLERY.length).toBeGreaterThanOrEqual(20);
    expect(new Set(GALLERY.map((m) => m.id)).size).toBe(GALLERY.length);
    for (const m of GALLERY) expect(m.id).toBe(`${m.business}/${m.purpose}`);
    expect(new Set(GALLERY.map((m) => m.business))).toEqual(new Set(BUSINESS_TYPES));
    expect(new Set(GALLERY.map((m) => m.purpose))).toEqual(new Set(PURPOSES));
    expect(galleryMessage('pet-shop/cliente-sumido')?.business).toBe('pet-shop');
    expect(galleryFor('otica').map((m) => m.id)).toEqual(['otica/pos-venda', 'otica/reativacao']);
    expect(galleryFor(null)).toHaveLength(GALLERY.length);
  });

  it('the prefix of the test is the longest the gallery promises: 22 characters in front', () => {
    expect(withPrefix(PREFIX, 'x')).toHaveLength(22 + 1);
    // The "Como sair" rule's line: 25 characters and the space before it.
    expect(STOP_LINE.trim()).toHaveLength(25);
  });

  for (const m of GALLERY) {
    for (const language of LANGUAGES) {
      it(`${m.id} (${language}) fits one GSM-7 SMS with the name, the stop line and any first name`, () => {
        for (const name of NAMES) {
          const count = countSegments(sent(m.text[language], name));
          expect(count.nonGsmChars, sent(m.text[language], name)).toEqual([]);
          expect(count.encoding).toBe('GSM-7');
          expect(count.segments, `${count.units} units: ${sent(m.text[language], name)}`).toBe(1);
        }
      });
    }
  }

  it('gives every field a fallback, and uses only the built-in first name (every contact book has it)', () => {
    for (const m of GALLERY) {
      for (const language of LANGUAGES) {
        const fields = parseTemplate(m.text[language]).filter((p) => p.kind === 'field');
        expect(fields.length, m.id).toBeGreaterThan(0);
        for (const f of fields) {
          expect(f.fallback, `${m.id}: ${f.name}`).not.toBeNull();
          expect(builtinOf(f.key)).toBe('firstName');
        }
        // What the send would refuse for a contact book with no names at all: nothing.
        const compiled = compileTemplate(m.text[language]);
        const check = checkFields(compiled, {
          recipients: 3,
          filled: compiled.keys.map(() => 0),
          inBook: () => false,
        });
        expect(check.problems).toEqual([]);
        // Without a name the sentence still reads: no stray space before a comma or "!", no double space.
        const nameless = compiled.render([null]);
        expect(nameless).not.toMatch(/ [,!?.]| {2}|^[,! ]/);
      }
    }
  });

  it('is written as a shop owner writes: no capitals shouting, no links, no stop line of its own', () => {
    for (const m of GALLERY) {
      for (const language of LANGUAGES) {
        const text = m.text[language];
        const shouting = text.match(/\b[A-Z]{4,}\b/g) ?? [];
        expect(shouting, m.id).toEqual([]);
        expect(text).not.toMatch(/https?:|www\.|bit\.ly|\.com\b/i);
        expect(text).not.toMatch(/SAIR|STOP/);
        expect(text.trim()).toBe(text);
      }
    }
  });

  it('suggests an hour inside the default sending window of every day it opens (Saturday 09:00-13:00 too)', () => {
    for (const m of GALLERY) {
      expect(m.hour).toMatch(/^\d{2}:\d{2}$/);
      for (const day of WEEKDAYS) {
        const hours = DEFAULT_WEEK_HOURS[day];
        if (!hours) continue;
        expect(minutesOf(m.hour), `${m.id} on ${day}`).toBeGreaterThanOrEqual(minutesOf(hours.start));
        expect(minutesOf(m.hour), `${m.id} on ${day}`).toBeLessThan(minutesOf(hours.end));
      }
    }
  });

  it('suggests audiences the segments domain takes, on the built-ins and the assumed columns only', () => {
    for (const m of GALLERY) {
      const definition = resolveAudience(m.audience, '2026-05-10');
      if (m.audience.kind === 'birthday') {
        expect(m.purpose).toBe('aniversario');
        expect(definition).toBeNull();
        continue;
      }
      expect(definition!.conditions.length).toBeGreaterThan(0);
      for (const c of definition!.conditions) {
        const kind = isBuiltin(c.field) ? BUILTIN_KINDS[c.field] : ASSUMED_COLUMNS[c.field];
        expect(kind, `${m.id}: ${c.field}`).toBeDefined();
        expect(OPS_BY_KIND[kind!]).toContain(c.op);
        expect(valueFits(valueKindOf(kind!, c.op), c.value, c.to), `${m.id}: ${JSON.stringify(c)}`).toBe(
          true,
        );
      }
      for (const column of columnsOf(m.audience)) expect(Object.keys(ASSUMED_COLUMNS)).toContain(column);
    }
  });

  it('makes relative days dates of the day it is used', () => {
    const missed = galleryMessage('pet-shop/cliente-sumido')!.audience;
    expect(resolveAudience(missed, '2026-05-10')).toEqual({
      match: 'all',
      conditions: [{ field: 'ultima_compra', op: 'between', value: '2025-11-11', to: '2026-03-11' }],
    });
    const tomorrow = galleryMessage('clinica-e-consultorio/lembrete-de-horario')!.audience;
    expect(resolveAudience(tomorrow, '2026-12-31')?.conditions).toEqual([
      { field: 'proximo_horario', op: 'eq', value: '2027-01-01' },
    ]);
  });
});
