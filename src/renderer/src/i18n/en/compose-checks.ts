// The composer's message checks (issue 37, shared/compose-checks), in English;
// spread into ./index.ts. Exactly the keys of `../pt-BR/compose-checks.ts`.
const composeChecksEn = {
  composeChecks: {
    title: 'Before sending',
    passed: 'Message checked',
    passedIntro: 'We checked:',
    found: 'One thing to review before sending: | {count} things to review before sending:',
    stillSend: 'These are warnings: you can still send.',
    confirmFound:
      'The message has a warning (see "Before sending"). | The message has {count} warnings (see "Before sending").',
    checked_noBusinessName: 'the shop’s name',
    checked_noWayToStop: 'how to stop',
    checked_otherShortener: 'shortener links',
    checked_allCapitals: 'capitals',
    checked_tooManySms: 'length (up to 2 SMS)',
    checked_fieldWithoutFallback: 'fields without a fallback',
    warn_noBusinessName: 'The message does not say which shop it is from.',
    fix_noBusinessName:
      "People ignore or report a number they do not know. Add the shop's name at the start of the message, or turn on the 'Your business name' rule in Settings › Sending rules.",
    warn_noWayToStop: 'The message does not say how to stop receiving.',
    fix_noWayToStop:
      "Brazil's LGPD and the self-regulation code ask for an easy way out. End with 'Para sair, responda SAIR.' or turn on the 'How to stop' rule in Settings › Sending rules.",
    warn_otherShortener: 'The link uses {hosts}, a public shortener.',
    fix_otherShortener:
      "Carriers filter those links. Write the full address and choose 'Shorten and count clicks' under Links in the message: Torpedo uses the service's own short link.",
    warn_allCapitals: 'The message is mostly in capitals.',
    fix_allCapitals:
      'Capitals read as shouting and are filtered as spam. Write normally, with capitals only at the start of sentences and in names.',
    warn_tooManySms: 'The message takes {parts} SMS per customer.',
    fix_tooManySms: 'Each SMS is charged, and long messages are read less. Shorten it to fit in {max} SMS.',
    warn_fieldWithoutFallback:
      '{field} has no fallback, and {count} recipient has no value for it. | {field} has no fallback, and {count} recipients have no value for it.',
    warn_fieldWithoutFallbackUnknown: '{field} has no fallback.',
    fallbackWord: 'customer',
    fix_fieldWithoutFallback:
      'Whoever lacks it gets a blank. Write a fallback after a bar, for example {example}.',
  },
};

export default composeChecksEn;
