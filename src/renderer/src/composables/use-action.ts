import { useMessage } from 'naive-ui';
import { ref } from 'vue';
import { useErrorMessage } from '@renderer/i18n/error-message';

/**
 * A button's action: `running` while it works (for the button's spinner; a
 * second click meanwhile is ignored), and a failure shown as a translated
 * message instead of thrown.
 */
export function useAction<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const message = useMessage();
  const explain = useErrorMessage();
  const running = ref(false);

  async function run(...args: A): Promise<void> {
    if (running.value) return;
    running.value = true;
    try {
      await action(...args);
    } catch (error) {
      message.error(explain(error));
    } finally {
      running.value = false;
    }
  }

  return { running, run };
}
