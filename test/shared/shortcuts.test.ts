import { describe, expect, it } from 'vitest';
import { PAGE_SHORTCUTS, shortcutFor } from '@shared/shortcuts';

const key = (k: string, over: Partial<Parameters<typeof shortcutFor>[0]> = {}) =>
  shortcutFor({ key: k, ctrlKey: true, metaKey: false, altKey: false, shiftKey: false, ...over });

describe('keyboard shortcuts', () => {
  it('Ctrl (or ⌘) with a digit goes to a page; every page of the navigation has one', () => {
    expect(key('5')).toEqual({ page: '/links' });
    expect(key('1', { ctrlKey: false, metaKey: true })).toEqual({ page: '/overview' });
    expect(PAGE_SHORTCUTS.map((s) => s.path)).toEqual([
      '/overview',
      '/contacts',
      '/campaigns',
      '/history',
      '/links',
      '/credits',
      '/credits/invoices',
      '/settings/account',
      '/templates',
    ]);
  });

  it('Ctrl+N is a new campaign, Ctrl+F the contact search (also with Caps Lock on)', () => {
    expect(key('n')).toEqual({ action: 'newCampaign' });
    expect(key('F')).toEqual({ action: 'findContact' });
  });

  it('leaves other keys alone: without Ctrl, with Alt or Shift, or keys it does not use', () => {
    expect(key('n', { ctrlKey: false })).toBeNull();
    expect(key('n', { altKey: true })).toBeNull();
    expect(key('f', { shiftKey: true })).toBeNull();
    expect(key('c')).toBeNull();
    expect(key('0')).toBeNull();
  });
});
