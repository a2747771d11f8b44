import { onBeforeUnmount, onMounted } from 'vue';
import { useRouter } from 'vue-router';
import { shortcutFor, type ShortcutCommand } from '@shared/shortcuts';
import { onEvent } from '@renderer/api';
import { useNewCampaign } from './use-new-campaign';

/** Frames to wait for the contacts page (loaded on first visit) to show its search box. */
const FRAMES_FOR_SEARCH = 120;

/** The contacts page's search box: the first search field in the page's main area. */
async function focusContactSearch(): Promise<void> {
  for (let frame = 0; frame < FRAMES_FOR_SEARCH; frame++) {
    const box = document.querySelector<HTMLInputElement>('main input[type="search"]');
    if (box) {
      box.focus();
      box.select();
      return;
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/**
 * The app's keyboard shortcuts (shared/shortcuts.ts), for the signed-in
 * shell: Ctrl+1…8 the pages, Ctrl+N a new campaign, Ctrl+F the contact
 * search (⌘ on a Mac). The page handles the keys itself, so they work in any
 * window (the e2e browser too); main's Go menu shows them and sends the same
 * commands when an item is chosen with the mouse (`app:shortcut`). A key the
 * page handles is spent (preventDefault), so the menu does not run it again.
 * `createDraft` makes the new campaign's draft (the campaigns store's `create`).
 */
export function useShortcuts(createDraft: () => Promise<{ id: string }>): void {
  const router = useRouter();
  const { run: newCampaign } = useNewCampaign(createDraft);

  function run(command: ShortcutCommand): void {
    if ('page' in command) void router.push(command.page);
    else if (command.action === 'newCampaign') void newCampaign();
    else void router.push('/contacts').then(focusContactSearch);
  }

  function onKeydown(event: KeyboardEvent): void {
    if (event.isComposing || event.repeat) return;
    const command = shortcutFor(event);
    if (!command) return;
    event.preventDefault();
    run(command);
  }

  let stopEvents: (() => void) | undefined;
  onMounted(() => {
    window.addEventListener('keydown', onKeydown);
    stopEvents = onEvent('app:shortcut', run);
  });
  onBeforeUnmount(() => {
    window.removeEventListener('keydown', onKeydown);
    stopEvents?.();
  });
}
