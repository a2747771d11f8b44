// The gallery of ready messages (Templates › Gallery), the retail calendar (the overview's card and the
// composer's schedule hint) and the first steps' business question, in English; spread into
// ./index.ts. Exactly the keys of `../pt-BR/gallery.ts`.
const galleryEn = {
  gallery: {
    tabs: 'Template sections',
    tabOwn: 'Your templates',
    tabGallery: 'Gallery',
    title: 'Ready messages',
    intro:
      'Messages written for your kind of business, in plain letters, so that each fits one SMS with the shop’s name and the “How to stop” line. Use one as your own template, or create a campaign with its suggested audience and hour already set.',
    business: 'Kind of business',
    allBusinesses: 'All kinds',
    yours: '{name} (yours)',
    saveBusiness: 'This is my business',
    businessSaved: 'Kind of business saved: {name}.',
    loadFailed: 'Could not read the gallery: {reason}',
    empty: 'No ready message for this kind of business.',
    caption: 'Ready messages: {count}',
    fields: 'Fields: {fields} (whoever lacks one gets the text without it)',
    audience: 'To: {name}',
    audienceMissing:
      'Your contacts do not have the column {columns} yet: the campaign is created without an audience. Import a sheet with that column (a date) to use this audience.',
    hour: 'Suggested hour: {hour}, on each customer’s own clock',
    useAsTemplate: 'Use as template',
    useAsTemplateLabel: 'Use as template: {purpose} ({business})',
    createCampaign: 'Create campaign',
    createCampaignLabel: 'Create campaign: {purpose} ({business})',
    templateMade: 'Template “{name}” created. Edit it as you like.',
    draftMade: 'Campaign created for “{segment}”, scheduled for {when}. Check it and send.',
    draftNoAudience:
      'Campaign created without an audience: your contacts do not have the column {columns}. Choose a list, or import a sheet with that column.',
    draftBirthday:
      'This is a birthday message: the birthday automation (Automations) sends it on each customer’s day. The campaign was created without an audience.',
    reminder: 'Date reminders',
    reminderHint:
      'How many days before each selling day the Overview reminds you to prepare its campaign (0 to {max}).',
    reminderDays: 'Days before',
    reminderSave: 'Save reminder',
    reminderSaved: 'Reminder on the day itself. | Reminder 1 day before. | Reminder {days} days before.',
    anniversary: 'Shop anniversary (optional)',
    anniversaryHint: 'It goes into the calendar of dates, with the shop anniversary message.',
    anniversaryDay: 'Day',
    anniversaryMonth: 'Month',
    anniversarySave: 'Save date',
    anniversaryClear: 'Remove date',
    anniversarySaved: 'Shop anniversary saved: {date}.',
    anniversaryCleared: 'Shop anniversary removed from the calendar.',
    saveFailed: 'Could not save: {reason}',
  },
  calendar: {
    title: 'Coming dates',
    intro: 'Days when shops sell the most, with a ready message for your business.',
    caption: 'Coming retail days and holidays',
    noSends: 'Holiday: no sends',
    noSendsRuleOff: 'National holiday (your rules allow sends on holidays)',
    prepare: 'Prepare campaign',
    prepareLabel: 'Prepare campaign: {name}',
    pickBusiness:
      'Tell us your kind of business (in the first steps or in Templates › Gallery) to see the messages suggested for it.',
    reminder: '{days} days to {name} ({date}): prepare your campaign.',
    reminderToday: 'Today is {name}!',
    loadFailed: 'Could not read the calendar: {reason}',
    scheduleNext: 'Coming retail days: {dates}',
    scheduleHolidays: 'Holidays without sends: {dates}',
    scheduleEntry: '{name} ({date}, {when})',
  },
  business: {
    question: 'What is your business?',
    hint: 'Pick it once: the gallery shows its ready messages first.',
    label: 'Kind of business',
    placeholder: 'Choose the kind',
    picked: 'Your business: {name}',
    seeGallery: 'See ready messages',
    change: 'Change',
  },
};

export default galleryEn;
