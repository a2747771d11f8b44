import { describe, expect, it } from 'vitest';
import { person, seedList, startComposer, type ComposerUnderTest } from './composer-harness';

async function fourPeople(c: ComposerUnderTest, template: string, options = {}) {
  const listId = seedList(
    c,
    'Clientes',
    4,
    (i) =>
      [
        person('Ana Souza', '+5511987650001', { cidade: 'Recife' }),
        person('João da Conceição', '+5521987650002', {}),
        person('Bruno', '+5511912340003', { cidade: 'Olinda' }, 'bruno@example.com'),
        person('', '+5585987650004', { cidade: 'Fortaleza' }),
      ][i]!,
  );
  const { id } = await c.call('campaigns:create', {});
  await c.call('campaigns:saveDraft', {
    id,
    template,
    options,
    audience: { listIds: [listId], contactIds: [] },
  });
  return id;
}

describe('campaigns:preview', () => {
  it('renders each recipient in order and wraps around after the last', async () => {
    const c = await startComposer();
    const id = await fourPeople(c, 'Oi {{primeiro_nome|cliente}}, de {{cidade}}! {{telefone}} {{email}}');
    const names: string[] = [];
    for (const index of [0, 1, 2, 3, 4, 9]) {
      const p = await c.call('campaigns:preview', { id, index });
      expect(p.total).toBe(4);
      expect(p.index).toBe(index % 4);
      names.push(p.recipient?.name ?? '?');
    }
    expect(names).toEqual(['Ana Souza', 'Bruno', 'João da Conceição', '', 'Ana Souza', 'Bruno']);

    const bruno = await c.call('campaigns:preview', { id, index: 1 });
    // Every value a merge field can use, so the composer merges on each keystroke as the core would.
    expect(bruno.recipient).toMatchObject({
      name: 'Bruno',
      phone: '+5511912340003',
      email: 'bruno@example.com',
      fields: { cidade: 'Olinda' },
    });
    expect(bruno.recipient?.contactId).toMatch(/^[0-9a-f-]{36}$/);
    expect(bruno.text).toBe('Oi Bruno, de Olinda! (11) 91234-0003 bruno@example.com');
    expect(bruno.missingFields).toEqual([]);
    expect(bruno.segments).toEqual({
      encoding: 'GSM-7',
      units: 54,
      segments: 1,
      perSegment: 160,
      nonGsmChars: [],
    });

    const joao = await c.call('campaigns:preview', { id, index: 2 });
    expect(joao.text).toBe('Oi João, de! (21) 98765-0002');
    expect(joao.missingFields).toEqual(['cidade', 'email']);
    expect(joao.segments).toMatchObject({ encoding: 'UCS-2', nonGsmChars: ['ã'] });

    const nameless = await c.call('campaigns:preview', { id, index: 3 });
    expect(nameless.text).toBe('Oi cliente, de Fortaleza! (85) 98765-0004');
  });

  it('finds a recipient by name (accents and case aside) or by phone digits, and counts on from there', async () => {
    const c = await startComposer();
    const id = await fourPeople(c, '{{nome}}');
    const find = async (query: string, index?: number) =>
      (await c.call('campaigns:preview', { id, query, ...(index !== undefined ? { index } : {}) })).recipient
        ?.name ?? null;
    expect(await find('joao')).toBe('João da Conceição');
    expect(await find('CONCEIÇÃO')).toBe('João da Conceição');
    expect(await find('souza')).toBe('Ana Souza');
    expect(await find('(21) 98765')).toBe('João da Conceição');
    expect(await find('1234')).toBe('Bruno');
    expect(await find('bruno', 1)).toBe('João da Conceição');
    expect(await find('bruno', 3)).toBe('Ana Souza');
    expect(await find('%')).toBeNull();
    expect(await find('zé ninguém')).toBeNull();
    const none = await c.call('campaigns:preview', { id, query: 'zé ninguém' });
    expect(none).toMatchObject({ index: 0, total: 4, recipient: null, text: '' });
  });

  it('shows the plain-letters text when the campaign chose it', async () => {
    const c = await startComposer();
    const id = await fourPeople(c, 'Promoção para {{nome}}!', { plainLetters: true });
    const p = await c.call('campaigns:preview', { id, index: 2 });
    expect(p.text).toBe('Promocao para Joao da Conceicao!');
    expect(p.segments.encoding).toBe('GSM-7');
  });

  it('with nobody to send to, still shows the text with every field at its fallback', async () => {
    const c = await startComposer();
    const { id } = await c.call('campaigns:create', {});
    await c.call('campaigns:saveDraft', { id, template: 'Oi {{nome|cliente}}, {{cidade}} 😀' });
    expect(await c.call('campaigns:preview', { id })).toEqual({
      index: 0,
      total: 0,
      recipient: null,
      text: 'Oi cliente, 😀',
      segments: { encoding: 'UCS-2', units: 14, segments: 1, perSegment: 70, nonGsmChars: ['😀'] },
      missingFields: ['cidade'],
    });
  });
});
