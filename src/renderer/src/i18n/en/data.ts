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
    backupsHowRestore:
      'To go back to a copy: close Torpedo, replace the torpedo.db file in the data folder with the copy (renamed to torpedo.db) and open Torpedo again. The README has the steps, under “Restoring a backup”.',
    backupsCouldNotRead: 'The backups folder could not be read.',
  },
  recovery: {
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
