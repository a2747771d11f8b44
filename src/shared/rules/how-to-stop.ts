/**
 * The "Como sair" sending rule: every campaign and automation message ends
 * by telling the customer how to stop (Brazil's LGPD art. 8 §5 asks for a
 * free and easy way to withdraw consent; the mobile marketing
 * self-regulation code asks every message to say how). The words are
 * Portuguese whatever the app's language: they are read by the shop's
 * customers, in Brazil.
 *
 * The owner's choice is on, off, or unset. Unset follows the server: a reply
 * "SAIR" is only read (and the number opted out) when a Torpedo Server
 * receives the replies, so only then is the sentence on without asking.
 */

/** Put at the end of every message. GSM-7 only (no accent), so it never turns a message into UCS-2. */
export const HOW_TO_STOP_SUFFIX = ' Para sair, responda SAIR.';

export const HOW_TO_STOP_CHOICES = ['on', 'off', 'unset'] as const;
export type HowToStopChoice = (typeof HOW_TO_STOP_CHOICES)[number];

/** Whether messages end with the sentence, for a choice and whether a server reads the replies. */
export function howToStopOn(choice: HowToStopChoice, serverConnected: boolean): boolean {
  return choice === 'unset' ? serverConnected : choice === 'on';
}
