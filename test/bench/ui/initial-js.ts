/**
 * The renderer's initial JavaScript: what index.html loads before anything
 * else (its module script and the chunks it preloads), and what the page
 * actually fetched until its first screen showed; raw and gzipped bytes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { RENDERER_DIR } from '../../e2e/harness/static-server';

export interface JsSize {
  files: number;
  raw: number;
  gzip: number;
}

/** Sizes of built files, by their paths under out/renderer (`assets/index-x.js`). */
export function sizeOf(paths: Iterable<string>): JsSize {
  const size = { files: 0, raw: 0, gzip: 0 };
  for (const path of new Set(paths)) {
    const bytes = readFileSync(join(RENDERER_DIR, path));
    size.files++;
    size.raw += bytes.length;
    size.gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return size;
}

/** index.html's module script and modulepreload links. */
export function entryScripts(): string[] {
  const html = readFileSync(join(RENDERER_DIR, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="\.\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\.\/([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  return [...scripts, ...preloads];
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;
