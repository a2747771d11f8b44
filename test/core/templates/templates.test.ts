/**
 * The templates channels on the real core and a real SQLite file: saved
 * messages with unique names (case and accents aside), edited, deleted with
 * undo; a template's text checked against the whole contact book; and a
 * campaign that copies a template's text keeps it whatever the template
 * becomes.
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../billing/billing-harness';
import { TEMPLATE_UNDO_MS } from '@shared/contract/templates';
import { outbox, person, PROFILE, seedList, startComposer } from '../campaigns/composer/composer-harness';

/** A clock the test moves by hand. */
function clock(start = '2026-11-27T12:00:00.000Z') {
  let at = Date.parse(start);
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

describe('templates', () => {
  it('creates, lists by name, reads, edits; the fields each text uses come with it', async () => {
    const c = await startComposer();
    const promo = await c.call('templates:create', {
      name: '  Promoção de sábado ',
      category: 'Promoções',
      text: 'Olá {{nome|cliente}}! {{Primeiro_Nome|}}, hoje tem {{cidade}}.',
      from: 'LOJA',
      smsTypeId: 2,
    });
    expect(promo).toMatchObject({
      name: 'Promoção de sábado',
      category: 'Promoções',
      from: 'LOJA',
      smsTypeId: 2,
      fields: [
        { name: 'nome', key: 'nome', fallback: 'cliente' },
        { name: 'Primeiro_Nome', key: 'primeiro_nome', fallback: '' },
        { name: 'cidade', key: 'cidade', fallback: null },
      ],
    });
    await c.call('templates:create', { name: 'Aniversário', text: 'Parabéns, {{primeiro_nome|}}!' });
    expect((await c.call('templates:list', {})).map((t) => t.name)).toEqual([
      'Aniversário',
      'Promoção de sábado',
    ]);

    const edited = await c.call('templates:update', { id: promo.id, text: 'Oi {{nome}}', category: null });
    expect(edited).toMatchObject({
      name: 'Promoção de sábado',
      category: null,
      from: 'LOJA',
      text: 'Oi {{nome}}',
    });
    expect(edited.fields).toEqual([{ name: 'nome', key: 'nome', fallback: null }]);
    expect(await c.call('templates:get', { id: promo.id })).toEqual(edited);
  });

  it('keeps one template per name, whatever its case, accents and spaces', async () => {
    const c = await startComposer();
    const first = await c.call('templates:create', { name: 'Promoção Sábado', text: 'Oi' });
    const clash = await c.fail('templates:create', { name: 'promocao  SABADO', text: 'Outro' });
    expect(clash).toMatchObject({
      code: 'invalid_input',
      details: {
        reason: 'duplicate_template_name',
        params: { name: 'Promoção Sábado' },
        fields: [{ field: 'name' }],
      },
    });
    const other = await c.call('templates:create', { name: 'Outro', text: 'Oi' });
    expect(
      (await c.fail('templates:update', { id: other.id, name: 'PROMOÇÃO sábado' })).details?.reason,
    ).toBe('duplicate_template_name');
    // Its own name in another spelling is no clash.
    expect((await c.call('templates:update', { id: first.id, name: 'PROMOÇÃO SÁBADO' })).name).toBe(
      'PROMOÇÃO SÁBADO',
    );
    expect(await c.call('templates:list', {})).toHaveLength(2);
  });

  it('refuses what could never be sent or kept: an unclosed field, no text, no name', async () => {
    const c = await startComposer();
    const unclosed = await c.fail('templates:create', { name: 'Oi', text: 'Olá {{nome, tudo bem?' });
    expect(unclosed).toMatchObject({ code: 'template_field', details: { params: { field: '{{nome' } } });
    expect((await c.fail('templates:create', { name: 'Oi', text: '   ' })).code).toBe('invalid_input');
    expect((await c.fail('templates:create', { name: ' ', text: 'Oi' })).code).toBe('invalid_input');
    expect(await c.call('templates:list', {})).toEqual([]);
  });

  it('deletes with undo: hidden at once, back within the window, gone after it; its name free at once', async () => {
    const time = clock();
    const c = await startComposer({ now: time.now });
    const kept = await c.call('templates:create', { name: 'Natal', text: 'Feliz Natal, {{nome|cliente}}!' });
    const deleted = await c.call('templates:delete', { id: kept.id });
    expect(deleted).toEqual({
      id: kept.id,
      name: 'Natal',
      expiresAt: new Date(time.now().getTime() + TEMPLATE_UNDO_MS).toISOString(),
    });
    expect(await c.call('templates:list', {})).toEqual([]);
    expect((await c.fail('templates:get', { id: kept.id })).code).toBe('not_found');
    time.advance(TEMPLATE_UNDO_MS - 1000);
    expect(await c.call('templates:restore', { id: kept.id })).toEqual(kept);

    await c.call('templates:delete', { id: kept.id });
    time.advance(TEMPLATE_UNDO_MS + 1);
    expect((await c.fail('templates:restore', { id: kept.id })).code).toBe('undo_expired');
    // The next write purges what can no longer come back.
    await c.call('templates:create', { name: 'Páscoa', text: 'Oi' });
    expect(c.db.prepare('SELECT count(*) FROM templates WHERE deleted_at IS NOT NULL').pluck().get()).toBe(0);

    // A deleted template's name can be taken at once; its undo ends then.
    const again = await c.call('templates:create', { name: 'Natal', text: 'Um' });
    await c.call('templates:delete', { id: again.id });
    const replaced = await c.call('templates:create', { name: 'natal', text: 'Dois' });
    expect((await c.fail('templates:restore', { id: again.id })).code).toBe('undo_expired');
    expect((await c.call('templates:list', {})).map((t) => [t.name, t.text])).toEqual([
      ['natal', 'Dois'],
      ['Páscoa', 'Oi'],
    ]);
    expect(replaced.id).not.toBe(again.id);
  });

  it('checks a text against the whole contact book: who gets a fallback, what the send refuses, the worst case', async () => {
    const c = await startComposer();
    seedList(c, 'Clientes', 4, (i) =>
      person(['Ana Souza', '', 'João', ''][i]!, `+55119876500${10 + i}`, i === 0 ? { cidade: 'Recife' } : {}),
    );
    // An opted-out number is nobody the template could reach.
    c.contacts.upsertMany(PROFILE, [person('Fora', '+5511987650099')], 'update');
    await c.call('optOuts:add', { phones: ['+5511987650099'] });

    const check = await c.call('templates:check', {
      text: 'Olá {{primeiro_nome|}}, sua loja em {{cidade|sua cidade}} abriu! {{cidadee|x}}',
    });
    expect(check).toMatchObject({
      recipients: 4,
      problems: [{ kind: 'unknown_field', field: '{{cidadee|x}}', key: 'cidadee', fallback: 'x' }],
      fallbacks: [
        { field: '{{primeiro_nome|}}', key: 'primeiro_nome', fallback: '', count: 2 },
        { field: '{{cidade|sua cidade}}', key: 'cidade', fallback: 'sua cidade', count: 3 },
        { field: '{{cidadee|x}}', key: 'cidadee', fallback: 'x', count: 4 },
      ],
      segments: 4,
      maxSegments: 1,
      encodings: { 'GSM-7': 0, 'UCS-2': 4 },
    });
    // The worst case is the longest message of those that take the most, with what makes it 70 per SMS.
    expect(check.worst).toEqual({
      text: 'Olá João, sua loja em sua cidade abriu! x',
      segments: expect.objectContaining({ encoding: 'UCS-2', nonGsmChars: ['á', 'ã'] }),
    });

    expect(await c.call('templates:check', { text: 'Oi {{nome' })).toMatchObject({
      problems: [{ kind: 'unclosed_field', field: '{{nome' }],
    });
  });

  it('a campaign keeps the text it copied: editing or deleting the template changes no campaign', async () => {
    const c = await startComposer();
    const listId = seedList(c, 'Clientes', 2, (i) => person(['Ana', ''][i]!, `+55119876500${10 + i}`));
    const template = await c.call('templates:create', {
      name: 'Oferta',
      text: 'Oi {{nome|cliente}}, oferta!',
    });
    const copy = async () => {
      const { id } = await c.call('campaigns:create', {});
      await c.call('campaigns:saveDraft', {
        id,
        template: (await c.call('templates:get', { id: template.id })).text,
        audience: { listIds: [listId], contactIds: [] },
      });
      return id;
    };
    const draft = await copy();
    const sent = await copy();
    await c.call('campaigns:send', { id: sent });

    await c.call('templates:update', { id: template.id, text: 'Texto novo {{nome}}' });
    expect((await c.call('campaigns:get', { id: draft })).template).toBe('Oi {{nome|cliente}}, oferta!');
    expect((await c.call('campaigns:get', { id: sent })).template).toBe('Oi {{nome|cliente}}, oferta!');
    await c.call('templates:delete', { id: template.id });
    expect((await c.call('campaigns:get', { id: draft })).template).toBe('Oi {{nome|cliente}}, oferta!');
    expect(outbox(c.db, sent).messages.map((m) => m.message)).toEqual([
      'Oi Ana, oferta!',
      'Oi cliente, oferta!',
    ]);
  });

  it('forgets a profile’s templates with its local data', async () => {
    const c = await startComposer({ sandbox: await useSandbox() });
    await c.call('templates:create', { name: 'Oi', text: 'Oi' });
    c.db
      .prepare(
        "INSERT INTO templates (id, profile, name, name_key, text, created_at, updated_at) VALUES ('x', 'outro', 'Oi', 'oi', 'Oi', '', '')",
      )
      .run();
    await c.call('session:signOut', { deleteLocalData: true });
    expect(c.db.prepare('SELECT profile FROM templates').pluck().all()).toEqual(['outro']);
  });
});
