import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { ImportFileError } from '../import-errors';
import type { ImportLimits } from '../limits';
import { bytesSource, type ByteSource } from '../source/byte-source';

export type ZipEntry = {
  name: string;
  method: number;
  compressedSize: number;
  /** The larger of the central directory's and the local header's claim. */
  declaredSize: number;
  /** Where the compressed bytes start. */
  dataOffset: number;
};

export type ZipIndex = {
  entries: ZipEntry[];
  byName: Map<string, ZipEntry>;
  declaredTotal: number;
  /** The archive the index is of. */
  source: ByteSource;
};

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;
const SATURATED16 = 0xffff;
const SATURATED32 = 0xffffffff;
const ZIP64_EXTRA = 0x0001;
/** Compressed bytes read at a time when an entry is inflated as a stream. */
const READ_BYTES = 1024 * 1024;

function unreadable(why: string): ImportFileError {
  return new ImportFileError('unreadable_file', `The file is not a valid spreadsheet (${why}).`);
}

function bomb(total: number, max: number): ImportFileError {
  const mb = (n: number) => Math.round(n / (1024 * 1024));
  return new ImportFileError(
    'zip_bomb',
    `The file would expand to ${mb(total)} MB or more; at most ${mb(max)} MB is allowed.`,
    { sizeMb: mb(total), maxMb: mb(max) },
  );
}

const toSource = (input: Uint8Array | ByteSource): ByteSource =>
  input instanceof Uint8Array ? bytesSource(input) : input;

/**
 * Reads a ZIP's central directory (and each local header) WITHOUT inflating
 * anything, and refuses archives whose declared uncompressed total or entry
 * count is beyond the caps. A ZIP bomb is a few KB that claims (or expands
 * to) gigabytes; the claim is caught here, a lie while inflating.
 *
 * Up to maxUncompressedBytes anything goes (it may all be inflated into
 * memory, as SheetJS does). Beyond it, up to maxStreamedBytes, only a
 * workbook that is large for real: its worksheets are then read as streams,
 * and it must compress no more than XML does (maxCompressionRatio; a bomb
 * claims thousands of times its size). ZIP64 archives (which some writers
 * produce for any size) are read with their 64-bit sizes, under the same caps.
 */
export function inspectZip(input: Uint8Array | ByteSource, limits: ImportLimits): ZipIndex {
  const source = toSource(input);
  const end = findEnd(source);
  if (end.entries > limits.maxZipEntries) {
    throw new ImportFileError('zip_bomb', `The file holds ${end.entries} compressed parts.`, {
      entries: end.entries,
      maxEntries: limits.maxZipEntries,
    });
  }
  if (end.cdOffset + end.cdSize > end.at) throw unreadable('central directory out of bounds');
  const cd = source.read(end.cdOffset, end.cdSize);
  const view = new DataView(cd.buffer, cd.byteOffset, cd.byteLength);

  const entries: ZipEntry[] = [];
  const byName = new Map<string, ZipEntry>();
  let declaredTotal = 0;
  let compressedTotal = 0;
  let p = 0;
  for (let k = 0; k < end.entries; k++) {
    if (p + 46 > cd.length || view.getUint32(p, true) !== CEN_SIG)
      throw unreadable('bad central directory entry');
    const method = view.getUint16(p + 10, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    if (p + 46 + nameLen + extraLen > cd.length) throw unreadable('bad central directory entry');
    const name = new TextDecoder().decode(cd.subarray(p + 46, p + 46 + nameLen));
    const [size, compressedSize, localOffset] = zip64Fields(
      cd.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen),
      [view.getUint32(p + 24, true), view.getUint32(p + 20, true), view.getUint32(p + 42, true)],
    ) as [number, number, number];
    p += 46 + nameLen + extraLen + commentLen;

    const local = source.read(localOffset, 30);
    if (local.length < 30 || local.readUInt32LE(0) !== LOC_SIG) throw unreadable('bad local header');
    const localNameLen = local.readUInt16LE(26);
    const localExtraLen = local.readUInt16LE(28);
    const localExtra = source.read(localOffset + 30 + localNameLen, localExtraLen);
    const [localSize] = zip64Fields(localExtra, [local.readUInt32LE(22), local.readUInt32LE(18)]) as [number];
    const dataOffset = localOffset + 30 + localNameLen + localExtraLen;
    const declaredSize = Math.max(size, localSize);
    declaredTotal += declaredSize;
    compressedTotal += compressedSize;
    // Past the hard cap no ratio makes it a workbook: refused with the cap any file may reach.
    if (declaredTotal > limits.maxStreamedBytes) throw bomb(declaredTotal, limits.maxUncompressedBytes);
    if (dataOffset + compressedSize > source.size) throw unreadable('truncated entry');
    const entry: ZipEntry = { name, method, compressedSize: compressedSize, declaredSize, dataOffset };
    entries.push(entry);
    byName.set(name.toLowerCase(), entry);
  }
  if (
    declaredTotal > limits.maxUncompressedBytes &&
    declaredTotal > compressedTotal * limits.maxCompressionRatio
  ) {
    throw bomb(declaredTotal, limits.maxUncompressedBytes);
  }
  return { entries, byName, declaredTotal, source };
}

type End = { at: number; entries: number; cdSize: number; cdOffset: number };

/** The end of central directory record (and its ZIP64 counterpart when its fields are saturated). */
function findEnd(source: ByteSource): End {
  const tailStart = Math.max(0, source.size - EOCD_MIN - MAX_COMMENT);
  const tail = source.read(tailStart, source.size - tailStart);
  for (let i = tail.length - EOCD_MIN; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== EOCD_SIG) continue;
    const at = tailStart + i;
    const end = {
      at,
      entries: tail.readUInt16LE(i + 10),
      cdSize: tail.readUInt32LE(i + 12),
      cdOffset: tail.readUInt32LE(i + 16),
    };
    if (end.entries !== SATURATED16 && end.cdSize !== SATURATED32 && end.cdOffset !== SATURATED32) return end;
    return zip64End(source, at);
  }
  throw unreadable('no end of central directory');
}

/** ZIP64: the locator just before the end record points at the 64-bit end record. */
function zip64End(source: ByteSource, eocd: number): End {
  const locator = source.read(eocd - 20, 20);
  if (locator.length < 20 || locator.readUInt32LE(0) !== ZIP64_LOCATOR_SIG) throw unreadable('bad ZIP64 end');
  const recordAt = uint64(locator, 8);
  const record = source.read(recordAt, 56);
  if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD_SIG) throw unreadable('bad ZIP64 end');
  return {
    at: recordAt,
    entries: uint64(record, 32),
    cdSize: uint64(record, 40),
    cdOffset: uint64(record, 48),
  };
}

/** A 64-bit little-endian size or offset; beyond 2^53 it is as good as infinite here. */
function uint64(bytes: Buffer, at: number): number {
  const value = bytes.readBigUInt64LE(at);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

/**
 * The 32-bit header values, with each saturated one (0xFFFFFFFF) replaced,
 * in order, by the next 64-bit value of the ZIP64 extra field. A saturated
 * value with no extra field to replace it is taken as infinite.
 */
function zip64Fields(extra: Buffer, values: number[]): number[] {
  let wide: Buffer | undefined;
  for (let i = 0; i + 4 <= extra.length;) {
    const id = extra.readUInt16LE(i);
    const size = extra.readUInt16LE(i + 2);
    if (id === ZIP64_EXTRA) wide = extra.subarray(i + 4, i + 4 + size);
    i += 4 + size;
  }
  let next = 0;
  return values.map((value) => {
    if (value !== SATURATED32) return value;
    if (!wide || next + 8 > wide.length) return Number.MAX_SAFE_INTEGER;
    const replaced = uint64(wide, next);
    next += 8;
    return replaced;
  });
}

/**
 * Inflates one entry whole with node's zlib, stopping as soon as the output
 * passes what the headers declared (already checked against the cap): an
 * entry that expands beyond its own claim is a bomb in disguise. For the
 * small parts of a workbook; worksheets are read with inflateChunks.
 */
export function inflateEntry(zip: ZipIndex, entry: ZipEntry): Buffer {
  const raw = zip.source.read(entry.dataOffset, entry.compressedSize);
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw unreadable(`compression method ${entry.method}`);
  try {
    return zlib.inflateRawSync(raw, {
      maxOutputLength: Math.max(1, entry.declaredSize),
      // One output chunk, a byte more than the declared size: no 16 KB chunks concatenated (and copied)
      // at the end, and no second chunk of that size allocated because the first one was exactly full.
      chunkSize: Math.max(64 * 1024, entry.declaredSize + 1),
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw expandsBeyond(entry);
    throw unreadable('corrupt compressed data');
  }
}

function expandsBeyond(entry: ZipEntry): ImportFileError {
  return new ImportFileError(
    'zip_bomb',
    `"${entry.name}" expands beyond the ${entry.declaredSize} bytes it declares.`,
    { entry: entry.name, declared: entry.declaredSize },
  );
}

/**
 * One entry's uncompressed bytes as a stream of chunks, never more than a
 * chunk at a time in memory (a worksheet of a million rows is some 200 MB
 * of XML). Stops with `zip_bomb` as soon as it passes its declared size.
 * Leaving the loop early (the rows were all read) stops the inflating.
 */
export async function* inflateChunks(
  zip: ZipIndex,
  entry: ZipEntry,
  /** Told where in the archive the reading is (bytes), as it goes. */
  onRead?: (done: number) => void,
): AsyncGenerator<Buffer> {
  const pieces = compressedPieces(zip.source, entry, onRead);
  if (entry.method === 0) {
    yield* pieces;
    return;
  }
  if (entry.method !== 8) throw unreadable(`compression method ${entry.method}`);
  const input = Readable.from(pieces, { objectMode: false });
  const inflate = zlib.createInflateRaw({ chunkSize: 256 * 1024 });
  input.on('error', (error) => inflate.destroy(error));
  input.pipe(inflate);
  let total = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > entry.declaredSize) throw expandsBeyond(entry);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw unreadable('corrupt compressed data');
  } finally {
    input.destroy();
    inflate.destroy();
  }
}

function* compressedPieces(
  source: ByteSource,
  entry: ZipEntry,
  onRead?: (done: number) => void,
): Generator<Buffer> {
  for (let at = 0; at < entry.compressedSize; at += READ_BYTES) {
    const piece = source.read(entry.dataOffset + at, Math.min(READ_BYTES, entry.compressedSize - at));
    onRead?.(entry.dataOffset + at + piece.length);
    yield piece;
  }
}

/**
 * For readers that inflate on their own (SheetJS, whose pure-JS inflate keeps
 * decoding past a lying size, and holds the whole workbook in memory): proves
 * with node's zlib that every entry expands within its declared size, and
 * that all of them fit in memory, before SheetJS sees the file.
 */
export async function verifyZipExpansion(zip: ZipIndex, limits: ImportLimits): Promise<void> {
  if (zip.declaredTotal > limits.maxUncompressedBytes)
    throw bomb(zip.declaredTotal, limits.maxUncompressedBytes);
  for (const entry of zip.entries) {
    if (entry.method !== 8) continue;
    for await (const chunk of inflateChunks(zip, entry)) void chunk;
  }
}
