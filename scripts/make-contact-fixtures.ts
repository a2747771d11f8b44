/**
 * Generates every contact-import fixture into test/fixtures/contacts/ (or the
 * folder given as the first argument), byte for byte the same on every run:
 *
 *   npx tsx scripts/make-contact-fixtures.ts
 *
 * The files are built by test/core/spreadsheet/fixture-files.ts; a test
 * rebuilds them and fails if the committed files differ, so re-run this after
 * editing the builder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildContactFixtures } from '../test/core/spreadsheet/fixture-files';

export const FIXTURES_DIR = path.join(import.meta.dirname, '..', 'test', 'fixtures', 'contacts');

export function makeContactFixtures(dir = FIXTURES_DIR): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const files = buildContactFixtures();
  for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), bytes);
  return Object.keys(files);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = process.argv[2] ? path.resolve(process.argv[2]) : FIXTURES_DIR;
  const names = makeContactFixtures(dir);
  const total = names.reduce((sum, n) => sum + fs.statSync(path.join(dir, n)).size, 0);
  console.log(`${names.length} fixtures, ${total} bytes, in ${path.relative(process.cwd(), dir) || '.'}`);
}
