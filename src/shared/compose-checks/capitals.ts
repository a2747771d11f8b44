/**
 * A message in capitals reads as shouting, and carriers' filters score it as
 * spam. Judged on the owner's own words: merge fields (a name in capitals in
 * the contact book is not the owner's choice), addresses and short words
 * (`PIX`, `SMS`, `OFF`, a shop's initials) are left out.
 */
import { parseTemplate } from '../template';
import { writtenLinks } from '../message-links';

/** Words shorter than this are left out: acronyms and initials are written in capitals. */
const SHORT_WORD = 4;
/** Fewer letters than this in longer words: too little text to call shouting. */
const ENOUGH_LETTERS = 12;
/** Share of capitals, among the counted letters, from which the text reads as capitals. */
const SHOUTING_SHARE = 0.7;

/** The owner's own words: the template's text parts, without the written addresses. */
function ownWords(template: string): string {
  let text = parseTemplate(template)
    .map((part) => (part.kind === 'text' ? part.text : ' '))
    .join('');
  for (const link of writtenLinks(text)) text = text.replaceAll(link.written, ' ');
  return text;
}

/** Whether most letters of the template's longer words are capitals. */
export function mostlyCapitals(template: string): boolean {
  let upper = 0;
  let letters = 0;
  for (const word of ownWords(template).match(/\p{L}+/gu) ?? []) {
    if (word.length < SHORT_WORD) continue;
    for (const char of word) {
      letters += 1;
      if (/\p{Lu}/u.test(char)) upper += 1;
    }
  }
  return letters >= ENOUGH_LETTERS && upper / letters >= SHOUTING_SHARE;
}
