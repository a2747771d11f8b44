// Settings → My data and the page shown after a failed data update, in English; spread into ./index.ts.
const dataEn = {
  data: {
    tab: 'My data',
    exportTitle: 'Export my data',
    exportExplain:
      'Saves in a ZIP file, wherever you choose, everything Torpedo keeps about your business: contacts, lists, opt-outs, campaigns and the send history, one CSV spreadsheet each. The files open in Excel or LibreOffice and can be imported into another program.',
    exportButton: 'Export my data',
    exported: 'Saved as {file}.',
    exportedCounts:
      'Contacts: {contacts} · Lists: {lists} · Opt-outs: {optOuts} · Campaigns: {campaigns} · Sends: {sends} · Numbers in sends: {sendNumbers}',
    backupsTitle: 'Backups',
    backupsExplain:
      "Before each update that changes your data's format, Torpedo copies the data file. The three most recent copies are kept in this folder:",
    backupsNone: "No copy yet: the first is made before the next update that changes the data's format.",
    backupsFormat: 'format {version}',
    backupsBeforeRestore: 'your data as it was before a restore',
    backupsHowRestore:
      'To go back to a copy, click Restore beside it. Torpedo keeps your data as it is now in this same folder (so you can come back to it), puts the copy in its place and opens again on it.',
    backupsCouldNotRead: 'The backups folder could not be read.',
    restoreButton: 'Restore',
    restoreCancel: 'Cancel',
    restoreTitle: 'Go back to this copy?',
    restoreConfirm:
      'Your data will be as it was in {name} ({when}). What changed since then is not lost: your data as it is now is kept in the backups folder. Close any Torpedo running in a terminal first.',
    restored: 'Copy {name} restored. Your data as it was is kept as {kept}. Opening it…',
    noticeWalSetAside:
      'A leftover file ({file}) that did not belong to your data was found in the data folder (an earlier restore by hand skipped a step). Torpedo set it aside without applying it: your data opened as it was.',
    noticeDismiss: 'Got it',
    stalled: 'Sending is waiting: {reason}',
  },
  recovery: {
    stages: {
      damaged: {
        title: "Torpedo's data file is damaged",
        what: 'When Torpedo opened, the check of the data file (torpedo.db) found damage. Torpedo did not write anything to it, and no message is sent.',
        todo: 'Go back to one of the backups below: your data as it is now is kept beside them, just in case. If there is no backup, copy the diagnostics and contact support.',
      },
      too_new: {
        title: 'This data is from a newer version of Torpedo',
        what: 'The data in this folder was written by a newer version of Torpedo (data format {from}; this version knows up to {to}). Opening it here could damage it, so nothing was changed.',
        todo: 'Install the newest version of Torpedo: it opens this data as it is.',
      },
      read_only: {
        title: "Torpedo's data folder cannot be written",
        what: 'Torpedo needs to write to its data folder, and the computer does not allow it: the folder belongs to another user, or the disk is write-protected. Nothing was changed.',
        todo: 'Check that the folder below is yours and writable (and that the disk is not write-protected), then close and open Torpedo again.',
      },
      disk_full: {
        title: 'The disk is full',
        what: "The disk holding Torpedo's data has no free space left, so Torpedo could not open your data. Nothing was lost.",
        todo: 'Free some space on that disk (delete or move large files, empty the trash), then close and open Torpedo again.',
      },
    },
    restoreTitle: 'Backups',
    noBackups: 'There is no backup in the folder below.',
    title: 'Your data is safe, but this version could not be used',
    whatHappened:
      "When the new version opened, Torpedo had to update your data's format, and that update failed.",
    restored:
      'Nothing was lost: Torpedo put your data back to the backup made just before ({backup}). Contacts, campaigns and history are as they were.',
    untouched:
      'Nothing was lost: the backup could not be made first, so Torpedo did not touch your data. Check that the disk has free space.',
    notRestored:
      'Torpedo could not put the backup back by itself. The backup is kept in the folder below; do not delete anything, and contact support.',
    meanwhile:
      "Meanwhile this version's screens stay closed, so that your data is not touched. No message is sent.",
    whatToDo: 'What to do',
    stepUpdate:
      'Torpedo keeps looking for updates: when a fixed version arrives, it is installed when you close and open Torpedo again. Or install the previous version of Torpedo, which opens your data as it is.',
    stepSupport: 'If you need help, copy the diagnostics and send them to support.',
    copyDiagnostics: 'Copy diagnostics',
    copied: 'Diagnostics copied.',
    exportData: 'Export my data',
    dataFolder: 'Data folder',
    backupsFolder: 'Backups',
  },
};

export default dataEn;
