/**
 * Fuzzed IPC: every channel of the contract through the real core's dispatch,
 * with generated inputs (see fuzz-channels.ts for what must hold). Here with a
 * fixed seed and a few inputs per channel, so `npm test` stays quick and
 * repeatable; `FUZZ_RUNS=1000 npx vitest run test/core/fuzz` is the thorough
 * run, and `npm run bench:reliability` prints its figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames, fuzzChannel, type ChannelFuzzStats } from './fuzz-channels';
import { openFuzzTarget, type OpenFuzzTarget } from './fuzz-target';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

let target: OpenFuzzTarget;
beforeAll(async () => {
  target = await openFuzzTarget();
});
afterAll(async () => {
  await target?.close();
});

describe(`fuzzed IPC (${RUNS} inputs per channel, seed ${SEED})`, () => {
  const all: ChannelFuzzStats[] = [];

  for (const channel of channelNames()) {
    it(channel, { timeout: 120_000 + RUNS * 6_000 }, async () => {
      const stats = await fuzzChannel(target, channel, RUNS, SEED, target.urls);
      all.push(stats);
      expect(stats.failures).toEqual([]);
      expect(stats.inputs).toBe(RUNS);
    });
  }

  it('reached the handlers, not only the validation, on most channels', () => {
    // A fuzzer whose inputs never pass validation proves nothing about the handlers.
    const reached = all.filter((s) => s.inputs - s.refused > 0).length;
    expect(reached).toBeGreaterThan(all.length * 0.8);
  });
});
