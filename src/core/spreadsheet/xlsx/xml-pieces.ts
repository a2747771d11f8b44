import { XlsxFormatError } from './xlsx-parts';

/**
 * The longest stretch of XML held before an element ends: a row of 16,384
 * cells of long text is a few MB; anything longer is not a worksheet.
 */
export const MAX_ELEMENT_BYTES = 64 * 1024 * 1024;

/** Bytes held until a complete element has arrived; a stretch longer than MAX_ELEMENT_BYTES is refused. */
export class XmlCarry {
  private held: Buffer = Buffer.alloc(0);

  constructor(private readonly what: string) {}

  /** What was held, then `chunk`. */
  with(chunk: Buffer): Buffer {
    const all = this.held.length === 0 ? chunk : Buffer.concat([this.held, chunk]);
    this.held = Buffer.alloc(0);
    return all;
  }

  /** Keeps `rest` for the next chunk (as a copy: it must not hold the chunk it was cut from). */
  keep(rest: Buffer): void {
    if (rest.length > MAX_ELEMENT_BYTES)
      throw new XlsxFormatError(`${this.what} longer than ${MAX_ELEMENT_BYTES} bytes`);
    this.held = Buffer.from(rest);
  }

  get rest(): Buffer {
    return this.held;
  }
}

/**
 * Where a piece of `bytes` (up to `limit`) may end: just after the last
 * `close` tag; 0 when none has arrived yet.
 */
export function afterLast(bytes: Buffer, close: Buffer, limit = bytes.length): number {
  if (limit < close.length) return 0;
  const at = bytes.lastIndexOf(close, limit - close.length);
  return at === -1 ? 0 : at + close.length;
}
