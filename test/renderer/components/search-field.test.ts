import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import SearchField from '@renderer/components/SearchField.vue';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '@renderer/composables/use-debounced';
import { byTestId } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

/** A page holding the search box, as a view does: the text lives in the page, `search` is counted. */
function mountSearch(props: Record<string, unknown> = {}) {
  const value = ref('');
  const searches: string[] = [];
  const Page = defineComponent({
    setup: () => () =>
      h(SearchField, {
        label: 'Buscar contatos',
        placeholder: 'Nome, telefone ou e-mail',
        testid: 'search',
        value: value.value,
        'onUpdate:value': (next: string) => (value.value = next),
        onSearch: (text: string) => searches.push(text),
        ...props,
      }),
  });
  const wrapper = mount(Page, { attachTo: document.body });
  return { value, searches, wrapper };
}

const input = () => byTestId('search').querySelector('input')!;

async function type(text: string): Promise<void> {
  input().value = text;
  input().dispatchEvent(new Event('input', { bubbles: true }));
  await flushPromises();
}

function pressEscape(): KeyboardEvent {
  const event = new KeyboardEvent('keydown', {
    key: 'Escape',
    code: 'Escape',
    bubbles: true,
    cancelable: true,
  });
  input().dispatchEvent(event);
  return event;
}

describe('SearchField', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('is a search box named by its label, with the placeholder as a hint only', async () => {
    mountSearch();
    await flushPromises();
    expect(input().getAttribute('type')).toBe('search');
    expect(input().getAttribute('aria-label')).toBe('Buscar contatos');
    expect(input().getAttribute('placeholder')).toBe('Nome, telefone ou e-mail');
    expect(input().getAttribute('autocomplete')).toBe('off');
  });

  it('hands every key to the page at once, and searches once the typing pauses, for the last text', async () => {
    const { value, searches } = mountSearch();
    for (const typed of ['j', 'jo', 'joa', 'joao']) await type(typed);
    expect(value.value).toBe('joao');

    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(searches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(searches).toEqual(['joao']);
  });

  it('has one clear button, which empties the field and searches for everything again', async () => {
    const { value, searches } = mountSearch();
    await type('maria');
    input().dispatchEvent(new FocusEvent('focus'));
    await flushPromises();

    const clears = byTestId('search').querySelectorAll('.n-base-clear__clear');
    expect(clears).toHaveLength(1);
    (clears[0] as HTMLElement).click();
    await flushPromises();
    expect(value.value).toBe('');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(searches).toEqual(['']);
  });

  it('clears on Esc, and keeps that Esc from the dialog around it; on an empty field Esc goes through', async () => {
    const { value, searches } = mountSearch();
    const reachedDocument = vi.fn();
    document.addEventListener('keydown', reachedDocument);
    try {
      await type('joao');
      const first = pressEscape();
      await flushPromises();
      expect(value.value).toBe('');
      // Handled here: Chromium's own clearing of a search field does not run as well.
      expect(first.defaultPrevented).toBe(true);
      expect(reachedDocument).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
      expect(searches).toEqual(['']);

      const second = pressEscape();
      expect(second.defaultPrevented).toBe(false);
      expect(reachedDocument).toHaveBeenCalledTimes(1);
    } finally {
      document.removeEventListener('keydown', reachedDocument);
    }
  });

  it('searches for nothing once the page has gone', async () => {
    const { searches, wrapper } = mountSearch();
    await type('joao');
    wrapper.unmount();
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(searches).toEqual([]);
  });
});

describe('useDebounced', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs once the calls pause, with the last arguments; cancel drops the pending call', async () => {
    const runs: string[] = [];
    const later = useDebounced((text: string) => runs.push(text), 100);
    later('a');
    later('ab');
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toEqual(['ab']);

    later('abc');
    later.cancel();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toEqual(['ab']);
  });
});
