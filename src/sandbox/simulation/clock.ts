/**
 * Simulated time: real time plus an offset that only grows. Token expiry,
 * message progression, purchase settlement and rate-limit windows all read
 * this clock, so a test can jump ahead instead of waiting.
 */
export class Clock {
  constructor(private offset = 0) {}

  now(): number {
    return Date.now() + this.offset;
  }

  iso(at = this.now()): string {
    return new Date(at).toISOString();
  }

  get offsetMs(): number {
    return this.offset;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError('advance needs a finite, non-negative number of ms');
    this.offset += ms;
  }
}
