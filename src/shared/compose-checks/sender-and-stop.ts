/**
 * Who sends and how to stop: a message from a number the customer does not
 * know, that does not say which shop it is from, goes unanswered or is
 * reported as spam; one without a way out breaks the mobile marketing
 * self-regulation code (and LGPD art. 8 §5's free withdrawal of consent).
 * The sending rules put both around every message (message-frame.ts); when
 * the owner switched them off, the text itself must carry them.
 */
import type { MessageFrame } from '../rules/message-frame';

/**
 * A message that opens with its sender, the way the prefix rule writes it
 * (`Loja Maria: ...`, `Pet Feliz - ...`): a short name before a colon or dash,
 * no merge field in it.
 */
const OPENS_WITH_SENDER = /^[^\s{][^{}:\n]{1,29}\s*[:\-–]\s/u;

/** Whether the message as it leaves names the shop (the rules' prefix, or the text's own opening). */
export function namesTheShop(frame: MessageFrame, template: string): boolean {
  if (frame.prefix !== '') return true;
  return OPENS_WITH_SENDER.test(template.trimStart());
}

/**
 * The words a customer answers to stop: SAIR or PARE in capitals (the
 * market's usage), or "responda sair/pare" in any case.
 */
const CAPITAL_STOP = /(^|[^\p{L}])(SAIR|PARE|PARAR)(?!\p{L})/u;
const ANSWER_STOP = /respond[ae]\s+["'“]?(sair|pare|parar)(?!\p{L})/iu;

/** Whether the message as it leaves tells how to stop (the "Como sair" rule, or the text's own words). */
export function saysHowToStop(frame: MessageFrame, template: string): boolean {
  if (frame.suffix !== '') return true;
  return CAPITAL_STOP.test(template) || ANSWER_STOP.test(template);
}
