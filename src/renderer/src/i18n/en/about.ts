// Settings → About and the update banner, in English; typed as the pt-BR texts.
import type { AboutMessages } from '../pt-BR/about';

const aboutEn: AboutMessages = {
  about: {
    tab: 'About',
    title: 'About Torpedo',
    versionLabel: 'Version',
    updatesTitle: 'Updates',
    howUpdates:
      'Torpedo looks for updates when it opens and every 4 hours, downloads the new version without getting in your way, and installs it when you restart or close the app. A campaign being sent is never interrupted.',
    lastCheckLabel: 'Last check',
    neverChecked: 'Not checked yet',
    resultUpToDate: 'You have the latest version.',
    resultAvailable: 'Version {version} was found.',
    resultError: 'We could not check. Check your internet connection and try again.',
    errorDetail: 'Detail: {detail}',
    checkNow: 'Check for updates',
    checking: 'Checking for updates…',
    downloading: 'Downloading version {version}… {percent}%',
    ready: 'Version {version} has been downloaded and will be installed when Torpedo restarts.',
    notesTitle: "What's new in version {version}",
    noNotes: 'This version came without notes.',
    releasedOn: 'Released {date}',
    feedLabel: 'Automatic updates',
    feedGithub: 'On: new versions come from Torpedo’s official page',
    feedGeneric: 'On: new versions come from your company’s own update server',
    unsupported_development:
      'This copy does not update itself: it was opened from the source code or from a folder, not installed by the installer. Install Torpedo with the installer to receive updates.',
    unsupported_not_desktop: 'Updates only happen in the desktop app.',
  },
  updateBanner: {
    label: 'Torpedo update',
    ready: 'Torpedo version {version} is ready to install.',
    readyDelivering:
      'Version {version} is ready. A campaign is being sent right now, so Torpedo can restart as soon as sending ends.',
    waiting: 'Torpedo will restart into version {version} as soon as the campaign finishes sending.',
    restart: 'Restart to update',
    restartWhenDone: 'Restart when sending ends',
    later: 'Later',
    cancelWaiting: "Don't restart",
    askTitle: 'A campaign is being sent',
    askBody:
      'Restarting now would interrupt the sending. Torpedo can restart by itself, into the new version, as soon as the campaign finishes sending.',
    waitingSet: 'Done: Torpedo restarts when sending ends.',
  },
};

export default aboutEn;
