/**
 * Every channel of the IPC contract, called through the real core's dispatch
 * with generated inputs: well-formed ones from the channel's own schema,
 * hostile ones, and well-formed ones with one hostile field. What must hold
 * for every input (issue "Proven reliability", fuzzed IPC):
 *  - dispatch never throws: every failure comes back as a value;
 *  - no `internal_error` (an input the contract let through broke a handler);
 *  - no call takes 5 s or more (a hang, not a speed figure);
 *  - an input refused as `invalid_input` changed nothing in torpedo.db (read
 *    with SQLite's `data_version` from a second connection, which moves on any
 *    commit by another connection).
 *
 * Used by test/core/fuzz/ipc-fuzz.test.ts (a fixed seed, a few runs per
 * channel) and by the reliability benchmark (FUZZ_RUNS, 1000 by default there).
 */
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import fc from 'fast-check';
import { z } from 'zod';
import type { Core } from '@core/kernel/core';
import { DATABASE_FILE } from '@core/kernel/create-core';
import { contract } from '@shared/ipc-contract';
import type { ChannelName } from '@shared/ipc-contract';
import { arbitraryOf, type JsonSchema } from './arbitrary-from-schema';
import { hostileValue, withOneHostileField } from './hostile-values';

export const HANG_MS = 5_000;

export interface ChannelFuzzStats {
  channel: ChannelName;
  inputs: number;
  accepted: number;
  refused: number;
  /** Other failures as values (not_found, not_signed_in, a service refusal...), by code. */
  otherCodes: Record<string, number>;
  slowestMs: number;
  failures: string[];
}

export interface FuzzTarget {
  core: Core;
  dataDir: string;
  /** Puts the core back in a signed-in state with data (a channel may sign out or switch account). */
  restore(): Promise<void>;
}

const describe = (value: unknown): string => {
  try {
    const text = JSON.stringify(value, (_k, v: unknown) =>
      typeof v === 'string' && v.length > 80 ? `${v.slice(0, 40)}…(${v.length})` : v,
    );
    return (text ?? String(value)).slice(0, 300);
  } catch {
    return `[unserialisable ${typeof value}]`;
  }
};

/** The arbitrary of one channel's inputs. */
export function inputsOf(channel: ChannelName, urls: readonly string[]): fc.Arbitrary<unknown> {
  const schema = z.toJSONSchema(contract[channel].input, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  const wellFormed = arbitraryOf(schema, { urls });
  return fc.oneof(
    { arbitrary: wellFormed, weight: 4 },
    { arbitrary: withOneHostileField(wellFormed), weight: 3 },
    { arbitrary: hostileValue, weight: 2 },
  );
}

export async function fuzzChannel(
  target: FuzzTarget,
  channel: ChannelName,
  runs: number,
  seed: number,
  urls: readonly string[],
): Promise<ChannelFuzzStats> {
  const stats: ChannelFuzzStats = {
    channel,
    inputs: 0,
    accepted: 0,
    refused: 0,
    otherCodes: {},
    slowestMs: 0,
    failures: [],
  };
  const observer = new Sqlite(join(target.dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  const dataVersion = () => observer.pragma('data_version', { simple: true }) as number;
  const fail = (what: string, input: unknown) => {
    if (stats.failures.length < 5) stats.failures.push(`${channel}: ${what} for ${describe(input)}`);
  };
  try {
    await target.restore();
    for (const input of fc.sample(inputsOf(channel, urls), { numRuns: runs, seed })) {
      stats.inputs++;
      const before = dataVersion();
      const started = performance.now();
      let result;
      try {
        result = await target.core.dispatchUntrusted(channel, input);
      } catch (error) {
        fail(`dispatch threw ${error instanceof Error ? error.name : typeof error}`, input);
        continue;
      }
      const ms = performance.now() - started;
      stats.slowestMs = Math.max(stats.slowestMs, ms);
      if (ms >= HANG_MS) fail(`took ${Math.round(ms)} ms`, input);
      if (result.ok) {
        stats.accepted++;
        continue;
      }
      const { code } = result.error;
      if (code === 'invalid_input') {
        stats.refused++;
        if (dataVersion() !== before) fail('a refused input changed the database', input);
      } else {
        stats.otherCodes[code] = (stats.otherCodes[code] ?? 0) + 1;
        if (code === 'internal_error') fail('internal_error', input);
      }
    }
  } finally {
    observer.close();
  }
  return stats;
}

export const channelNames = (): ChannelName[] => Object.keys(contract) as ChannelName[];
