import { nextTick } from 'vue';

/**
 * Puts `token` into a text where the textarea's cursor is (over what is
 * selected; at the end when there is no textarea), through `set`, then gives
 * the textarea the focus back with the cursor after the token. The textarea
 * keeps its selection while a dialog or a button has the focus.
 */
export async function insertAtCursor(
  textarea: HTMLTextAreaElement | null | undefined,
  text: string,
  token: string,
  set: (next: string) => void,
): Promise<void> {
  const start = textarea?.selectionStart ?? text.length;
  const end = textarea?.selectionEnd ?? text.length;
  set(text.slice(0, start) + token + text.slice(end));
  await nextTick();
  textarea?.focus();
  textarea?.setSelectionRange(start + token.length, start + token.length);
}
