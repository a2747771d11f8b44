/**
 * `npm run bench:package` (a measure, not a test): the packed app's size
 * before and after electron-builder.yml's pruning, and how fast the packed
 * main bundle starts under plain Node (the smoke run of check:package):
 * from process start to the database open and to the demo sandbox
 * listening, median of RUNS. Packs twice with a stub Electron, offline.
 * Needs `npm run build` first.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { extractAll } from '@electron/asar';
import type { Configuration } from 'electron-builder';
import { load } from 'js-yaml';
import { packDir } from '../../scripts/package/pack-dir';
import { megabytes, readPackedArchive } from '../../scripts/package/packed-archive';
import { runSmoke } from '../../scripts/package/smoke';

const ROOT = resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.RUNS ?? 5);

/** electron-builder.yml's `files` before this issue pruned anything. */
const UNPRUNED_FILES = ['out/**', '!out/**/*.map', 'resources/**', 'package.json'];

async function size(label: string, config?: Configuration) {
  const started = performance.now();
  const packed = await packDir(ROOT, config);
  try {
    const archive = await readPackedArchive(packed.resourcesDir);
    const natives = archive.entries.filter((e) => e.path.endsWith('.node')).length;
    const line = `${label}: app.asar ${megabytes(archive.asarBytes)}, unpacked ${megabytes(archive.unpackedBytes)}, total ${megabytes(archive.asarBytes + archive.unpackedBytes)} (${archive.entries.length} files, ${natives} native binaries; packed in ${((performance.now() - started) / 1000).toFixed(1)} s)`;
    return { line, packed };
  } catch (error) {
    await cleanup(packed.tempDirs);
    throw error;
  }
}

const cleanup = (dirs: string[]) =>
  Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 3 })));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const yml = load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as Configuration;
const before = await size('before pruning', { ...yml, files: UNPRUNED_FILES });
await cleanup(before.packed.tempDirs);
const after = await size('after pruning ');
const extractDir = await mkdtemp(join(tmpdir(), 'torpedo-bench-app-'));
try {
  const appRoot = join(extractDir, 'app');
  extractAll(join(after.packed.resourcesDir, 'app.asar'), appRoot);
  const timings: Record<string, number>[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const smoke = await runSmoke(appRoot, '0.0.0');
    if (!smoke.ok) throw new Error(`smoke run failed: ${smoke.error}\n${smoke.output}`);
    timings.push(smoke.timings);
  }
  const stat = (key: string) => {
    const values = timings.map((t) => t[key]!);
    return `${median(values)} ms (${Math.min(...values)}–${Math.max(...values)})`;
  };
  console.log('== bench:package');
  console.log(before.line);
  console.log(after.line);
  console.log(`packed main bundle under plain Node, median of ${RUNS} runs (min–max), from process start:`);
  console.log(`  database open:                  ${stat('databaseOpenMs')}`);
  console.log(`  core ready, demo sandbox listening: ${stat('coreReadyMs')}`);
  console.log(`  first balance from the sandbox: ${stat('demoSandboxAnsweredMs')}`);
} finally {
  await cleanup([extractDir, ...after.packed.tempDirs]);
}
