import { defineStore } from 'pinia';
import type { CampaignView, TestSendResult } from '@shared/dto/campaigns';
import { call } from '@renderer/api';
import { useAccountStore } from '../../account/use-account-store';
import { useComposerDraftStore } from './use-composer-draft-store';
import { useComposerFactsStore } from './use-composer-facts-store';

/**
 * What the composer sends: one test message, or the campaign itself. Both
 * save the draft's last changes first, and go nowhere when that save fails
 * (its error is what they throw).
 */
export const useComposerSendStore = defineStore('composerSend', () => {
  const editor = useComposerDraftStore();
  const facts = useComposerFactsStore();
  const account = useAccountStore();

  async function savedDraftId(): Promise<string> {
    if (!(await editor.flush())) throw editor.saveError;
    return editor.campaign!.id;
  }

  /**
   * The rendered message of recipient `index` to one number, before the campaign. The test is a real
   * SMS, paid from the balance: the balance is read again from the service, then the estimate that
   * holds the campaign against it (in the background: the dialog says "sent" without waiting).
   */
  async function testSend(phone: string, index: number): Promise<TestSendResult> {
    const id = await savedDraftId();
    const sent = await call('campaigns:testSend', { id, phone, index });
    void refreshBalance();
    return sent;
  }

  async function refreshBalance(): Promise<void> {
    await account.loadBalance(true);
    await facts.loadEstimate();
  }

  /** Freezes the draft into the outbox (works offline: the worker sends when it can). */
  async function send(): Promise<CampaignView> {
    const id = await savedDraftId();
    const sent = await call('campaigns:send', { id, allowPartial: editor.draft.allowPartial });
    // No longer a draft: the autosave stops, and the composer stops showing it.
    editor.campaign = sent;
    return sent;
  }

  return { testSend, send };
});
