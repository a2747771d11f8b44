import { useMessage } from 'naive-ui';
import { ref } from 'vue';
import { useI18n } from 'vue-i18n';
import { useAction } from '@renderer/composables/use-action';
import { useUpdatesStore } from '@renderer/stores/app/use-updates-store';

/**
 * "Reiniciar para atualizar", wherever it is offered (the banner, Sobre):
 * restarts now; if a campaign is being sent, asks whether to restart when
 * the sending ends (main never restarts during a delivery).
 */
export function useRestartFlow() {
  const updates = useUpdatesStore();
  const message = useMessage();
  const { t } = useI18n();
  const asking = ref(false);

  const { running: restarting, run: restart } = useAction(async () => {
    const outcome = await updates.restart(false);
    if (outcome === 'delivering') asking.value = true;
  });

  const { running: scheduling, run: restartWhenDone } = useAction(async () => {
    const outcome = await updates.restart(true);
    asking.value = false;
    if (outcome === 'waiting') message.info(t('updateBanner.waitingSet'));
  });

  return { asking, restarting, restart, scheduling, restartWhenDone };
}
