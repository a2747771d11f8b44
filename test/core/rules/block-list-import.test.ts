/**
 * Block lists never shrink by accident (issue 32): an import into a list that
 * has numbers says whether the file replaces them or adds to them, and the
 * list as it was is kept so the owner can undo the last import.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { importBlockList } from '@core/rules/rules-module';
import { PROFILE, startComposer, type ComposerUnderTest } from '../campaigns/composer/composer-harness';

const NOV = new Date('2026-11-01T12:00:00Z');
const DEC = new Date('2026-12-01T12:00:00Z');

let c: ComposerUnderTest | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

/** A file of numbers through the import, as the window and the CLI send it. */
async function importFile(
  core: ComposerUnderTest,
  fileName: string,
  lines: string[],
  extra: { mode?: 'replace' | 'add'; fileDate?: string } = {},
) {
  const opened = await core.call('import:open', {
    fileName,
    data: new TextEncoder().encode(['telefone', ...lines].join('\n')),
    purpose: 'numbers',
  });
  await core.call('import:plan', {
    importId: opened.importId,
    mapping: { ...opened.preview.mapping, custom: [] },
    defaultCountry: 'BR',
    acceptNineDigitFix: true,
    locale: 'en',
  });
  return {
    importId: opened.importId,
    block: { importId: opened.importId, list: { kind: 'procon-sp' }, ...extra } as const,
  };
}

const phones = (core: ComposerUnderTest) =>
  core.db
    .prepare(`SELECT phone FROM blocked_numbers WHERE list_id = 'procon-sp' ORDER BY phone`)
    .pluck()
    .all();

describe('importing into a block list that has numbers', () => {
  it('refuses without replace or add, naming the numbers there; replace keeps the old list, and undo brings it back', async () => {
    let now = NOV;
    c = await startComposer({ now: () => now, defaultRules: true });
    const first = await importFile(
      c,
      'nao-me-ligue-novembro.csv',
      ['11999990001', '11999990002', '11999990003'],
      {
        fileDate: '2026-10-31T09:00:00.000Z',
      },
    );
    // An empty list takes a file without either.
    expect(await c.call('import:block', first.block)).toMatchObject({ numbers: 3, added: 3, removed: 0 });

    now = DEC;
    const small = await importFile(c, 'um-numero.csv', ['11999990004'], {
      fileDate: '2026-11-30T08:00:00.000Z',
    });
    const refused = await c.fail('import:block', small.block);
    expect(refused.code).toBe('block_list_not_empty');
    expect(refused.details?.params).toEqual({ numbers: 3 });
    expect(phones(c)).toEqual(['+5511999990001', '+5511999990002', '+5511999990003']);

    // The owner says "replace": the one number is the list now; the three are kept aside.
    expect(await c.call('import:block', { ...small.block, mode: 'replace' })).toEqual({
      list: { id: 'procon-sp', kind: 'procon-sp', name: null },
      read: 1,
      numbers: 1,
      added: 1,
      removed: 3,
      invalid: 0,
    });
    expect(phones(c)).toEqual(['+5511999990004']);
    const [replaced] = await c.call('rules:blockLists', {});
    expect(replaced).toMatchObject({
      fileName: 'um-numero.csv',
      numbers: 1,
      updatedAt: DEC.toISOString(),
      fileDate: '2026-11-30T08:00:00.000Z',
      before: {
        fileName: 'nao-me-ligue-novembro.csv',
        numbers: 3,
        updatedAt: NOV.toISOString(),
        fileDate: '2026-10-31T09:00:00.000Z',
      },
    });

    // Undo: the numbers, the file name and both dates as they were; then nothing more to undo.
    expect(await c.call('rules:undoBlockImport', { list: 'procon-sp' })).toMatchObject({
      fileName: 'nao-me-ligue-novembro.csv',
      numbers: 3,
      updatedAt: NOV.toISOString(),
      fileDate: '2026-10-31T09:00:00.000Z',
      before: null,
    });
    expect(phones(c)).toEqual(['+5511999990001', '+5511999990002', '+5511999990003']);
    expect(c.db.prepare('SELECT count(*) FROM block_list_undo_numbers').pluck().get()).toBe(0);
    expect((await c.fail('rules:undoBlockImport', { list: 'procon-sp' })).code).toBe('not_found');
  });

  it('add joins the file to the list (nothing removed); its undo takes off only what it added', async () => {
    c = await startComposer({ now: () => DEC, defaultRules: true });
    await c.call('import:block', (await importFile(c, 'a.csv', ['11999990001', '11999990002'])).block);
    const more = await importFile(c, 'b.csv', ['11999990002', '11999990003']);
    expect(await c.call('import:block', { ...more.block, mode: 'add' })).toMatchObject({
      numbers: 3,
      added: 1,
      removed: 0,
    });
    expect(phones(c)).toEqual(['+5511999990001', '+5511999990002', '+5511999990003']);
    expect((await c.call('rules:blockLists', {}))[0]).toMatchObject({
      fileName: 'b.csv',
      numbers: 3,
      before: { fileName: 'a.csv', numbers: 2 },
    });
    expect(await c.call('rules:undoBlockImport', { list: 'procon-sp' })).toMatchObject({
      fileName: 'a.csv',
      numbers: 2,
    });
    expect(phones(c)).toEqual(['+5511999990001', '+5511999990002']);
  });

  it('a first import has nothing to undo, and each import keeps only the list just before it', async () => {
    c = await startComposer({ now: () => DEC, defaultRules: true });
    const file = (name: string, list: string[]) => ({
      profile: PROFILE,
      list: { kind: 'procon-sp' } as const,
      fileName: name,
      phones: list,
      read: list.length,
      invalid: 0,
      at: DEC,
      mode: 'replace' as const,
    });
    importBlockList(c.db, file('1.csv', ['+5511999990001']));
    expect((await c.call('rules:blockLists', {}))[0]!.before).toBeNull();
    importBlockList(c.db, file('2.csv', ['+5511999990002']));
    importBlockList(c.db, file('3.csv', ['+5511999990003']));
    expect((await c.call('rules:blockLists', {}))[0]!.before).toMatchObject({
      fileName: '2.csv',
      numbers: 1,
    });
    expect(c.db.prepare('SELECT phone FROM block_list_undo_numbers').pluck().all()).toEqual([
      '+5511999990002',
    ]);
  });

  it('replaces a list of 200,000 numbers with one, and undoes it, each in well under the import’s own time', async () => {
    c = await startComposer({ now: () => DEC, defaultRules: true });
    const many = Array.from({ length: 200_000 }, (_v, i) => `+55119${String(i).padStart(8, '0')}`);
    const base = { profile: PROFILE, list: { kind: 'procon-sp' } as const, invalid: 0, at: DEC };
    importBlockList(c.db, { ...base, fileName: 'all.csv', phones: many, read: many.length });
    const started = performance.now();
    const result = importBlockList(c.db, {
      ...base,
      fileName: 'one.csv',
      phones: ['+5511999990001'],
      read: 1,
      mode: 'replace',
    });
    expect(result).toMatchObject({ numbers: 1, removed: 200_000, added: 1 });
    expect(await c.call('rules:undoBlockImport', { list: 'procon-sp' })).toMatchObject({
      numbers: 200_000,
    });
    // The copy and the restore are statements over all rows, not a row at a time in JavaScript.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(c.db.prepare('SELECT count(*) FROM blocked_numbers').pluck().get()).toBe(200_000);
  });
});
