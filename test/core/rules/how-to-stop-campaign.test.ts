/**
 * "Como sair" on a real core and a real sandbox: with the rule on, every
 * text the owner sees (preview, estimate, template check) and every text the
 * service receives and charges for (test send, campaign) ends with
 * " Para sair, responda SAIR.", the business name still in front.
 */
import { describe, expect, it } from 'vitest';
import { countSegments } from '@shared/sms-segments';
import { HOW_TO_STOP_SUFFIX } from '@shared/rules/how-to-stop';
import { eventually, newKey, useSandbox } from '../billing/billing-harness';
import { tempDir } from '../../support/temp-dir';
import { openCore, seed } from '../links/tracked-harness';

/** 140 letters: with "Loja Maria: " in front, 152 (one SMS); the sentence makes it 178 (two). */
const LONG = `Oi! ${'a'.repeat(136)}`;

describe('Como sair through a campaign', () => {
  it('ends the preview, the cost, the test send and every sent message with the sentence, and charges for it', async () => {
    const sandbox = await useSandbox();
    const dataDir = tempDir();
    const key = newKey('how-to-stop');
    const listId = seed(dataDir, 3);
    const c = await openCore(sandbox, dataDir, key, { background: true });
    await c.call('rules:set', { prefix: 'Loja Maria:', howToStop: 'on' });
    await c.call('campaigns:smsTypes', {});
    const { id } = await c.call('campaigns:create', {});
    await c.call('campaigns:saveDraft', {
      id,
      template: LONG,
      audience: { listIds: [listId], contactIds: [] },
    });
    const expected = `Loja Maria: ${LONG}${HOW_TO_STOP_SUFFIX}`;

    const preview = await c.call('campaigns:preview', { id });
    expect(preview.text).toBe(expected);
    expect(preview.segments).toMatchObject({ encoding: 'GSM-7', units: 178, segments: 2 });

    const estimate = await c.call('campaigns:estimate', { id });
    // Two parts each for three people: the sentence is what tips each into a second part.
    expect(estimate).toMatchObject({ messages: 3, segments: 6, encodings: { 'GSM-7': 3 }, cost: 0.54 });
    // The template check counts what a send of the text would cost.
    expect(await c.call('templates:check', { text: LONG })).toMatchObject({ recipients: 3, segments: 6 });

    const test = await c.call('campaigns:testSend', { id, phone: '11 98888-7777' });
    expect(test).toMatchObject({ segments: 2 });
    expect(sandbox.ledger(key).messages.map((m) => m.message)).toEqual([expected]);

    await c.call('campaigns:send', { id });
    const ledger = await eventually(() => {
      const l = sandbox.ledger(key);
      expect(l.messages).toHaveLength(4);
      return l;
    }, 15_000);
    expect(ledger.messages.map((m) => m.message)).toEqual([expected, expected, expected, expected]);
    // What the service charged for the campaign (all but the test) is what the estimate said.
    const campaignSends = ledger.sends.slice(1);
    expect(campaignSends.reduce((sum, s) => sum + s.segments, 0)).toBe(estimate.segments);
  });

  it('keeps the suffix GSM-7: a text with an accent is UCS-2 either way, counted unit by unit', async () => {
    const sandbox = await useSandbox();
    const dataDir = tempDir();
    const key = newKey('how-to-stop-ucs');
    const listId = seed(dataDir, 1);
    const c = await openCore(sandbox, dataDir, key);
    await c.call('rules:set', { howToStop: 'on' });
    const { id } = await c.call('campaigns:create', {});
    // 44 UCS-2 units: the 26 of the sentence make 70, one SMS still; one more character would make it 2.
    const text = `Promoção ${'x'.repeat(35)}`;
    await c.call('campaigns:saveDraft', {
      id,
      template: text,
      audience: { listIds: [listId], contactIds: [] },
    });
    const preview = await c.call('campaigns:preview', { id });
    expect(preview.text).toBe(`${text}${HOW_TO_STOP_SUFFIX}`);
    expect(preview.segments).toMatchObject({ encoding: 'UCS-2', units: 70, segments: 1 });
    await c.call('campaigns:saveDraft', { id, template: `${text}x` });
    expect((await c.call('campaigns:preview', { id })).segments).toMatchObject({ units: 71, segments: 2 });
    // Off: the text as written.
    await c.call('rules:set', { howToStop: 'off' });
    expect((await c.call('campaigns:preview', { id })).text).toBe(`${text}x`);
    expect(countSegments(`${text}x`).segments).toBe(1);
  });
});
