// English. Typed as the pt-BR messages, so a missing or extra key fails type-checking.
import type { Messages } from './pt-BR';

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
    settings: 'Settings',
  },
  mode: {
    demo: 'Demo',
    test: 'Test mode',
    live: 'Live',
    demoExplain: 'You are in the demo: nothing is sent and nothing is charged. Feel free to explore Torpedo.',
    testExplain: 'You signed in with a test key: messages are not really delivered and nothing is charged.',
    liveExplain: 'Your account is live: messages are really delivered and charged to your balance.',
  },
  balance: {
    label: 'Balance',
    unavailable: 'Unavailable',
    loading: 'Loading balance…',
    refreshHint: 'Click to refresh the balance.',
    freshHint: 'Balance updated {time}. Click to refresh.',
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
    details: 'Technical details',
  },
  fields: {
    accountKey: 'Account key',
    baseUrl: 'Service address',
  },
  validation: {
    accountKeyRequired: 'Paste your account key to sign in.',
    accountKeyInvalid: 'This key does not look complete: a key has at least 8 characters and no spaces.',
    baseUrlInvalid: 'Enter the full service address, starting with https://',
  },
  errors: {
    unauthorized: 'This key was not accepted. Check that you copied the whole key from the SMSGo dashboard.',
    network_error: 'No connection to the service. Check your internet and try again.',
    keychain_unavailable: "This computer's password vault could not be used to keep the account key.",
    insufficient_balance: 'Not enough balance. Add credits in the SMSGo dashboard and try again.',
    rate_limited: 'Too many requests in a row. Wait {seconds} seconds and try again.',
    rate_limited_soon: 'Too many requests in a row. Wait a moment and try again.',
    invalid_input: 'Check these fields: {fields}.',
    invalid_input_generic: 'Some details are not right. Check them and try again.',
    not_signed_in: 'Your session ended. Sign in again to continue.',
    not_found: 'We could not find what you were looking for. It may have been deleted.',
    invalid_response: 'The service answered in an unexpected way. Try again in a few minutes.',
    database_too_new:
      "This computer's data was written by a newer version of Torpedo. Update the app to continue.",
    internal_error:
      'Something went wrong in Torpedo. Try again; if it keeps happening, close and reopen the app.',
  },
  overview: {
    balanceTitle: 'Available balance',
    refresh: 'Refresh balance',
    staleNotice:
      'No connection to the service: this is the last known balance, updated {time}. It will update when the connection is back.',
    modeTitle: 'How you are using Torpedo',
    demoSignOut: 'To use your real account, leave the demo in Settings › Account.',
    settingsTitle: 'Settings',
    webhookLink: 'Webhook',
    webhookLinkHint: 'See the address that receives delivery reports, and the signing secret.',
    accountLink: 'Account',
    accountLinkHint: 'Language, appearance, where the key is kept, and signing out.',
  },
  settings: {
    sections: 'Settings sections',
    account: 'Account',
    webhook: 'Webhook',
  },
  webhook: {
    intro:
      'The webhook is the address of your system that receives notices from SMSGo, such as delivery reports and link clicks.',
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
    demoResetHint: 'Erases everything you did in the demo and starts again with the sample data.',
    demoReset: 'Restart the demo',
    demoResetTitle: 'Restart the demo?',
    demoResetBody:
      'Everything you did in the demo will be erased and it will start over. No real account is affected.',
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
};

export default en;
