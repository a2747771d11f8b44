// Contact sync with SMSGo (the Lists page), in English; typed as the pt-BR texts.
import type { SyncMessages } from '../pt-BR/sync';

const syncEn: SyncMessages = {
  sync: {
    title: 'Sync with SMSGo',
    intro:
      'Turn on “Sync with SMSGo” for a list to keep its contacts in your SMSGo account too, both ways. Changes made without internet are sent once the connection is back. Opted-out numbers are never sent.',
    colSync: 'SMSGo',
    switchLabel: 'Sync the list {name} with SMSGo',
    off: 'Only on this computer',
    waiting: 'Waiting for the first sync',
    syncedAt: 'Synced {time}',
    notSynced: 'Not synced',
    pending: '{count} contact to send | {count} contacts to send',
    rejected: '{count} contact refused by SMSGo | {count} contacts refused by SMSGo',
    rejectedHelp: 'Reason: {reason}. Fix the contact and it will be sent again.',
    optOutsKept:
      '{count} opted-out number is still in this list on SMSGo | {count} opted-out numbers are still in this list on SMSGo',
    optOutsKeptHelp:
      'Reason: {reason}. Take the number out of the list on SMSGo, or edit the contact here for Torpedo to try again.',
    syncNow: 'Sync now',
    stop: 'Stop',
    noneEnabled: 'Turn on sync for at least one list to sync.',
    progressLabel: 'Sync progress',
    phase_lists: 'Preparing the lists on SMSGo…',
    phase_pull: 'Bringing contacts from SMSGo…',
    phase_push: 'Sending changes to SMSGo…',
    steps: '{done} of {total}',
    slowDown: 'SMSGo asked to slow down. Continuing in {seconds} s…',
    done: 'Sync finished.',
    doneCounts: 'Sent: {pushed}. Received: {pulled}. Deleted on SMSGo: {deleted}.',
    skippedOptedOut: '{count} opted-out number was not sent. | {count} opted-out numbers were not sent.',
    left: '{count} contact left a list, as on SMSGo. | {count} contacts left lists, as on SMSGo.',
    optOutsRemoved:
      "{count} opted-out number was taken off SMSGo's lists. | {count} opted-out numbers were taken off SMSGo's lists.",
    cancelled: 'Sync stopped. What is left goes in the next one.',
    failed: 'The sync stopped.',
    turnedOn: 'The list “{name}” will be synced with SMSGo.',
    turnedOff: 'The list “{name}” will no longer be synced. Nothing was deleted.',
    deleteAlso: 'This list is synced: it will be deleted on SMSGo too (the contacts stay there).',
    loadFailed: 'Could not read the sync state.',
    serviceOnly: {
      title: 'On SMSGo only',
      intro:
        'Lists in your SMSGo account that are not in Torpedo yet. Bring one in to have it here, with its contacts, synced.',
      tableLabel: 'Lists that exist only on SMSGo',
      colName: 'List on SMSGo',
      colContacts: 'Contacts on SMSGo',
      bring: 'Bring into Torpedo',
      bringLabel: 'Bring the list {name} into Torpedo',
      brought: 'The list “{name}” is in Torpedo. Its contacts are on their way.',
      empty: 'Every list on SMSGo is already in Torpedo.',
      loadFailed: 'Could not read the lists on SMSGo.',
      check: 'Check again',
    },
    errors: {
      unreachable:
        'SMSGo did not answer. Your changes are kept and sent by themselves once the connection is back.',
      gave_up:
        'SMSGo failed several times in a row. Torpedo tries again in a few minutes, or click Sync now.',
      unauthorized: 'SMSGo refused the account key. Sign out and sign in again with your account key.',
      signed_out: 'You signed out during the sync. Sign in again to continue.',
      list_refused: 'SMSGo refused this list ({detail}). Rename the list and sync again.',
      unexpected: 'Something unexpected happened. Try syncing again; if it keeps happening, contact support.',
    },
  },
};

export default syncEn;
