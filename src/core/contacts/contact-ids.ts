import { randomFillSync } from 'node:crypto';

/** Counter bits: rand_a (12), the variant's 2 free bits, then 16 of rand_b. */
const COUNTER_BITS = 30;
const COUNTER_END = 2 ** COUNTER_BITS;
const LENGTH = 36;
const DIGITS = Buffer.from('0123456789abcdef', 'latin1');
const DASH = 0x2d;

/**
 * New contact ids, ascending: UUID v7 (RFC 9562, "fixed-length dedicated
 * counter" method): the creation time in milliseconds, a 30-bit counter that
 * starts at a random point below 2^29, and 44 random bits.
 *
 * Why not crypto.randomUUID: the ids of an import are written into the
 * unique index on `contacts.id`, and random ids send each insert to a random
 * page of it (with a 100,000-row import, every page, over and over); ids in
 * ascending order fill the same few pages one after the other. They stay
 * unique without coordination: two sources started in the same millisecond
 * would need the same counter values and the same 44 random bits.
 *
 * One source hands out ids in batches (`next`), all ascending, so a caller
 * can make them a chunk at a time instead of holding them all.
 */
export class ContactIdSource {
  private readonly time: number;
  private counter: number;

  constructor(nowMs: number = Date.now()) {
    this.time = Math.max(0, Math.floor(nowMs)) % 2 ** 48;
    this.counter = randomFillSync(new Uint32Array(1))[0]! % (COUNTER_END / 2);
  }

  next(count: number): string[] {
    if (count <= 0) return [];
    if (this.counter + count > COUNTER_END) throw new RangeError('Too many ids from one source');
    // Two words per id, 44 of their bits used.
    const random = randomFillSync(new Uint32Array(2 * count));
    // Written as ASCII into one buffer, then cut into strings: far cheaper than formatting each part.
    const out = Buffer.allocUnsafe(count * LENGTH);
    const ids = new Array<string>(count);
    for (let i = 0, at = 0; i < count; i++, at += LENGTH) {
      const counter = this.counter++;
      // tttttttt-tttt-7ccc-Vccc-crrrrrrrrrrr: time, version 7, counter bits 29-18,
      // variant 10 + counter bits 17-16, bits 15-0, then the random bits.
      putHex(out, at, Math.floor(this.time / 2 ** 16), 8);
      out[at + 8] = DASH;
      putHex(out, at + 9, this.time % 2 ** 16, 4);
      out[at + 13] = DASH;
      putHex(out, at + 14, 0x7000 | Math.floor(counter / 2 ** 18), 4);
      out[at + 18] = DASH;
      putHex(out, at + 19, 0x8000 | ((counter % 2 ** 18) >>> 4), 4);
      out[at + 23] = DASH;
      putHex(out, at + 24, counter % 16, 1);
      putHex(out, at + 25, random[2 * i]!, 8);
      putHex(out, at + 33, random[2 * i + 1]! & 0xfff, 3);
      ids[i] = out.toString('latin1', at, at + LENGTH);
    }
    return ids;
  }
}

/** `count` new contact ids, ascending (see ContactIdSource). */
export function newContactIds(count: number, nowMs: number = Date.now()): string[] {
  return new ContactIdSource(nowMs).next(count);
}

/** `value` (below 2^32) as `digits` lowercase hex digits at `at`. */
function putHex(out: Buffer, at: number, value: number, digits: number): void {
  for (let k = digits - 1; k >= 0; k--) {
    out[at + k] = DIGITS[value & 15]!;
    value >>>= 4;
  }
}
