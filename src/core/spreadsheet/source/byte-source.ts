import fs from 'node:fs';

/**
 * A file's bytes, read a piece at a time. The readers never ask for the
 * whole file unless the format needs it (SheetJS's XLS and ODS): a
 * 1,000,000-row CSV is read in pieces of about a megabyte, each let go
 * before the next, so the import's memory does not grow with the file.
 */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `position` (fewer at the end of the file). */
  read(position: number, length: number): Buffer;
}

/** Bytes already in memory (tests, and the worker when it is handed the bytes themselves). */
export function bytesSource(bytes: Uint8Array): ByteSource {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    size: buffer.length,
    read: (position, length) => buffer.subarray(position, Math.min(buffer.length, position + length)),
  };
}

/** A file on disk, by an open descriptor the caller closes. */
export function fileSource(fd: number): ByteSource {
  const size = fs.fstatSync(fd).size;
  return {
    size,
    read(position, length) {
      const wanted = Math.max(0, Math.min(length, size - position));
      const out = Buffer.allocUnsafe(wanted);
      let done = 0;
      while (done < wanted) {
        const n = fs.readSync(fd, out, done, wanted - done, position + done);
        if (n === 0) break;
        done += n;
      }
      return done === wanted ? out : out.subarray(0, done);
    },
  };
}

/** The whole file in one buffer (for the readers that need it whole). */
export function readAll(source: ByteSource): Buffer {
  return source.read(0, source.size);
}
