import zlib from 'node:zlib';
import { ImportFileError } from '../import-errors';
import type { ImportLimits } from '../limits';

export type ZipEntry = {
  name: string;
  method: number;
  compressedSize: number;
  /** The larger of the central directory's and the local header's claim. */
  declaredSize: number;
  /** Where the compressed bytes start. */
  dataOffset: number;
};

export type ZipIndex = { entries: ZipEntry[]; byName: Map<string, ZipEntry>; declaredTotal: number };

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;
const SATURATED32 = 0xffffffff;

function unreadable(why: string): ImportFileError {
  return new ImportFileError('unreadable_file', `The file is not a valid spreadsheet (${why}).`);
}

function bomb(total: number, limits: ImportLimits): ImportFileError {
  const mb = (n: number) => Math.round(n / (1024 * 1024));
  return new ImportFileError(
    'zip_bomb',
    `The file would expand to ${mb(total)} MB or more; at most ${mb(limits.maxUncompressedBytes)} MB is allowed.`,
    { sizeMb: mb(total), maxMb: mb(limits.maxUncompressedBytes) },
  );
}

/**
 * Reads a ZIP's central directory (and each local header) WITHOUT inflating
 * anything, and refuses archives whose declared uncompressed total or entry
 * count is beyond the caps. A ZIP bomb is a few KB that claims (or expands
 * to) gigabytes; the claim is caught here, a lie is caught by inflateEntry.
 */
export function inspectZip(bytes: Uint8Array, limits: ImportLimits): ZipIndex {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEocd(view);
  const entryCount = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (entryCount === 0xffff || cdSize === SATURATED32 || cdOffset === SATURATED32) {
    // ZIP64 archives only exist for more than 65,535 entries or 4 GB: never a contact list.
    throw new ImportFileError('too_large', 'The file is a ZIP64 archive, far beyond any contact list.');
  }
  if (entryCount > limits.maxZipEntries) {
    throw new ImportFileError('zip_bomb', `The file holds ${entryCount} compressed parts.`, {
      entries: entryCount,
      maxEntries: limits.maxZipEntries,
    });
  }
  if (cdOffset + cdSize > eocd) throw unreadable('central directory out of bounds');

  const entries: ZipEntry[] = [];
  const byName = new Map<string, ZipEntry>();
  let declaredTotal = 0;
  let p = cdOffset;
  for (let k = 0; k < entryCount; k++) {
    if (p + 46 > eocd || view.getUint32(p, true) !== CEN_SIG) throw unreadable('bad central directory entry');
    const method = view.getUint16(p + 10, true);
    const compressedSize = view.getUint32(p + 20, true);
    let size = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const localOffset = view.getUint32(p + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nameLen));
    if (size === SATURATED32 || compressedSize === SATURATED32) size = Number.MAX_SAFE_INTEGER;
    p += 46 + nameLen + extraLen + commentLen;

    if (localOffset + 30 > bytes.length || view.getUint32(localOffset, true) !== LOC_SIG) {
      throw unreadable('bad local header');
    }
    const localSize = view.getUint32(localOffset + 22, true);
    const dataOffset =
      localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    const declaredSize = Math.max(size, localSize === SATURATED32 ? Number.MAX_SAFE_INTEGER : localSize);
    declaredTotal += declaredSize;
    if (declaredTotal > limits.maxUncompressedBytes) throw bomb(declaredTotal, limits);
    if (dataOffset + compressedSize > bytes.length) throw unreadable('truncated entry');
    const entry: ZipEntry = { name, method, compressedSize, declaredSize, dataOffset };
    entries.push(entry);
    byName.set(name.toLowerCase(), entry);
  }
  return { entries, byName, declaredTotal };
}

function findEocd(view: DataView): number {
  const last = view.byteLength - EOCD_MIN;
  const first = Math.max(0, last - MAX_COMMENT);
  for (let i = last; i >= first; i--) {
    if (view.getUint32(i, true) === EOCD_SIG) return i;
  }
  throw unreadable('no end of central directory');
}

/**
 * Inflates one entry with node's zlib, stopping as soon as the output passes
 * what the headers declared (already checked against the cap): an entry that
 * expands beyond its own claim is a bomb in disguise.
 */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry): Buffer {
  const raw = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  if (entry.method === 0) return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  if (entry.method !== 8) throw unreadable(`compression method ${entry.method}`);
  try {
    return zlib.inflateRawSync(raw, {
      maxOutputLength: Math.max(1, entry.declaredSize),
      // One output chunk, a byte more than the declared size: no 16 KB chunks concatenated (and copied)
      // at the end, and no second chunk of that size allocated because the first one was exactly full.
      chunkSize: Math.max(64 * 1024, entry.declaredSize + 1),
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new ImportFileError(
        'zip_bomb',
        `"${entry.name}" expands beyond the ${entry.declaredSize} bytes it declares.`,
        {
          entry: entry.name,
          declared: entry.declaredSize,
        },
      );
    }
    throw unreadable('corrupt compressed data');
  }
}

/**
 * For readers that inflate on their own (SheetJS, whose pure-JS inflate keeps
 * decoding past a lying size): proves with node's zlib that every entry
 * expands within its declared size before SheetJS sees the file.
 */
export function verifyZipExpansion(bytes: Uint8Array, index: ZipIndex): void {
  for (const entry of index.entries) {
    if (entry.method === 8) inflateEntry(bytes, entry);
  }
}
