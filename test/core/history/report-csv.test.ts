/** The campaign report's CSV (rows, phones, file name) and the delivery chart's series. */
import { describe, expect, it } from 'vitest';
import {
  campaignReportCsv,
  campaignReportFileName,
  phoneForSpreadsheet,
} from '@core/history/campaign-report-csv';
import type { CampaignNumberRow } from '@core/history/campaign-report-repo';
import { MAX_POINTS, deliverySeries } from '@core/history/delivery-series';

const row = (over: Partial<CampaignNumberRow> = {}): CampaignNumberRow => ({
  batch: 0,
  position: 0,
  phone: '+5511987654321',
  contact_name: 'João',
  status: 'delivered',
  service_status: 'delivered',
  code: null,
  message: 'Olá',
  ...over,
});

describe('campaignReportCsv', () => {
  it('in Portuguese: BOM, `;`, CRLF, translated results, accents as they are', () => {
    const csv = campaignReportCsv('r1', [row(), row({ position: 1, status: 'waiting' })], 'pt-BR');
    expect(csv).toBe(
      '\uFEFFTelefone;Nome;Situação;Código;Referência;Mensagem\r\n' +
        '(11) 98765-4321;João;Entregue;;r1-0-0;Olá\r\n' +
        '(11) 98765-4321;João;Aguardando envio;;r1-0-1;Olá\r\n',
    );
    // UTF-8 bytes of the BOM then the accents: what Excel needs to read them right.
    expect([...Buffer.from(csv, 'utf8').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('in English: `,` and English words', () => {
    const csv = campaignReportCsv('r1', [row({ status: 'not_sent', contact_name: null })], 'en');
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFPhone,Name,Result,Code,Reference,Message',
      '(11) 98765-4321,,Not sent,,r1-0-0,Olá',
      '',
    ]);
  });

  it('neutralises every text that starts like a formula, and quotes what would split a row', () => {
    const csv = campaignReportCsv(
      'r1',
      [
        row({ contact_name: '=HYPERLINK("http://x";"clique")', message: '+1 grátis; leve 2', code: '@x' }),
        row({ contact_name: '-2+3', message: '\tTab', phone: '+14155550100', status: 'failed' }),
        row({ contact_name: '\rCR', message: 'duas\r\nlinhas' }),
      ],
      'pt-BR',
    );
    const lines = csv.split('\r\n');
    expect(lines[1]).toBe(
      `(11) 98765-4321;"'=HYPERLINK(""http://x"";""clique"")";Entregue;'@x;r1-0-0;"'+1 grátis; leve 2"`,
    );
    // A foreign number stays E.164, its + neutralised like any other text.
    expect(lines[2]).toBe(`'+14155550100;'-2+3;Falhou;;r1-0-0;'\tTab`);
    expect(csv).toContain(`;"'\rCR";Entregue;;r1-0-0;"duas\r\nlinhas"\r\n`);
  });

  it('writes Brazilian numbers as people do, others as E.164', () => {
    expect(phoneForSpreadsheet('+5511987654321')).toBe('(11) 98765-4321');
    expect(phoneForSpreadsheet('+551134567890')).toBe('(11) 3456-7890');
    expect(phoneForSpreadsheet('+351912345678')).toBe('+351912345678');
  });

  it('names the file after the campaign, safely', () => {
    expect(campaignReportFileName('Promoção de Março; "VIP"', '2025-03-14', 'pt-BR')).toBe(
      'torpedo-campanha-promocao-de-marco-vip-2025-03-14.csv',
    );
    expect(campaignReportFileName('../../etc/passwd', '2025-03-14', 'en')).toBe(
      'torpedo-campaign-etc-passwd-2025-03-14.csv',
    );
    expect(campaignReportFileName('😀😀', '2025-03-14', 'en')).toBe('torpedo-campaign-2025-03-14.csv');
    expect(campaignReportFileName('a'.repeat(200), '2025-03-14', 'en')).toHaveLength(
      'torpedo-campaign--2025-03-14.csv'.length + 40,
    );
  });
});

describe('deliverySeries', () => {
  const t = (s: number) => new Date(Date.UTC(2025, 2, 14, 12, 0, s)).toISOString();

  it('adds up accepted, delivered and failed over time from zero at the start', () => {
    expect(
      deliverySeries(t(0), [
        { at: t(10), kind: 'delivered', count: 3 },
        { at: t(5), kind: 'accepted', count: 5 },
        { at: t(10), kind: 'failed', count: 1 },
        { at: t(20), kind: 'delivered', count: 1 },
      ]),
    ).toEqual([
      { at: t(0), accepted: 0, delivered: 0, failed: 0 },
      { at: t(5), accepted: 5, delivered: 0, failed: 0 },
      { at: t(10), accepted: 5, delivered: 3, failed: 1 },
      { at: t(20), accepted: 5, delivered: 4, failed: 1 },
    ]);
    expect(deliverySeries(t(0), [])).toEqual([]);
  });

  it('keeps at most MAX_POINTS points, ending on the exact totals', () => {
    const events = Array.from({ length: 1000 }, (_, i) => ({
      at: t(i),
      kind: 'delivered' as const,
      count: 1,
    }));
    const series = deliverySeries(null, events);
    expect(series.length).toBeLessThanOrEqual(MAX_POINTS);
    expect(series.length).toBeGreaterThan(MAX_POINTS / 2);
    expect(series[0]).toEqual({ at: t(0), accepted: 0, delivered: 1, failed: 0 });
    expect(series.at(-1)).toEqual({ at: t(999), accepted: 0, delivered: 1000, failed: 0 });
    const values = series.map((p) => p.delivered);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });
});
