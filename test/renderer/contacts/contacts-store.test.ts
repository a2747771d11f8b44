import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactsPageView } from '@shared/dto';
import {
  CONTACTS_SEARCH_PAUSE_MS as SEARCH_DEBOUNCE_MS,
  MAX_CACHED_PAGES,
  PAGE_SIZE,
  useContactsStore,
} from '@renderer/stores/contacts/use-contacts-store';
import { contactsPage, installFakeBridge, ok, sampleList } from '../support/fake-bridge';
import { freshPinia } from '../support/mount-helpers';

/** A fake core with `total` contacts, answering every search page as the real one pages them. */
function bridgeWith(total: number) {
  return installFakeBridge()
    .handle('contacts:search', (input) => ok(contactsPage(input, total)))
    .reply('lists:list', [sampleList('l1', 'Clientes VIP', 3)]);
}

describe('contacts store: search as you type (with a fake bridge)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for a pause in typing, then searches once with what was typed last', async () => {
    const bridge = bridgeWith(3);
    freshPinia();
    const store = useContactsStore();

    store.setQuery('j');
    store.setQuery('jo');
    store.setQuery('joao');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(bridge.inputsOf('contacts:search')).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    expect(bridge.inputsOf('contacts:search')).toEqual([{ query: 'joao', offset: 0, limit: PAGE_SIZE }]);
    expect(store.total).toBe(3);
    expect(store.filtered).toBe(true);

    // Typing back to the same text searches nothing new.
    store.setQuery('joa');
    store.setQuery('joao');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(bridge.inputsOf('contacts:search')).toHaveLength(1);
  });

  it('a search cleared shows every contact at once, with no pause to wait out', async () => {
    const bridge = bridgeWith(3);
    freshPinia();
    const store = useContactsStore();
    store.setQuery('joao');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    store.setQuery('');
    await flushPromises();
    expect(bridge.inputsOf('contacts:search').at(-1)).toEqual({ offset: 0, limit: PAGE_SIZE });
    expect(store.filtered).toBe(false);
  });

  it('drops the answer to a search the user already moved on from', async () => {
    let releaseSlow: (() => void) | undefined;
    const bridge = installFakeBridge().handle('contacts:search', async (input) => {
      if (input.query === 'ma') await new Promise<void>((resolve) => (releaseSlow = resolve));
      return ok<ContactsPageView>({ ...contactsPage(input, input.query === 'ma' ? 50 : 2) });
    });
    freshPinia();
    const store = useContactsStore();

    store.setQuery('ma');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    store.setQuery('mar');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(store.total).toBe(2);

    releaseSlow!();
    await flushPromises();
    expect(store.total).toBe(2);
    expect(bridge.inputsOf('contacts:search').map((i) => i.query)).toEqual(['ma', 'mar']);
  });

  it('the list and opt-out filters search at once, and go in the request', async () => {
    const bridge = bridgeWith(5);
    freshPinia();
    const store = useContactsStore();

    store.setList('l1');
    await flushPromises();
    store.setOptedOut('optedOut');
    await flushPromises();
    store.setOptedOut('active');
    await flushPromises();

    expect(bridge.inputsOf('contacts:search')).toEqual([
      { listId: 'l1', offset: 0, limit: PAGE_SIZE },
      { listId: 'l1', optedOut: true, offset: 0, limit: PAGE_SIZE },
      { listId: 'l1', optedOut: false, offset: 0, limit: PAGE_SIZE },
    ]);
  });
});

describe('contacts store: pages as the table scrolls (with a fake bridge)', () => {
  it('loads the first page, then only the pages the rows on screen need, once each', async () => {
    const bridge = bridgeWith(100_000);
    freshPinia();
    const store = useContactsStore();

    await store.reload();
    expect(store.total).toBe(100_000);
    // Only one page of contacts: the table works from the count, with nothing per contact not shown.
    expect(store.rowAt(0)?.name).toBe('Contato 0000');
    expect(store.rowAt(PAGE_SIZE)).toBeUndefined();
    expect(bridge.inputsOf('contacts:search').map((i) => i.offset)).toEqual([0]);

    store.ensureRange(150, 260);
    store.ensureRange(150, 260); // a second scroll event while the pages are on their way
    await flushPromises();
    expect(bridge.inputsOf('contacts:search').map((i) => i.offset)).toEqual([0, 100, 200]);
    expect(store.rowAt(150)?.name).toBe('Contato 0150');
    expect(store.rowAt(260)?.name).toBe('Contato 0260');

    // Jump to the end, as dragging the scroll bar does.
    store.ensureRange(99_950, 99_999);
    await flushPromises();
    expect(bridge.inputsOf('contacts:search').at(-1)).toEqual({ offset: 99_900, limit: PAGE_SIZE });
    expect(store.rowAt(99_999)?.name).toBe('Contato 99999');
  });

  it('keeps only a few pages in memory: far ones are dropped and fetched again when scrolled back to', async () => {
    const bridge = bridgeWith(100_000);
    freshPinia();
    const store = useContactsStore();
    await store.reload();

    for (let page = 1; page <= MAX_CACHED_PAGES + 5; page++) {
      store.ensureRange(page * PAGE_SIZE, page * PAGE_SIZE + 30);
      await flushPromises();
    }
    expect(store.rowAt(0)).toBeUndefined();
    const before = bridge.inputsOf('contacts:search').length;

    store.ensureRange(0, 30);
    await flushPromises();
    expect(
      bridge
        .inputsOf('contacts:search')
        .slice(before)
        .map((i) => i.offset),
    ).toEqual([0]);
    expect(store.rowAt(0)?.name).toBe('Contato 0000');
  });
});

describe('contacts store: ticking contacts (with a fake bridge)', () => {
  it('ticks every match at once, whatever their number, and a bulk action names the search', async () => {
    const bridge = bridgeWith(1_000_000).reply('contacts:delete', {
      undoToken: 'undo-1',
      count: 999_999,
      expiresAt: new Date(Date.now() + 10_000).toISOString(),
    });
    freshPinia();
    const store = useContactsStore();
    await store.setList('l1');
    await flushPromises();

    store.selectAll();
    expect(store.selectedCount).toBe(1_000_000);
    expect(store.allSelected).toBe(true);
    // One unticked: every other match stays ticked, even those never loaded.
    store.toggle('contact-3', false);
    expect(store.selectedCount).toBe(999_999);
    expect(store.allSelected).toBe(false);
    expect(store.isSelected('contact-3')).toBe(false);
    expect(store.isSelected('contact-999998')).toBe(true);

    await store.remove(store.selectionInput());
    expect(bridge.inputsOf('contacts:delete')).toEqual([
      { matching: { listId: 'l1' }, except: ['contact-3'] },
    ]);
    expect(store.selectedCount).toBe(0);
  });

  it('a new search clears what was ticked', async () => {
    bridgeWith(3);
    freshPinia();
    const store = useContactsStore();
    await store.reload();
    store.toggle('contact-1', true);
    expect(store.selectionInput()).toEqual({ ids: ['contact-1'] });
    store.setOptedOut('optedOut');
    await flushPromises();
    expect(store.selectedCount).toBe(0);
  });
});
