/**
 * A text checked against recipients, as the checker shows it (dto
 * TemplateCheckView): the refusals and fallbacks of shared/template-check.ts,
 * and the segments exact (every message counted) and at worst (the longest
 * message, for the counter to show with the character that forces 70 per SMS).
 * The estimate checks a campaign's text against its audience; a template's
 * text is checked against the whole contact book (`checkTemplateText`).
 */
import type { TemplateCheckView } from '../../../shared/dto/templates';
import { countSegments } from '../../../shared/sms-segments';
import type { ContactBook } from './contact-book';
import { createMessageBuilder, type MessageBuilder } from '../messages/message-builder';
import { MessageTally } from '../messages/message-tally';
import type { MessageFrame } from '../../../shared/rules/message-frame';

/** The checker's view of a walk: the builder saw every message, the tally counted them. */
export function checkView(
  builder: MessageBuilder,
  tally: MessageTally,
  inBook: (key: string) => boolean,
): Pick<TemplateCheckView, 'problems' | 'fallbacks' | 'worst'> {
  const { problems, fallbacks } = builder.check(inBook);
  return {
    problems,
    fallbacks,
    worst: tally.worst === null ? null : { text: tally.worst, segments: countSegments(tally.worst) },
  };
}

/**
 * `templates:check`: the text over every contact the profile could send to,
 * inside the sending rules' `frame` (the name in front, "Como sair"), as any
 * send of it would go.
 */
export function checkTemplateText(
  book: ContactBook,
  profile: string,
  text: string,
  frame: MessageFrame,
): TemplateCheckView {
  const builder = createMessageBuilder(text, false, frame);
  const tally = new MessageTally();
  book.forEachMessage(profile, builder, (row, message) => tally.add(message, row));
  return {
    ...checkView(builder, tally, (key) => book.hasField(profile, key)),
    recipients: tally.recipients,
    segments: tally.segments,
    maxSegments: tally.maxSegments,
    encodings: tally.encodings,
  };
}
