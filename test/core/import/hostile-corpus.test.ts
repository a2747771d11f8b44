/**
 * Issue 14, item 3: every file of the hostile corpus (hostile-corpus.ts)
 * through the import as the app runs it (open, plan, save over the core's
 * dispatch, the worker thread included) on a data folder that already
 * holds contacts. Each ends in a typed file error with a sentence in both
 * languages and the contacts table byte for byte as it was, or in a
 * correct import. The time and memory bounds are generous safety nets
 * (a hang, a runaway allocation), not measures: the benchmark's `hostile`
 * part prints the real figures.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_KINDS, hostileCorpus } from './hostile-corpus';
import { judge, openHostileTarget, runHostileCase, type HostileTarget } from './hostile-target';

const corpus = hostileCorpus();
/** Far above the slowest file (about 1 s on a busy 2-core machine). */
const MAX_MS = 20_000;
/** Far above the most any file took (some 40 MB). */
const MAX_RSS_MB = 400;

describe('the hostile corpus', () => {
  it('holds at least 50 files, several of each kind the issue lists', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(50);
    expect(new Set(corpus.map((c) => c.name)).size).toBe(corpus.length);
    for (const kind of HOSTILE_KINDS) {
      expect(corpus.filter((c) => c.kind === kind).length, kind).toBeGreaterThanOrEqual(2);
    }
  });

  it('is the same bytes on every run', () => {
    const digest = (cases: typeof corpus) =>
      cases.map((c) => `${c.name} ${createHash('sha256').update(c.bytes()).digest('hex')}`);
    expect(digest(hostileCorpus())).toEqual(digest(corpus));
  });
});

describe('every hostile file through the import', () => {
  let target: HostileTarget;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'torpedo-hostile-'));
    target = await openHostileTarget(dataDir);
  });
  afterAll(async () => {
    await target.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(corpus.map((c) => [c.name, c] as const))('%s', { timeout: 60_000 }, async (_name, c) => {
    const before = target.dump();
    const run = await runHostileCase(target, c);
    expect(judge(c, run)).toEqual([]);
    // judge() checked the code, its sentences and the rows; here the whole table, byte for byte.
    if ('refused' in run.outcome) expect(target.dump()).toBe(before);
    expect(run.ms).toBeLessThan(MAX_MS);
    expect(run.peakRssMb).toBeLessThan(MAX_RSS_MB);
  });
});
