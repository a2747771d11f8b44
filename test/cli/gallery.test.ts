/**
 * `torpedo gallery list|use` and `torpedo calendar` as a user runs them:
 * separate processes (npx tsx) on a data folder whose contacts came in with
 * `torpedo import` (a last purchase date each, written relative to today's
 * real clock, away from the segments' edges), local only.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempFolders, torpedo, type CliRun } from '../support/cli-process';

const folder = tempFolders('torpedo-cli-gallery-');
const DAY = 86_400_000;
const br = (daysAgo: number) => {
  const d = new Date(Date.now() - daysAgo * DAY);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
/** Bought 20, 100 and 400 days ago, and never: only the 100 is a missed customer (60 to 180 days). */
const SHEET = [
  'nome;telefone;ultima_compra',
  `Ana Souza;81987650001;${br(20)}`,
  `Bia Lima;81987650002;${br(100)}`,
  `Caio Reis;11987650003;${br(400)}`,
  'Davi Melo;11987650004;',
].join('\r\n');

let dataDir: string;
const run = (...args: string[]) =>
  torpedo([...args, '--data-dir', dataDir], { LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' });
const json = <T>(r: CliRun): T => {
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
};

beforeAll(async () => {
  dataDir = folder();
  const file = join(folder(), 'clientes.csv');
  writeFileSync(file, SHEET);
  expect(json(await run('import', file, '--json'))).toMatchObject({ imported: 4, invalid: 0 });
}, 120_000);

describe('torpedo gallery (a real process, no connection)', () => {
  it('lists a business’s ready messages with their segment and hour', { timeout: 120_000 }, async () => {
    const rows = json<Record<string, unknown>[]>(
      await run('gallery', 'list', '--business', 'pet-shop', '--json'),
    );
    expect(rows.map((r) => r.id)).toEqual([
      'pet-shop/cliente-sumido',
      'pet-shop/boas-vindas',
      'pet-shop/pos-venda',
    ]);
    expect(rows[0]).toEqual({
      id: 'pet-shop/cliente-sumido',
      business: 'pet-shop',
      purpose: 'cliente-sumido',
      text: expect.stringMatching(/^Hi \{\{first_name\|\}\}! /),
      segment: {
        name: 'No purchase for 60 to 180 days',
        match: 'all',
        where: [expect.stringMatching(/^ultima_compra between \d{4}-\d{2}-\d{2} and \d{4}-\d{2}-\d{2}$/)],
        missingColumns: [],
      },
      hour: '10:00',
    });
    expect(rows[1]).toMatchObject({ segment: { where: ['added in-last 7d'] }, hour: '10:00' });

    const all = json<unknown[]>(await run('gallery', 'list', '--json'));
    expect(all.length).toBeGreaterThanOrEqual(20);
    const text = await run('gallery', 'list', '--business', 'clinica-e-consultorio');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      'clinica-e-consultorio/lembrete-de-horario  09:00  Appointment tomorrow (proximo_horario = ',
    );
    expect(text.stdout).toContain('your contacts lack: proximo_horario');

    const wrong = await run('gallery', 'list', '--business', 'padaria');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--business is one of: salao-e-barbearia, pet-shop,');
  });

  it(
    'makes a draft to the suggested segment at the suggested hour, or a template',
    { timeout: 180_000 },
    async () => {
      const made = json<Record<string, unknown>>(
        await run('gallery', 'use', 'pet-shop/cliente-sumido', '--json'),
      );
      expect(made).toMatchObject({
        as: 'draft',
        name: 'Missed customer - Pet shop',
        text: expect.stringContaining('your pet'),
        audience: { kind: 'segment', segmentName: 'No purchase for 60 to 180 days', reused: false },
        scheduleAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T10:00$/),
      });
      // The segment it saved takes the one customer who last bought 100 days ago.
      const counted = json<Record<string, unknown>>(
        await run('segments', 'count', 'No purchase for 60 to 180 days', '--json'),
      );
      expect(counted).toMatchObject({ count: 1, recipients: 1 });

      const again = await run('gallery', 'use', 'pet-shop/cliente-sumido');
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(
        /^Made the draft campaign "Missed customer - Pet shop" \(.+\) to the segment "No purchase for 60 to 180 days" \(saved before\), scheduled for \d{4}-\d{2}-\d{2} 10:00 on each recipient's own clock\./,
      );

      const template = json<Record<string, unknown>>(
        await run('gallery', 'use', 'otica/pos-venda', '--as-template', 'Oculos novos', '--json'),
      );
      expect(template).toMatchObject({
        as: 'template',
        name: 'Oculos novos',
        text: expect.stringContaining('glasses'),
      });
      const listed = await run('templates', 'list');
      expect(listed.stdout).toContain(
        'Oculos novos [After the sale]: Hi {{first_name|}}! All well with your new glasses?',
      );

      const unknown = await run('gallery', 'use', 'padaria/promocao');
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('There is no ready message "padaria/promocao" in the gallery.');
    },
  );
});

describe('torpedo calendar (a real process, no connection)', () => {
  it(
    'prints the year’s selling days and holidays as [{date, name, kind}], in the terminal’s language',
    { timeout: 120_000 },
    async () => {
      const days = json<{ date: string; name: string; kind: string }[]>(
        await run('calendar', '--year', '2026', '--json'),
      );
      expect(days).toContainEqual({ date: '2026-05-10', name: 'Mother’s Day', kind: 'retail' });
      expect(days).toContainEqual({ date: '2026-11-27', name: 'Black Friday', kind: 'retail' });
      expect(days).toContainEqual({ date: '2026-04-03', name: 'Good Friday', kind: 'holiday' });
      expect(days.every((d) => Object.keys(d).join() === 'date,name,kind')).toBe(true);
      expect(days.map((d) => d.date)).toEqual(days.map((d) => d.date).sort());
      expect(new Set(days.map((d) => d.kind))).toEqual(new Set(['retail', 'holiday']));

      const pt = await torpedo(['calendar', '--year', '2027', '--data-dir', dataDir], {
        LANG: 'pt_BR.UTF-8',
        LC_ALL: 'pt_BR.UTF-8',
      });
      expect(pt.code, pt.stderr).toBe(0);
      expect(pt.stdout).toContain(
        '2027-05-09  retail   Dia das Mães  (message: loja-de-roupa/promocao; reminder on 2027-05-02)',
      );
      expect(pt.stdout).toContain('2027-03-26  holiday  Sexta-feira Santa  (no sends on this day)');

      const bad = await run('calendar', '--year', 'next');
      expect(bad.code).toBe(2);
    },
  );
});
