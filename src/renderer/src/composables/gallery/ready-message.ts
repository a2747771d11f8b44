import { toPlainLetters } from '@shared/plain-letters';
import { asItLeaves, type MessageFrame } from '@shared/rules/message-frame';
import { countSegments, type SegmentCount } from '@shared/sms-segments';
import { compileTemplate } from '@shared/template';

export interface ReadyMessageShown {
  /** The message as a customer without any field's value gets it: the fallbacks in, the frame around. */
  text: string;
  /** The fields it fills per customer (`primeiro_nome`), each once. */
  fields: string[];
  count: SegmentCount;
}

/**
 * A ready message as the composer's preview shows it with nobody chosen:
 * each field gives way to its fallback, the sending rules' frame (the
 * business name, "Como sair") goes around it, and, as a draft made from the
 * gallery sends in plain letters, the whole is counted in plain letters.
 */
export function readyMessageShown(template: string, frame: MessageFrame): ReadyMessageShown {
  const compiled = compileTemplate(template);
  const merged = compiled.render(compiled.keys.map(() => null));
  const text = toPlainLetters(asItLeaves(frame, merged));
  return { text, fields: [...compiled.keys], count: countSegments(text) };
}
