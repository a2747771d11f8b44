/**
 * A keydown handler for a form: Enter in a text field submits, while Enter on
 * a button inside the form keeps doing what that button does. Explicit rather
 * than the browser's implicit submission, so it behaves the same everywhere.
 */
export function submitOnEnter(submit: () => void): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.key !== 'Enter' || event.isComposing || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    submit();
  };
}
