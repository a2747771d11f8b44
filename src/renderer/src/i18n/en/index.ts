// English. Typed as the pt-BR messages, so a missing or extra key fails type-checking.
import contactsEn from './contacts';
import historyEn from './history';
import syncEn from './sync';
import campaignsEn from './campaigns';
import billingEn from './billing';
import type { Messages } from '../pt-BR';
import aboutEn from './about';
import dataEn from './data';
import linksEn from './links';
import segmentsEn from './segments';
import templatesEn from './templates';
import automationsEn from './automations';
import homeEn from './home';
import rulesEn from './rules';
import serverEn from './server';
import inboxEn from './inbox';
import composeChecksEn from './compose-checks';
import bestHourEn from './best-hour';
import galleryEn from './gallery';
import privacyRightsEn from './privacy-rights';
import privacyEn from './privacy';

const en: Messages = {
  app: {
    name: 'Torpedo',
    loading: 'Loading…',
  },
  common: {
    cancel: 'Cancel',
    retry: 'Try again',
    justNow: 'just now',
    onDate: 'on {date}',
    updated: 'Updated {time}',
  },
  shell: {
    skipToContent: 'Skip to content',
    mainNav: 'Main menu',
    status: 'Account status',
  },
  nav: {
    overview: 'Overview',
    credits: 'Credits',
    invoices: 'Invoices',
    settings: 'Settings',
    contacts: 'Contacts',
  },
  mode: {
    demo: 'Demo',
    test: 'Test mode',
    live: 'Live',
    demoExplain: 'You are in the demo: nothing is sent and nothing is charged. Feel free to explore Torpedo.',
    testExplain: 'You signed in with a test key: messages are not really delivered and nothing is charged.',
    liveExplain: 'Your account is live: messages are really delivered and charged to your balance.',
  },
  /** SMS type names the service is known to use, keyed by their plain lower-case form (sms-type-name.ts). */
  smsTypeNames: {
    padrao: 'Standard',
    transacional: 'Transactional',
    promocional: 'Promotional',
    economico: 'Economy',
  },
  balance: {
    label: 'Balance',
    unavailable: 'Unavailable',
    loading: 'Loading balance…',
    refreshHint: 'Click to refresh the balance.',
    freshHint: 'Balance updated {time}. Click to refresh.',
    worth: '≈ {count} {type} SMS',
    worthHint: 'Enough for about {count} {type} SMS, at {price} each.',
    staleShort: 'Last known figure',
    staleHint:
      'The service did not answer, so this is the last known balance, updated {time}. Click to try again.',
    errorHint: 'We could not read the balance right now. Click to try again.',
  },
  connectivity: {
    online: 'Connected',
    offline: 'No internet',
    unreachable: 'Service unreachable',
    unknown: 'Checking connection',
    onlineHint: 'Torpedo is talking to the SMS service normally.',
    offlineHint:
      'This computer is offline. You can still see the last saved figures. Check your Wi-Fi or network cable.',
    unreachableHint:
      'The internet works, but the SMS service did not answer. Figures shown may be out of date. Try again in a few minutes.',
    unknownHint: 'The connection to the SMS service has not been checked yet.',
    clickToCheck: 'Click to check now.',
    checkedAt: 'Last checked {time}.',
  },
  signIn: {
    pitch: 'Send SMS campaigns to your customers, right from your computer.',
    title: 'Sign in to your account',
    keyLabel: 'Account key',
    keyPlaceholder: 'Paste your account key here',
    keyHint:
      'You find the key in the SMSGo dashboard. Keys that start with test_ use test mode, where nothing is sent or charged.',
    showKey: 'Show the key',
    hideKey: 'Hide the key',
    advanced: 'Advanced',
    baseUrlLabel: 'Service address',
    baseUrlHint:
      'Leave empty to use the default address, {url}. Change it only if SMSGo support asks you to.',
    submit: 'Sign in',
    or: 'or',
    demo: 'Try the demo',
    demoHint:
      'Explore Torpedo with a sample account, no sign-up needed. Nothing is sent and nothing is charged.',
    demoLoading: 'Preparing the demo…',
  },
  keychain: {
    title: 'No password vault on this computer',
    body: "Torpedo keeps the account key in the system's password vault (also called the keychain), but it is not available on this computer right now.",
    fixTitle: 'To keep the key in the vault:',
    fixLinux: 'install or unlock GNOME Keyring or KWallet, then try signing in again.',
    fixOther: "check that the system's password vault is working and unlocked, then try signing in again.",
    memoryTitle: 'To sign in now:',
    memory:
      'choose “{button}”. The key stays in memory only while Torpedo is open and is never written to disk. After you close the app, you will need to paste the key again.',
    continue: 'Keep for this session only',
    details: 'The reason the system gave',
  },
  fields: {
    accountKey: 'Account key',
    baseUrl: 'Service address',
    quantity: 'Purchase amount',
    planId: 'Package',
    cardId: 'Card',
    coupon: 'Coupon',
    enabled: 'Auto-recharge',
    threshold: 'Recharge threshold',
    planQuantity: 'Amount of each recharge',
    alertEnabled: 'Low-balance alert',
    alertThreshold: 'Alert amount',
    url: 'Webhook address',
    suggestedName: 'File name',
    name: 'Name',
    phone: 'Phone',
    phones: 'Numbers',
    email: 'E-mail',
    listIds: 'Lists',
    fields: 'Custom fields',
  },
  validation: {
    accountKeyRequired: 'Paste your account key to sign in.',
    accountKeyInvalid: 'This key does not look complete: a key has at least 8 characters and no spaces.',
    baseUrlInvalid: 'Enter the full service address, starting with https://',
  },
  errors: {
    privacy_key_missing:
      'The system keychain did not give the key of the erased numbers, and nothing was erased. Unlock the keychain (or restart the computer) and try again.',
    number_blocked:
      'This number is on Procon-SP’s "Não Me Ligue" list: Torpedo sends it nothing, not even a test. Test with another number.',
    number_blocked_other:
      'This number is on a block list: Torpedo sends it nothing, not even a test. Test with another number.',
    number_blocked_register:
      'This number is on the {list} block list: Torpedo sends it nothing, not even a test. Test with another number.',
    number_blocked_named:
      'This number is on your block list “{list}”: Torpedo sends it nothing, not even a test. Test with another number, or remove it from that list in Settings › Sending rules.',
    number_opted_out:
      'This number asked to receive no more messages: Torpedo sends it nothing, not even a test. Test with another number.',
    outside_sending_hours:
      'It is outside the sending hours on this customer’s clock (the window, a Sunday or a holiday). The reply can go once the window opens: see Settings › Sending rules.',
    block_list_not_empty:
      'This list already has numbers: choose whether the file replaces the list or adds to it, and confirm again.',
    automation_name_taken: 'There is already an automation with this name. Choose another.',
    no_upcoming_occurrence: 'This automation has no more sends ahead to test (its end date has passed).',
    unauthorized: 'This key was not accepted. Check that you copied the whole key from the SMSGo dashboard.',
    network_error: 'No connection to the service. Check your internet and try again.',
    keychain_unavailable: "This computer's password vault could not be used to keep the account key.",
    insufficient_balance: 'Not enough balance. Buy credits on the Credits page and try again.',
    rate_limited: 'Too many requests in a row. Wait {seconds} seconds and try again.',
    rate_limited_soon: 'Too many requests in a row. Wait a moment and try again.',
    invalid_input: 'Check these fields: {fields}.',
    invalid_input_generic: 'Some details are not right. Check them and try again.',
    not_signed_in: 'Your session ended. Sign in again to continue.',
    not_found: 'We could not find what you were looking for. It may have been deleted.',
    response_too_large:
      'The service sent an answer too large to be real (over 5 MB), and Torpedo stopped reading it. Nothing was repeated. Try again in a few minutes; if it keeps happening, copy the diagnostics (Help) and send them to support.',
    service_too_slow:
      'The service took too long to finish answering, and Torpedo stopped waiting. Try again in a moment.',
    invalid_response: 'The service answered in an unexpected way. Try again in a few minutes.',
    database_too_new:
      "This computer's data was written by a newer version of Torpedo. Update the app to continue.",
    internal_error:
      'Something went wrong in Torpedo. Try again; if it keeps happening, close and reopen the app.',
    purchase_in_progress: 'A credit purchase is still in progress. Wait for its result before buying again.',
    purchase_not_sent: 'The SMS service did not answer, so the purchase was not sent. Nothing was charged.',
    disk_full:
      "The disk holding Torpedo's data is full. Free some space on it and try again. Nothing was lost: what did not fit was not written, and nothing is sent twice.",
    data_read_only:
      "Torpedo's data folder cannot be written. Check that it is yours and writable (and that the disk is not write-protected), then try again.",
    data_damaged:
      "Torpedo's data file is damaged. Nothing was written to it. Go back to a backup in Settings › My data.",
    data_in_use:
      'Another Torpedo is using this data folder now (a "torpedo worker" in a terminal, say). Close it and try again.',
    data_upgrade_failed:
      "This version could not update your data's format. Your data is as it was before; see the message on the first screen.",
    file_not_saved: 'The file could not be saved. Choose another folder or name and try again.',
    undo_expired: 'It can no longer be undone: the time ran out.',
    demo_unavailable: 'This build of Torpedo has no demo. Sign in with your account key.',
    import_cancelled: 'Import cancelled. No contact was changed.',
    bad_request:
      'The service did not understand the request. Try again; if it keeps happening, update Torpedo.',
    card_required: 'There is no saved card to charge. Add a card in the SMSGo dashboard.',
    card_declined: 'The card was declined. Nothing was charged. Use another card or talk to your bank.',
    authentication_required:
      'Your bank asks you to confirm this card in the SMSGo dashboard before using it. Nothing was charged.',
    provider_out_of_stock: 'The carrier cannot take messages right now. Try again in a few minutes.',
    validation_error: 'The service refused some of the details. Check them and try again.',
    payment_unavailable: 'The payment service is down right now. Nothing was charged. Try again later.',
    service_said: 'The service refused the request and said: “{message}”',
    service_unavailable: 'The service is having trouble right now. Try again in a few minutes.',
    service_refused_status:
      'The service refused the request (code {status}). Try again; if it keeps happening, contact SMSGo support.',
    server_unreachable:
      'The server did not answer at {url}. Check that the address is right and the server is running, and try again.',
    pairing_code_invalid:
      'The server did not accept the code: it is wrong, was already used, or is older than 10 minutes. Get a new code (on the server or on a computer already connected) and try again.',
    server_refused:
      'The server refused the request (reason: {code}). Check that it runs the same version as Torpedo and try again.',
    not_connected: 'This computer is not connected to a Torpedo Server. Connect one in Settings › Server.',
  },
  overview: {
    balanceTitle: 'Available balance',
    refresh: 'Refresh balance',
    buyCredits: 'Buy credits',
    staleNotice:
      'No connection to the service: this is the last known balance, updated {time}. It will update when the connection is back.',
    modeTitle: 'How you are using Torpedo',
    demoSignOut: 'To use your real account, leave the demo in Settings › Account.',
    settingsTitle: 'Settings',
    autoRechargeLink: 'Auto-recharge and balance alert',
    autoRechargeLinkHint:
      'Credits bought automatically when the balance runs low, or a warning before it runs out.',
    accountLink: 'Account',
    accountLinkHint: 'Language, appearance, where the key is kept, and signing out.',
  },
  lowBalance: {
    label: 'Low balance',
    hint: 'Your balance is below {threshold}, your alert amount. Click to top up.',
    aheadShort:
      'Your balance does not cover the automatic sends of {date}. Click to buy credits before that day.',
    aheadLow: 'The automatic sends will take your balance under your alert on {date}. Click to top up.',
  },
  settings: {
    sections: 'Settings sections',
    account: 'Account',
    autoRecharge: 'Auto-recharge',
    webhook: 'Integration',
    webhookTitle: 'Notices to your own system (webhook)',
  },
  webhook: {
    intro:
      'The webhook tells another system of yours (an online shop, an ERP) each time an SMS is delivered, fails or has a link clicked. Only shops with such a system, or a developer looking after one, need it. If you follow your campaigns here in Torpedo, leave it empty: deliveries already show in the reports.',
    urlLabel: 'Webhook address',
    none: 'No webhook configured',
    noneHint: 'Without a webhook, notices are only available in the SMSGo dashboard.',
    secretLabel: 'Signing secret',
    secretHint:
      'Your system uses this secret to check that each notice really came from SMSGo. Do not share it.',
    noSecret: 'No secret set',
    reveal: 'Show',
    hide: 'Hide',
    revealAria: 'Show the secret',
    hideAria: 'Hide the secret',
    copy: 'Copy',
    copyAria: 'Copy the secret',
    copied: 'Copied to the clipboard',
    copyFailed: 'The secret could not be copied.',
    staleNotice: 'No connection to the service: showing the last saved details, updated {time}.',
    urlSet: 'Your system’s address',
    urlChange: 'Change the address',
    urlPlaceholder: 'https://yoursystem.com/sms/webhook',
    urlHint: 'An https:// address of your system that accepts POST requests.',
    urlRequired: 'Type the webhook address.',
    urlInvalid: 'Type the full address, starting with https://',
    urlRefused: 'The service refused this address: {reason}',
    save: 'Save address',
    saved: 'Webhook address saved.',
    disable: 'Turn off',
    disableTitle: 'Turn the webhook off?',
    disableBody:
      'SMSGo stops sending notices to {url}. You can turn it back on at any time by entering an address.',
    disableConfirm: 'Turn webhook off',
    disabled: 'Webhook turned off.',
    rotate: 'Generate new secret',
    createSecret: 'Generate secret',
    rotateTitle: 'Generate a new secret?',
    rotateBody:
      'The current secret stops working at once: your current receiver will reject events until you update the secret in it.',
    rotateAfter: 'Afterwards, show the new secret here and copy it to your system.',
    rotateConfirm: 'Generate new secret',
    rotated: 'New secret generated. Update it in your system.',
    testTitle: 'Test event',
    testIntro:
      'Sends a sample notice, signed with your secret, to the address above. Use it to check that your system receives and verifies notices.',
    test: 'Send test event',
    testNeedsUrl: 'Enter an address to send a test event.',
    testDelivered: 'The receiver answered HTTP {status} in {ms} ms.',
    testRejected: 'The receiver answered HTTP {status} in {ms} ms: it did not accept the event.',
    testFailure_not_found:
      'This address does not exist: the site’s name was not found. Check how it is spelt.',
    testFailure_refused:
      'Nothing answered at this address: check that your system is up and the port is right.',
    testFailure_timeout: 'Your system did not answer within 5 seconds. Check that it is up.',
    testFailure_tls:
      'The address’s security certificate (https) was refused. Check your system’s certificate.',
    testFailure_unreachable:
      'The address could not be reached. Check the address and your internet connection.',
    testFailure_rejected: 'Your system refused the notice.',
    testFailure_no_url: 'No address saved: save your system’s address before testing.',
    testFailure_no_secret: 'The account has no signing secret: create one before testing.',
    testFailure_demo_local_only:
      'In the demo, notices only go to addresses on this computer (localhost or 127.0.0.1): nothing leaves for the internet. The notice was not sent.',
    testDetailTitle: 'The error message, for whoever looks after your system',
    demoLocalOnly:
      'In the demo, notices (and this test) only go to addresses on this computer, such as http://127.0.0.1:8080/…: nothing leaves for the internet.',
    simulated: 'simulated',
    simulatedHint:
      'The service has no test delivery, so Torpedo signed and sent the sample itself, exactly as SMSGo does.',
    developersTitle: 'For developers',
    developersIntro:
      'For whoever programs the system that receives the notices: how each notice is signed, and how to check it.',
    snippetTitle: 'How to check the signature',
    snippetIntro:
      'Every notice carries the X-SMSGo-Signature header: the text sha256= followed by the hex HMAC-SHA256 of the body, keyed with your secret. Compare it using the body exactly as it arrived:',
    snippetLanguages: 'Example language',
    snippetSelect: 'Click the code to select all of it, then copy with Ctrl+C (Cmd+C on a Mac).',
    snippetRawBody: 'use the body exactly as it arrived, before reading the JSON',
    snippetReject: 'not signed with your secret: refuse it',
    snippetSecret: 'the secret stays out of the code, in an environment variable',
  },
  account: {
    connectionTitle: 'Connection',
    modeLabel: 'Mode',
    serviceLabel: 'Service address',
    demoService: 'Demo service, on this computer',
    keyLabel: 'Account key',
    keyKeychain: "Kept safely in the system's password vault.",
    keyMemory:
      'Kept in memory only, because this computer has no password vault. After you close Torpedo, you will need to paste the key again.',
    keyDemo: 'The demo does not use a key.',
    preferencesTitle: 'Preferences',
    language: 'Language',
    languageSystem: 'Same as the system',
    languagePt: 'Português (Brasil)',
    languageEn: 'English',
    theme: 'Appearance',
    themeSystem: 'Same as the system',
    themeLight: 'Light',
    themeDark: 'Dark',
    demoTitle: 'Demo',
    demoResetHint:
      'Erases everything you did in the demo (contacts, lists, campaigns, templates, segments, automations, block lists, links and purchases) and goes back to the start: only the sample balance and cards, with no contacts. The sending rules stay as they are.',
    demoReset: 'Restart the demo',
    demoResetTitle: 'Restart the demo?',
    demoResetBody:
      'The demo’s contacts, lists, campaigns, message templates, segments, automations, block lists, links and purchases will be erased; it starts again with the sample balance and cards and no contacts. The sending rules (hours, days, name in front of messages and per-person limit) stay as they are. No real account is affected.',
    demoResetConfirm: 'Restart',
    demoResetDone: 'The demo has restarted.',
    signOutTitle: 'Sign out',
    signOutHint: 'Signs out of this account on this computer. You can sign in again at any time.',
    signOut: 'Sign out',
    signOutDemo: 'Leave the demo',
    signOutDialogTitle: 'Sign out of Torpedo?',
    signOutBody:
      'The account key will be removed from this computer. To sign in again, you will need to paste the key.',
    signOutBodyDemo: 'You will leave the demo and go back to the sign-in screen.',
    signOutKeeps:
      'The data Torpedo saved on this computer stays here for next time, unless you tick the option below. Nothing is deleted from your SMSGo account.',
    deleteLocal: 'Also delete the local data on this computer',
    signOutConfirm: 'Sign out',
  },
  ...contactsEn,
  ...historyEn,
  ...syncEn,
  ...campaignsEn,
  ...billingEn,
  ...aboutEn,
  ...dataEn,
  ...linksEn,
  ...segmentsEn,
  ...templatesEn,
  ...automationsEn,
  ...homeEn,
  ...rulesEn,
  ...serverEn,
  ...inboxEn,
  ...composeChecksEn,
  ...bestHourEn,
  ...galleryEn,
  ...privacyRightsEn,
  ...privacyEn,
};

export default en;
