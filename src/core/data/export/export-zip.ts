import { strToU8, zipSync, type Zippable } from 'fflate';

/**
 * Files in one ZIP (fflate, deflated), each stamped with `at` so the same data
 * gives the same archive. Read back by every OS's own "extract" and by Excel.
 */
export function zipFiles(files: Record<string, string>, at: Date): Uint8Array {
  const entries: Zippable = {};
  for (const [name, content] of Object.entries(files)) entries[name] = [strToU8(content), { mtime: at }];
  return zipSync(entries, { level: 6 });
}
