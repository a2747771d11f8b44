/** A deterministic zip writer for fixtures: fixed timestamps, entries in the given order, sizes that can lie. */
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';

export type ZipInput = {
  name: string;
  data: Uint8Array;
  store?: boolean;
  /** Lie about the uncompressed size in both headers (for the bomb fixtures). */
  declaredSize?: number;
  /** Sizes in a ZIP64 extra field (both headers saturated), so they may pass 4 GB. */
  zip64?: boolean;
  /** Replace the compressed bytes (a damaged stream); the CRC and sizes still describe `data`. */
  body?: Uint8Array;
  /** Write this CRC instead of the right one. */
  crc?: number;
  /** Write this compression method instead of stored/deflate (the bytes are written as `store`). */
  method?: number;
};

export type ZipOptions = {
  /** Write the ZIP64 end records (the classic one saturated), claiming this many entries (default: the real count). */
  zip64End?: { entries?: number };
};

/** A ZIP64 extra field (id 1): the 64-bit values of the saturated header fields, in order. */
function zip64Extra(values: number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((v, i) => extra.writeBigUInt64LE(BigInt(v), 4 + 8 * i));
  return extra;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A minimal deterministic zip writer: fixed timestamps, entries in the given order. */
export function writeZip(entries: ZipInput[], opts: ZipOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const body = entry.body
      ? Buffer.from(entry.body)
      : entry.store
        ? Buffer.from(entry.data)
        : zlib.deflateRawSync(entry.data, { level: 9 });
    const size = entry.declaredSize ?? entry.data.length;
    const crc = entry.crc ?? crc32(entry.data);
    const method = entry.method ?? (entry.store ? 0 : 8);
    const extra = entry.zip64 ? zip64Extra([size, body.length]) : Buffer.alloc(0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(entry.zip64 ? 45 : 20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10); // 00:00
    local.writeUInt16LE(0x5821, 12); // 2024-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.zip64 ? 0xffffffff : body.length, 18);
    local.writeUInt32LE(entry.zip64 ? 0xffffffff : size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.zip64 ? 45 : 20, 4);
    central.writeUInt16LE(entry.zip64 ? 45 : 20, 6);
    local.copy(central, 8, 6, 30); // flags .. extra length
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, extra, body);
    centrals.push(central, name, extra);
    offset += local.length + name.length + extra.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  if (!opts.zip64End) {
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(cd.length, 12);
    end.writeUInt32LE(offset, 16);
    return Buffer.concat([...locals, cd, end]);
  }
  const count = opts.zip64End.entries ?? entries.length;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4); // size of the rest of the record
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(cd.length), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + cd.length), 8);
  locator.writeUInt32LE(1, 16);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([...locals, cd, record, locator, end]);
}

/**
 * Re-packs a zip deterministically (SheetJS stamps the time into its zips),
 * optionally editing entries on the way.
 */
export function repack(
  zipBytes: Buffer,
  edit: (name: string, data: Buffer) => Buffer = (_n, d) => d,
): Buffer {
  // SheetJS types its bundled CFB library as `any`.
  const container = XLSX.CFB.read(zipBytes, { type: 'buffer' }) as {
    FileIndex: { type: number; content?: Uint8Array }[];
    FullPaths: string[];
  };
  const entries: ZipInput[] = [];
  container.FileIndex.forEach((file, i) => {
    if (file.type !== 2 || !file.content) return;
    const name = container.FullPaths[i]!.replace(/^Root Entry\//, '');
    if (name.includes('Sh33tJ5')) return;
    entries.push({ name, data: edit(name, Buffer.from(file.content)), store: name === 'mimetype' });
  });
  return writeZip(entries);
}
