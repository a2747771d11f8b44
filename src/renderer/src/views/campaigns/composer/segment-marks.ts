import { gsmUnits } from '@shared/sms-segments';

/**
 * How a character counts: `gsm` (1 unit), `double` (a GSM-7 extension
 * character: 2 units) or `unicode` (not in GSM-7: it turns the whole message
 * into UCS-2, 70 characters per SMS instead of 160).
 */
export type MarkKind = 'gsm' | 'double' | 'unicode';

export interface MarkRun {
  text: string;
  kind: MarkKind;
}

const kindOf = (char: string): MarkKind => {
  const units = gsmUnits(char);
  return units === 1 ? 'gsm' : units === 2 ? 'double' : 'unicode';
};

/** The text cut into runs of characters that count the same way (an emoji stays whole). */
export function markRuns(text: string): MarkRun[] {
  const runs: MarkRun[] = [];
  for (const char of text) {
    const kind = kindOf(char);
    const last = runs[runs.length - 1];
    if (last && last.kind === kind) last.text += char;
    else runs.push({ text: char, kind });
  }
  return runs;
}
