/**
 * The line each phone of a file was first seen on, for finding the file's
 * duplicates as its rows stream past. An open-addressing hash table in two
 * typed arrays: a phone in E.164 has at most 15 digits, which a double
 * holds exactly, so an entry is 12 bytes and no object. A million phones
 * take 24 MB (a Map of strings took some 80 MB); it is the one part of a
 * plan that grows with the file, and SQLite doing the same (a unique index
 * on the staged rows) made planning a million rows take 30 s instead of 5.
 */
export class FirstLines {
  private keys: Float64Array;
  private lines: Int32Array;
  private mask: number;
  private shift: number;
  private count = 0;

  constructor(bits = 16) {
    this.keys = new Float64Array(1 << bits);
    this.lines = new Int32Array(1 << bits);
    this.mask = (1 << bits) - 1;
    this.shift = 32 - bits;
  }

  get size(): number {
    return this.count;
  }

  /** Records `line` for `e164` unless it was seen before; returns the first line it was seen on, or 0. */
  firstOr(e164: string, line: number): number {
    const key = Number(e164.slice(1));
    for (let i = slot(key, this.shift); ; i = (i + 1) & this.mask) {
      const found = this.keys[i]!;
      if (found === key) return this.lines[i]!;
      if (found === 0) {
        this.keys[i] = key;
        this.lines[i] = line;
        if (++this.count * 2 > this.keys.length) this.grow();
        return 0;
      }
    }
  }

  private grow(): void {
    const { keys, lines } = this;
    this.keys = new Float64Array(keys.length * 2);
    this.lines = new Int32Array(keys.length * 2);
    this.mask = this.keys.length - 1;
    this.shift--;
    for (let j = 0; j < keys.length; j++) {
      const key = keys[j]!;
      if (key === 0) continue;
      let i = slot(key, this.shift);
      while (this.keys[i] !== 0) i = (i + 1) & this.mask;
      this.keys[i] = key;
      this.lines[i] = lines[j]!;
    }
  }
}

/** Fibonacci hashing of the digits' low 32 bits mixed with the high ones: the top bits pick the slot. */
function slot(key: number, shift: number): number {
  const low = key % 4294967296;
  const high = (key - low) / 4294967296;
  return Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1) >>> shift;
}
