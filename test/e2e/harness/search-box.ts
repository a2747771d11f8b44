import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Whether Chromium draws its own clear button (the ✕ of a search field) in this input: the field as
 * it is, against the same field as plain text (which has none), pixel for pixel.
 */
async function browserClearShown(input: Locator): Promise<boolean> {
  const setType = (type: string) =>
    input.evaluate((e, type) => void ((e as { type: string }).type = type), type);
  const shot = () => input.screenshot({ caret: 'hide', animations: 'disabled' });
  const asSearch = await shot();
  await setType('text');
  const asText = await shot();
  await setType('search');
  return !asSearch.equals(asText);
}

/**
 * One button clears a search box with text in it: naive-ui's, not also Chromium's own for a search
 * field. Looked at while the field has the focus, as Chromium shows its own only then (or on hover).
 */
export async function expectOneClearButton(field: Locator): Promise<void> {
  const input = field.locator('input');
  await input.focus();
  await expect(field.locator('.n-base-clear')).toHaveCount(1);
  expect(await browserClearShown(input)).toBe(false);
}
