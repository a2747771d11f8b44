import { describe, expect, it } from 'vitest';
import { shortLinkStandIn, withShortLinks, writtenLinks } from '@shared/message-links';
import { countParts } from '@shared/sms-segments';

describe('the addresses a tracked message shortens', () => {
  it('finds full and bare addresses, each once, in order, without the punctuation after them', () => {
    const text =
      'Oi {{nome}}! Veja https://loja.com.br/promo?x=1, ou loja.com.br/sabado. E https://loja.com.br/promo?x=1 de novo (www.loja.com.br)';
    expect(writtenLinks(text)).toEqual([
      { written: 'https://loja.com.br/promo?x=1', target: 'https://loja.com.br/promo?x=1' },
      { written: 'loja.com.br/sabado', target: 'http://loja.com.br/sabado' },
      { written: 'www.loja.com.br', target: 'http://www.loja.com.br' },
    ]);
  });

  it('leaves an address with a merge field in it as written (it differs per customer), and e-mails and ftp alone', () => {
    expect(writtenLinks('https://loja.com.br/{{nome}} ou https://loja.com.br/c/{{codigo}}')).toEqual([]);
    expect(writtenLinks('Escreva para contato@loja.com.br ou ftp://loja.com.br/arquivo')).toEqual([]);
  });

  it('puts the longer address first, so one that contains another is replaced whole', () => {
    const text = 'A: loja.com.br/promo B: loja.com.br';
    const links = writtenLinks(text).map((l, i) => ({ written: l.written, short: `https://s.co/${i}` }));
    expect(withShortLinks(text, links)).toBe('A: https://s.co/0 B: https://s.co/1');
  });

  it('counts a stand-in as the short address will count: plain letters, one part where the long one needs two', () => {
    const long = `https://loja.example/ofertas/${'a'.repeat(60)}`;
    const text = `Promoção boa: ${long} ${'b'.repeat(60)}`.normalize('NFD').replace(/\p{M}/gu, '');
    expect(countParts(text).segments).toBe(2);
    const short = withShortLinks(text, [{ written: long, short: shortLinkStandIn(28) }]);
    expect(countParts(short)).toEqual({ encoding: 'GSM-7', segments: 1 });
  });
});
