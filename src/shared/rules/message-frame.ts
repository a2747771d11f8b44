/**
 * The text as it leaves: what the sending rules put around every message
 * (the business name in front, the "Como sair" sentence at the end). The
 * composer's live preview and count, the core's preview, estimate, freeze,
 * test send, the automations' hand-over and forecast all finish a message
 * with `asItLeaves`, so the text shown, the parts counted and the text the
 * service charges for agree to the character.
 */
import { withPrefix } from '../template';
import { HOW_TO_STOP_SUFFIX, howToStopOn } from './how-to-stop';
import type { SendingRules } from './sending-rules';

export interface MessageFrame {
  /** The business name in front (`Loja Maria:`), '' for none. */
  prefix: string;
  /** The sentence at the end (HOW_TO_STOP_SUFFIX), '' for none. */
  suffix: string;
}

/** Nothing around the message: the text as written. */
export const NO_FRAME: Readonly<MessageFrame> = Object.freeze({ prefix: '', suffix: '' });

/** The frame the rules put around messages, `serverConnected` deciding an unset "Como sair". */
export function frameOf(
  rules: Pick<SendingRules, 'prefix' | 'howToStop'>,
  serverConnected: boolean,
): MessageFrame {
  return {
    prefix: rules.prefix.trim(),
    suffix: howToStopOn(rules.howToStop, serverConnected) ? HOW_TO_STOP_SUFFIX : '',
  };
}

/**
 * The sentence at the end of a message. The message's trailing spaces and
 * line breaks go (the sentence follows the last word, one space between); a
 * message that already ends with the sentence is left as it is, so nobody
 * reads it twice; a blank message stays blank (refused as empty, never sent
 * as the sentence alone).
 */
export function withSuffix(suffix: string, message: string): string {
  if (suffix === '' || message.trim() === '') return message;
  const body = message.trimEnd();
  return body.endsWith(suffix.trim()) ? body : `${body}${suffix}`;
}

/** The message as the customer gets it (before plain letters, which the campaign may apply to the whole). */
export function asItLeaves(frame: MessageFrame, message: string): string {
  return withSuffix(frame.suffix, withPrefix(frame.prefix, message));
}
