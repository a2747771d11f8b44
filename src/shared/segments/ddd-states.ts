/**
 * The state (UF) of each Brazilian area code (DDD) in use (Anatel's plan of
 * national codes, 67 DDDs): a segment's "uf = PE" is the numbers of PE's
 * DDDs. A number says its DDD; its state follows from it.
 */
const STATES: Readonly<Record<string, readonly number[]>> = {
  SP: [11, 12, 13, 14, 15, 16, 17, 18, 19],
  RJ: [21, 22, 24],
  ES: [27, 28],
  MG: [31, 32, 33, 34, 35, 37, 38],
  PR: [41, 42, 43, 44, 45, 46],
  SC: [47, 48, 49],
  RS: [51, 53, 54, 55],
  DF: [61],
  GO: [62, 64],
  TO: [63],
  MT: [65, 66],
  MS: [67],
  AC: [68],
  RO: [69],
  BA: [71, 73, 74, 75, 77],
  SE: [79],
  PE: [81, 87],
  AL: [82],
  PB: [83],
  RN: [84],
  CE: [85, 88],
  PI: [86, 89],
  PA: [91, 93, 94],
  AM: [92, 97],
  RR: [95],
  AP: [96],
  MA: [98, 99],
};

/** The 27 states' codes, in alphabetical order. */
export const STATE_CODES: readonly string[] = Object.keys(STATES).sort();

/** Every DDD in use, in order. */
export const DDDS: readonly number[] = Object.values(STATES)
  .flat()
  .sort((a, b) => a - b);

/** The DDDs of a state (`PE` → 81, 87); none for a code that is not a state. */
export const dddsOf = (state: string): readonly number[] => STATES[state.toUpperCase()] ?? [];
