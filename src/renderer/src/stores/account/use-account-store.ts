import { defineStore } from 'pinia';
import { onScopeDispose, ref, watch } from 'vue';
import type { BalanceView, WebhookTestResult, WebhookView } from '@shared/dto';
import { type ApiError, asApiError, call, onEvent } from '@renderer/api';
import { useConnectivityStore } from '../app/use-connectivity-store';

/**
 * Coming back to the window reads the balance again, unless it was read this
 * recently (the core reads it after every charge, and every few seconds while idle).
 */
export const FOCUS_REFRESH_MS = 5_000;

/**
 * The signed-in account's balance and webhook. The balance is the app's one
 * figure: the header, the overview and the credits page all read it here,
 * and the core keeps it current through `balance:changed`. Read failures
 * land in `*Error` for the views to explain; the last good figures stay visible.
 */
export const useAccountStore = defineStore('account', () => {
  const balance = ref<BalanceView | null>(null);
  const balanceError = ref<ApiError | null>(null);
  const balanceLoading = ref(false);
  const webhook = ref<WebhookView | null>(null);
  const webhookError = ref<ApiError | null>(null);
  const webhookLoading = ref(false);
  let balanceReadAt = 0;

  onScopeDispose(
    onEvent('balance:changed', (next) => {
      balance.value = next;
      balanceError.value = null;
      balanceReadAt = Date.now();
    }),
  );

  /** `refresh` asks the service now instead of accepting a recent figure. */
  async function loadBalance(refresh = false): Promise<void> {
    balanceLoading.value = true;
    try {
      balance.value = await call('account:balance', { refresh });
      balanceError.value = null;
      balanceReadAt = Date.now();
    } catch (error) {
      balanceError.value = asApiError(error);
    } finally {
      balanceLoading.value = false;
    }
  }

  async function loadWebhook(): Promise<void> {
    webhookLoading.value = true;
    try {
      webhook.value = await call('account:webhook', {});
      webhookError.value = null;
    } catch (error) {
      webhookError.value = asApiError(error);
    } finally {
      webhookLoading.value = false;
    }
  }

  /** The secret in clear, for the view to show until hidden; never kept in the store. */
  async function revealWebhookSecret(): Promise<string | null> {
    return (await call('account:revealWebhookSecret', {})).secret;
  }

  /** Main writes the clipboard, so the secret never passes through the renderer. */
  async function copyWebhookSecret(): Promise<boolean> {
    return (await call('account:copyWebhookSecret', {})).copied;
  }

  /** Sets the address (`''` disables the webhook). Throws an ApiError naming the field when refused. */
  async function setWebhookUrl(url: string): Promise<void> {
    webhook.value = await call('account:updateWebhook', { url });
    webhookError.value = null;
  }

  /** Issues a new signing secret; the old one stops working at once. */
  async function rotateWebhookSecret(): Promise<void> {
    webhook.value = await call('account:updateWebhook', { rotateSecret: true });
    webhookError.value = null;
  }

  async function testWebhook(): Promise<WebhookTestResult> {
    return call('account:testWebhook', {});
  }

  function clear(): void {
    balance.value = null;
    balanceError.value = null;
    webhook.value = null;
    webhookError.value = null;
    balanceReadAt = 0;
  }

  /**
   * While the signed-in shell is shown: read the balance, and refresh it when
   * the window regains focus or the service comes back. Returns the stop.
   */
  function activate(): () => void {
    const connectivity = useConnectivityStore();
    const onFocus = () => {
      if (Date.now() - balanceReadAt >= FOCUS_REFRESH_MS) void loadBalance(true);
    };
    window.addEventListener('focus', onFocus);
    const stopWatch = watch(
      () => connectivity.state,
      (state, previous) => {
        if (state === 'online' && previous !== 'online') void loadBalance(true);
      },
    );
    void loadBalance();
    return () => {
      window.removeEventListener('focus', onFocus);
      stopWatch();
      clear();
    };
  }

  return {
    balance,
    balanceError,
    balanceLoading,
    webhook,
    webhookError,
    webhookLoading,
    loadBalance,
    loadWebhook,
    revealWebhookSecret,
    copyWebhookSecret,
    setWebhookUrl,
    rotateWebhookSecret,
    testWebhook,
    activate,
  };
});
