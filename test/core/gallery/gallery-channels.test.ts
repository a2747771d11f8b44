/**
 * The gallery's channels on the real core and a real SQLite data folder
 * whose contacts came in through the real import (a last purchase date per
 * customer), with the default sending rules, on a clock fixed at Saturday
 * 9 May 2026, 12:00 in Brasília: what the owner sees in the gallery, what
 * using a message makes (a template; a draft to a segment, at the message's
 * hour on the next open day, one SMS per customer), and the calendar with
 * the business settings kept in the data folder.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Result } from '@shared/app-error';
import type { ImportOpenedView } from '@shared/dto';
import type { ChannelName, InputOf, OutputOf } from '@shared/ipc-contract';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';

/** Saturday, 12:00 in Brasília: the 10:00 messages have missed today; Sunday is closed. */
const NOW = new Date('2026-05-09T15:00:00.000Z');
const SHEET = [
  'nome;telefone;ultima_compra',
  'Ana Souza;81987650001;15/02/2026',
  'Bia Lima;81987650002;01/01/2025',
  'Caio Reis;11987650003;05/05/2026',
  'Davi Melo;11987650004;',
  'João Alves;21987650005;20/12/2025',
].join('\r\n');

const cores: Core[] = [];
afterEach(async () => {
  while (cores.length) await cores.pop()!.close();
});

async function openShop(dataDir = tempDir(), locale = 'en-US') {
  const core = await createCore({
    dataDir,
    host: createRecordingHost(locale),
    secretStore: createMemorySecretStore(),
    localOnly: true,
    now: () => NOW,
  });
  cores.push(core);
  const call = async <C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>> => {
    const result: Result<unknown> = await core.dispatch(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
    return result.value as OutputOf<C>;
  };
  const fail = async <C extends ChannelName>(channel: C, input: InputOf<C>) => {
    const result = await core.dispatch(channel, input);
    if (result.ok) throw new Error(`${channel}: expected a failure`);
    return result.error;
  };
  return { core, call, fail, dataDir };
}

async function importSheet(call: Awaited<ReturnType<typeof openShop>>['call']) {
  const opened: ImportOpenedView = await call('import:open', {
    fileName: 'clientes.csv',
    data: new TextEncoder().encode(SHEET),
  });
  await call('import:plan', {
    importId: opened.importId,
    mapping: opened.preview.mapping,
    acceptNineDigitFix: false,
  });
  await call('import:commit', { importId: opened.importId });
}

describe('gallery:list', () => {
  it('shows a business’s messages in the UI’s language, each audience judged against the shop’s columns', async () => {
    const { call } = await openShop();
    await importSheet(call);
    const pet = await call('gallery:list', { business: 'pet-shop' });
    expect(pet.map((m) => m.id)).toEqual([
      'pet-shop/cliente-sumido',
      'pet-shop/boas-vindas',
      'pet-shop/pos-venda',
    ]);
    expect(pet[0]).toMatchObject({
      businessName: 'Pet shop',
      purposeName: 'Missed customer',
      hour: '10:00',
      text: expect.stringMatching(/^Hi \{\{first_name\|\}\}! /),
      audience: {
        kind: 'segment',
        name: 'No purchase for 60 to 180 days',
        definition: {
          match: 'all',
          conditions: [{ field: 'ultima_compra', op: 'between', value: '2025-11-10', to: '2026-03-10' }],
        },
        columns: ['ultima_compra'],
        missingColumns: [],
      },
    });
    // The clinic's reminder needs the next appointment's date, which this sheet does not have.
    const clinic = await call('gallery:list', { business: 'clinica-e-consultorio' });
    expect(clinic[0]!.audience.missingColumns).toEqual(['proximo_horario']);
    expect((await call('gallery:list', {})).length).toBeGreaterThanOrEqual(20);

    await call('settings:update', { language: 'pt-BR' });
    const pt = await call('gallery:list', { business: 'pet-shop' });
    expect(pt[0]).toMatchObject({
      purposeName: 'Cliente sumido',
      text: expect.stringMatching(/^Oi \{\{primeiro_nome\|\}\}! Faz tempo que seu pet nao vem/),
      audience: { name: 'Sem comprar há 60 a 180 dias' },
    });
  });

  it('names the column a shop without spreadsheet columns lacks', async () => {
    const { call } = await openShop();
    const [missed] = await call('gallery:list', { business: 'pet-shop' });
    expect(missed!.audience.missingColumns).toEqual(['ultima_compra']);
    const welcome = (await call('gallery:list', { business: 'pet-shop' }))[1]!;
    expect(welcome.audience).toMatchObject({ columns: [], missingColumns: [] });
  });
});

describe('gallery:use', () => {
  it('makes a draft to the suggested segment at the suggested hour, one SMS per customer with the business name', async () => {
    const { call } = await openShop();
    await importSheet(call);
    await call('rules:set', { prefix: 'Pet Shop Amigo Fiel:' });
    const used = await call('gallery:use', { id: 'pet-shop/cliente-sumido', as: 'draft' });
    if (used.as !== 'draft') throw new Error('expected a draft');
    // Saturday's 10:00 has passed and Sunday is closed: Monday at 10:00 on each customer's clock.
    expect(used.scheduleAt).toBe('2026-05-11T10:00');
    expect(used.audience).toMatchObject({
      kind: 'segment',
      segmentName: 'No purchase for 60 to 180 days',
      reused: false,
    });
    expect(used.campaign).toMatchObject({
      name: 'Missed customer - Pet shop',
      status: 'draft',
      audience: { segmentIds: [used.audience.kind === 'segment' ? used.audience.segmentId : ''] },
      options: { scheduleAt: '2026-05-11T10:00', plainLetters: true },
    });
    // Ana (15/02) and João (20/12): last bought 60 to 180 days ago.
    expect((await call('campaigns:audience', { id: used.campaign.id })).recipients).toBe(2);
    const preview = await call('campaigns:preview', { id: used.campaign.id, query: 'João' });
    expect(preview.text).toMatch(/^Pet Shop Amigo Fiel: Hi Joao! It has been a while since your pet/);
    expect(preview.segments).toMatchObject({ encoding: 'GSM-7', segments: 1 });

    // Used again: the same segment, not a second one.
    const again = await call('gallery:use', { id: 'pet-shop/cliente-sumido', as: 'draft' });
    expect(again.as === 'draft' && again.audience).toMatchObject({ kind: 'segment', reused: true });
    expect((await call('segments:list', {})).map((s) => s.name)).toEqual(['No purchase for 60 to 180 days']);
  });

  it('makes a draft without an audience when the contacts lack the column, and for birthdays', async () => {
    const { call } = await openShop();
    await importSheet(call);
    const reminder = await call('gallery:use', {
      id: 'clinica-e-consultorio/lembrete-de-horario',
      as: 'draft',
    });
    expect(reminder).toMatchObject({
      as: 'draft',
      audience: { kind: 'missing-columns', columns: ['proximo_horario'] },
      scheduleAt: '2026-05-11T09:00',
      campaign: { audience: { segmentIds: [], listIds: [] } },
    });
    const birthday = await call('gallery:use', { id: 'salao-e-barbearia/aniversario', as: 'draft' });
    expect(birthday).toMatchObject({ as: 'draft', audience: { kind: 'birthday' } });
    expect(await call('segments:list', {})).toEqual([]);
  });

  it('makes the owner’s own template, named after the message unless named, never twice the same name', async () => {
    const { call, fail } = await openShop();
    const first = await call('gallery:use', { id: 'otica/pos-venda', as: 'template' });
    const second = await call('gallery:use', { id: 'otica/pos-venda', as: 'template' });
    expect(first.as === 'template' && first.template).toMatchObject({
      name: 'After the sale - Optician',
      category: 'After the sale',
      text: expect.stringContaining('new glasses'),
      fields: [{ key: 'first_name', fallback: '' }],
    });
    expect(second.as === 'template' && second.template.name).toBe('After the sale - Optician 2');
    const named = await call('gallery:use', { id: 'otica/reativacao', as: 'template', name: 'Volta' });
    expect(named.as === 'template' && named.template.name).toBe('Volta');
    const clash = await fail('gallery:use', { id: 'otica/reativacao', as: 'template', name: 'volta' });
    expect(clash.code).toBe('invalid_input');
    expect((await call('templates:list', {})).map((t) => t.name)).toEqual([
      'After the sale - Optician',
      'After the sale - Optician 2',
      'Volta',
    ]);

    const unknown = await fail('gallery:use', { id: 'padaria/promocao', as: 'draft' });
    expect(unknown).toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('padaria/promocao'),
    });
    expect((await call('campaigns:list', {})).length).toBe(0);
  });
});

describe('calendar:list and the business settings', () => {
  it('lists this year’s selling days for the shop’s business, its anniversary, and the holidays', async () => {
    const { call, dataDir } = await openShop();
    expect(await call('gallery:settings', {})).toEqual({
      business: null,
      anniversary: null,
      reminderDays: 7,
    });
    const thisYear = await call('calendar:list', {});
    expect(thisYear.find((e) => e.day === 'diaDasMaes')).toEqual({
      date: '2026-05-10',
      day: 'diaDasMaes',
      name: 'Mother’s Day',
      kind: 'retail',
      galleryId: 'loja-de-roupa/promocao',
      remindAt: '2026-05-03',
    });
    expect(thisYear.find((e) => e.day === 'goodFriday')).toEqual({
      date: '2026-04-03',
      day: 'goodFriday',
      name: 'Good Friday',
      kind: 'holiday',
    });

    await call('gallery:saveSettings', {
      business: 'otica',
      anniversary: { month: 3, day: 14 },
      reminderDays: 5,
    });
    const refused = await openShop(dataDir).then((s) =>
      s.fail('gallery:saveSettings', { anniversary: { month: 2, day: 30 } }),
    );
    expect(refused.code).toBe('invalid_input');

    // Another core on the same folder (the CLI beside the app) reads what the first one saved.
    const other = await openShop(dataDir, 'pt-BR');
    expect(await other.call('gallery:settings', {})).toEqual({
      business: 'otica',
      anniversary: { month: 3, day: 14 },
      reminderDays: 5,
    });
    const next = await other.call('calendar:list', { year: 2027 });
    expect(next.find((e) => e.day === 'aniversarioDaLoja')).toMatchObject({
      date: '2027-03-14',
      name: 'Aniversário da loja',
      galleryId: 'otica/reativacao',
      remindAt: '2027-03-09',
    });
    expect(next.find((e) => e.day === 'blackFriday')?.date).toBe('2027-11-26');
    await other.call('gallery:saveSettings', { anniversary: null });
    expect(await other.call('gallery:settings', {})).toEqual({
      business: 'otica',
      anniversary: null,
      reminderDays: 5,
    });
  });
});
