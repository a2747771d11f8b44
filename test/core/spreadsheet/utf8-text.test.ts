import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '@core/spreadsheet/text/utf8-text';

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

describe('decodeUtf8', () => {
  it('reads exactly what TextDecoder reads, malformed bytes included', () => {
    const texts = [
      '',
      'abc',
      'Conceição;João;São Paulo\r\n',
      'ÿ€“”…',
      'Zoë 😀 Łódź',
      '\ufeffNome',
      '\u0080\u009f',
    ];
    const samples = texts.map((t) => Buffer.from(t, 'utf8'));
    samples.push(
      Buffer.from([0x61, 0xc3]), // cut in the middle of a character
      Buffer.from([0xc3, 0x28]), // lead byte without its continuation
      Buffer.from([0x80, 0x61]), // a lone continuation byte
      Buffer.from([0xc0, 0xaf]), // overlong
      Buffer.from([0xc3, 0xa7, 0xe9, 0x61]), // Latin-1 (not UTF-8) after a valid ç
    );
    let seed = 11;
    for (let k = 0; k < 300; k++) {
      samples.push(
        Buffer.from(
          Array.from({ length: 1 + (k % 17) }, () => {
            seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
            return [0x41, 0xc2, 0xc3, 0xa9, 0x80, 0xbf, 0xe2, 0x20][seed % 8]!;
          }),
        ),
      );
    }
    for (const bytes of samples) expect(decodeUtf8(bytes), bytes.toString('hex')).toBe(decoder.decode(bytes));
  });

  it('reads a view into a larger buffer, not the whole buffer', () => {
    const whole = Buffer.from('xxAçãoyy', 'utf8');
    expect(decodeUtf8(whole.subarray(2, whole.length - 2))).toBe('Ação');
  });
});
