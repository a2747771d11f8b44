const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * UTF-8 bytes as a string, in half the memory when that is possible. V8
 * keeps a string at one byte per character when every character is below
 * U+0100, but Node's UTF-8 decoders return two bytes per character as soon
 * as one is not ASCII: a Portuguese sheet (ç, ã, é) held twice its size for
 * the whole import. Text within Latin-1 is turned into Latin-1 bytes here
 * and read as such; anything else (other scripts, emoji, a BOM, malformed
 * bytes) goes to TextDecoder, which replaces malformed bytes with U+FFFD.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  return decodeUtf8Latin1(bytes).text;
}

/**
 * decodeUtf8, and when the text is within Latin-1, its Latin-1 bytes too:
 * `latin1.toString('latin1', from, to)` is `text.slice(from, to)` as a string
 * of its own, which (unlike a slice) does not keep the whole text alive.
 */
export function decodeUtf8Latin1(bytes: Uint8Array): { text: string; latin1?: Buffer } {
  const n = bytes.length;
  let first = 0;
  while (first < n && bytes[first]! < 0x80) first++;
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, n);
  if (first === n) return { text: source.toString('latin1'), latin1: source };
  const out = Buffer.allocUnsafe(n);
  source.copy(out, 0, 0, first);
  let j = first;
  for (let i = first; i < n; i++) {
    const b = bytes[i]!;
    if (b < 0x80) {
      out[j++] = b;
      continue;
    }
    // U+0080..U+00FF: C2 or C3, then one continuation byte.
    const next = i + 1 < n ? bytes[i + 1]! : 0;
    if ((b !== 0xc2 && b !== 0xc3) || (next & 0xc0) !== 0x80) return { text: lenientUtf8.decode(bytes) };
    out[j++] = ((b & 0x03) << 6) | (next & 0x3f);
    i++;
  }
  const latin1 = out.subarray(0, j);
  return { text: latin1.toString('latin1'), latin1 };
}
