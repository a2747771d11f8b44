/**
 * A campaign's report from its batches' sends on a real sandbox: links from
 * the sends, totals, the delivery series, per-number results with filter and
 * search, the CSV export, and reading it all offline. The campaign and its
 * outbox are written by SQL (the campaign engine is built alongside), the
 * sends made with the service client as the outbox worker would.
 */
import type { Core } from '@core/kernel/core';
import { describe, expect, it } from 'vitest';
import type { ContactView } from '@shared/dto';
import type {
  CampaignExportResult,
  CampaignNumbersPageView,
  CampaignReportView,
  SendNumbersPageView,
  SendsPageView,
} from '@shared/dto/history';
import {
  ALWAYS_DELIVERED,
  FAILS_INVALID,
  bulkSend,
  insertCampaign,
  openCoreDb,
  phones,
  reference,
  serviceClient,
  signedIn,
  useSandbox,
  value,
  type TestBatch,
} from './history-harness';

const REF = 'k7f2';
const NAME = 'Promoção de Março; "VIP"';

async function campaignWithSends(label: string) {
  const sandbox = await useSandbox();
  const c = await signedIn(sandbox, label);
  value(await c.core.dispatch('settings:update', { language: 'pt-BR' }));
  const client = serviceClient(sandbox.url, c.key);
  const [p1, p2, p3, p4, p5, p6, p7, p8] = phones(8);
  const conceicao = value<ContactView>(
    await c.core.dispatch('contacts:create', { name: 'Conceição Araújo', phone: p1! }),
  );
  value(await c.core.dispatch('contacts:create', { name: '=cmd|/C calc', phone: p2! }));

  const batch0 = [
    { phone: FAILS_INVALID, message: 'Oi; tudo bem?' },
    { phone: ALWAYS_DELIVERED, message: 'Cupom "MARÇO"\nAté logo' },
    { phone: p1!, message: 'Olá Conceição, 20% off', contactId: conceicao.id },
    { phone: p2!, message: '@pagamento confirmado' },
  ];
  const batch1 = [
    { phone: p3!, message: 'Olá' },
    { phone: p4!, message: 'Olá' },
  ];
  const send0 = await bulkSend(
    client,
    batch0.map((m, i) => ({ phone: m.phone, message: m.message, reference: reference(REF, 0, i) })),
  );
  const send1 = await bulkSend(
    client,
    batch1.map((m, i) => ({ phone: m.phone, message: m.message, reference: reference(REF, 1, i) })),
  );
  const unrelated = await bulkSend(client, [{ phone: p8! }]);
  const batches: TestBatch[] = [
    { state: 'accepted', sendId: send0, messages: batch0 },
    { state: 'accepted', sendId: send1, messages: batch1 },
    {
      state: 'queued',
      messages: [
        { phone: p5!, message: 'Olá' },
        { phone: p6!, message: 'Olá' },
      ],
    },
    { state: 'cancelled', messages: [{ phone: p7!, message: 'Olá' }] },
    { state: 'held', reason: 'insufficient_balance', messages: [{ phone: p8!, message: 'Olá' }] },
  ];
  insertCampaign(openCoreDb(c.dataDir), { id: 'camp-1', ref: REF, name: NAME }, batches);
  return { sandbox, c, client, send0, send1, unrelated, p1: p1!, p2: p2!, p5: p5! };
}

const report = async (c: { core: Pick<Core, 'dispatch'> }) =>
  value<CampaignReportView>(await c.core.dispatch('history:campaignReport', { campaignId: 'camp-1' }));

const numbers = async (c: { core: Pick<Core, 'dispatchUntrusted'> }, input: Record<string, unknown> = {}) =>
  value<CampaignNumbersPageView>(
    await c.core.dispatchUntrusted('history:campaignNumbers', { campaignId: 'camp-1', ...input }),
  );

describe('campaign report', () => {
  it('links the sends to their campaign, with references and the recipients’ names', async () => {
    const { c, send0, send1, unrelated, p1, p2 } = await campaignWithSends('link');
    const list = value<SendsPageView>(await c.core.dispatch('history:sends', {}));
    expect(list.sends.map((s) => [s.id, s.campaign])).toEqual([
      [unrelated, null],
      [send1, { id: 'camp-1', name: NAME, batch: 1 }],
      [send0, { id: 'camp-1', name: NAME, batch: 0 }],
    ]);
    const rows = value<SendNumbersPageView>(await c.core.dispatch('history:numbers', { id: send0 })).rows;
    expect(rows.map((r) => [r.phone, r.reference, r.contactName])).toEqual([
      [FAILS_INVALID, 'k7f2-0-0', null],
      [ALWAYS_DELIVERED, 'k7f2-0-1', null],
      [p1, 'k7f2-0-2', 'Conceição Araújo'],
      [p2, 'k7f2-0-3', '=cmd|/C calc'],
    ]);
  });

  it('counts every message where it is, follows the sends to done, and agrees with the service', async () => {
    const { sandbox, c, client, send0, send1 } = await campaignWithSends('totals');
    const early = await report(c);
    expect(early.campaign).toMatchObject({ id: 'camp-1', name: NAME, status: 'sending' });
    expect(early.totals).toEqual({
      messages: 10,
      delivered: 0,
      failed: 0,
      inProgress: 6,
      waiting: 2,
      notSent: 2,
    });
    expect(early.batches.map((b) => [b.batch, b.state, b.sendId, b.counts?.done ?? null])).toEqual([
      [0, 'accepted', send0, false],
      [1, 'accepted', send1, false],
      [2, 'queued', null, null],
      [3, 'cancelled', null, null],
      [4, 'held', null, null],
    ]);
    expect(early.batches[4]!.reason).toBe('insufficient_balance');
    expect(early).toMatchObject({ done: false, stale: false, cost: 0.54 });
    expect(early.series.at(-1)).toMatchObject({ accepted: 6, delivered: 0, failed: 0 });

    sandbox.advanceClock(10_000);
    const later = await report(c);
    const service = await Promise.all([send0, send1].map((id) => client.getSend(id)));
    const delivered = service.reduce((n, s) => n + s.summary!.delivered, 0);
    const failed = service.reduce((n, s) => n + s.summary!.failed, 0);
    expect(failed).toBeGreaterThanOrEqual(1);
    expect(later.totals).toEqual({ messages: 10, delivered, failed, inProgress: 0, waiting: 2, notSent: 2 });
    expect(later.series[0]).toMatchObject({ accepted: 0, delivered: 0, failed: 0 });
    expect(later.series.at(-1)).toMatchObject({ accepted: 6, delivered, failed });
    // The queued batch may still go: the report is not final.
    expect(later.done).toBe(false);
  });

  it('filters and searches the per-number results', async () => {
    const { sandbox, c, p1, p5 } = await campaignWithSends('filter');
    sandbox.advanceClock(10_000);
    await report(c);

    const failed = await numbers(c, { status: 'failed' });
    expect(failed.rows[0]).toEqual({
      batch: 0,
      position: 0,
      phone: FAILS_INVALID,
      contactName: null,
      status: 'failed',
      serviceStatus: 'failed',
      code: 'invalid_number',
      reference: 'k7f2-0-0',
      // The campaign tracks no links: no clicks column.
      clicks: null,
    });
    expect(
      (await numbers(c, { status: 'waiting' })).rows.map((r) => [r.phone, r.reference, r.serviceStatus]),
    ).toEqual([
      [p5, 'k7f2-2-0', null],
      [phones(1, 6)[0], 'k7f2-2-1', null],
    ]);
    expect((await numbers(c, { status: 'not_sent' })).rows.map((r) => r.reference)).toEqual([
      'k7f2-3-0',
      'k7f2-4-0',
    ]);

    // Names without case or accents; phones by any run of digits, typed in any format.
    expect((await numbers(c, { query: 'CONCEICAO' })).rows.map((r) => r.phone)).toEqual([p1]);
    expect((await numbers(c, { query: '(11) 98765-0001' })).rows.map((r) => r.contactName)).toEqual([
      'Conceição Araújo',
    ]);
    expect((await numbers(c, { query: '=cmd' })).total).toBe(1);
    expect((await numbers(c, { query: '%' })).total).toBe(0);
    expect((await numbers(c, { query: 'conceição', status: 'failed' })).total).toBe(0);

    const paged = await numbers(c, { perPage: 4, page: 3 });
    expect(paged).toMatchObject({ total: 10, lastPage: 3, page: 3 });
    expect(paged.rows.map((r) => r.reference)).toEqual(['k7f2-3-0', 'k7f2-4-0']);
  });

  it('exports every message as a CSV Excel pt-BR opens right, with formulas neutralised', async () => {
    const { sandbox, c, p2 } = await campaignWithSends('csv');
    sandbox.advanceClock(10_000);
    const result = value<CampaignExportResult>(
      await c.core.dispatch('history:exportCampaign', { campaignId: 'camp-1' }),
    );
    expect(result).toMatchObject({ saved: true, count: 10, stale: false });
    const file = c.host.savedFiles[0]!;
    expect(file.kind).toBe('csv');
    expect(file.suggestedName).toMatch(/^torpedo-campanha-promocao-de-marco-vip-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(result.fileName).toBe(file.suggestedName);

    const lines = file.content.split('\r\n');
    expect(lines[0]).toBe('\uFEFFTelefone;Nome;Situação;Código;Referência;Mensagem');
    expect(lines[1]).toBe('(11) 90000-0001;;Falhou;invalid_number;k7f2-0-0;"Oi; tudo bem?"');
    // A quoted cell keeps its quotes doubled and its line break inside.
    expect(lines[2]).toBe('(11) 90000-0003;;Entregue;;k7f2-0-1;"Cupom ""MARÇO""\nAté logo"');
    expect(lines[3]).toMatch(/^\(11\) 98765-0001;Conceição Araújo;(Entregue|Falhou);/);
    // A name and a message that start like formulas get a leading '.
    expect(lines[4]).toMatch(
      new RegExp(
        `^\\(11\\) 98765-0002;'=cmd\\|/C calc;(Entregue|Falhou);.*;k7f2-0-3;'@pagamento confirmado$`,
      ),
    );
    expect(p2).toBe('+5511987650002');
    expect(file.content).toContain(';Aguardando envio;;k7f2-2-0;Olá\r\n');
    expect(file.content).toContain(';Não enviado;;k7f2-4-0;Olá\r\n');
    expect(file.content.endsWith('\r\n')).toBe(true);
    // A header, 10 messages and the final line end.
    expect(lines).toHaveLength(12);

    c.host.saveAnswer = 'cancel';
    expect(
      value<CampaignExportResult>(await c.core.dispatch('history:exportCampaign', { campaignId: 'camp-1' })),
    ).toMatchObject({ saved: false, count: 10 });
    c.host.saveAnswer = 'fail';
    expect(await c.core.dispatch('history:exportCampaign', { campaignId: 'camp-1' })).toMatchObject({
      ok: false,
      error: { code: 'file_not_saved', details: { reason: 'EACCES' } },
    });
  });

  it('opens offline: last known results, marked stale while sends were unfinished', async () => {
    const { sandbox, c } = await campaignWithSends('offline');
    const online = await report(c);
    await sandbox.sb.close();

    const offline = await report(c);
    expect(offline).toMatchObject({ stale: true, totals: online.totals });
    expect(Date.parse(offline.fetchedAt)).toBeLessThanOrEqual(Date.parse(online.fetchedAt));
    expect((await numbers(c, { status: 'in_progress' })).total).toBe(6);
    const exported = value<CampaignExportResult>(
      await c.core.dispatch('history:exportCampaign', { campaignId: 'camp-1' }),
    );
    expect(exported).toMatchObject({ saved: true, count: 10, stale: true });
  });

  it('answers at once from the kept copy when asked, without reading the service; the next read catches up', async () => {
    const { sandbox, c } = await campaignWithSends('kept');
    const first = await report(c);
    // The service now has every message's final status; the kept copy does not.
    sandbox.advanceClock(10_000);

    const kept = value<CampaignReportView>(
      await c.core.dispatch('history:campaignReport', { campaignId: 'camp-1', kept: true }),
    );
    // The figures of the last read (the service was not asked), said to be kept and as old as that read.
    expect(kept).toMatchObject({ kept: true, stale: false, totals: first.totals, done: false });
    expect(kept.totals.inProgress).toBe(6);
    expect(Date.parse(kept.fetchedAt)).toBeLessThanOrEqual(Date.parse(first.fetchedAt));

    const fresh = await report(c);
    expect(fresh.kept).toBe(false);
    expect(fresh.totals.inProgress).toBe(0);
  });

  it('only shows this account’s campaigns', async () => {
    const { c } = await campaignWithSends('mine');
    insertCampaign(openCoreDb(c.dataDir), { id: 'demo-camp', ref: 'd1', name: 'Demo', profile: 'demo' }, []);
    for (const channel of ['history:campaignReport', 'history:exportCampaign'] as const) {
      expect(await c.core.dispatch(channel, { campaignId: 'demo-camp' })).toMatchObject({
        ok: false,
        error: { code: 'not_found' },
      });
    }
    expect(await c.core.dispatch('history:campaignNumbers', { campaignId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});
