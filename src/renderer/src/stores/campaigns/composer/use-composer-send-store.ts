import { defineStore } from 'pinia';
import type { CampaignView, TestSendResult } from '@shared/dto/campaigns';
import { call } from '@renderer/api';
import { useComposerDraftStore } from './use-composer-draft-store';

/**
 * What the composer sends: one test message, or the campaign itself. Both
 * save the draft's last changes first, and go nowhere when that save fails
 * (its error is what they throw).
 */
export const useComposerSendStore = defineStore('composerSend', () => {
  const editor = useComposerDraftStore();

  async function savedDraftId(): Promise<string> {
    if (!(await editor.flush())) throw editor.saveError;
    return editor.campaign!.id;
  }

  /** The rendered message of recipient `index` to one number, before the campaign. */
  async function testSend(phone: string, index: number): Promise<TestSendResult> {
    const id = await savedDraftId();
    return call('campaigns:testSend', { id, phone, index });
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
