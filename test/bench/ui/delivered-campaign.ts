/**
 * The UI benchmark's campaign: 100,000 recipients (the list "Clientes"),
 * frozen and delivered by the real core to a sandbox process, its report
 * read once while its messages were still on their way (as the background
 * refresh would have), then left until the service has them all delivered
 * or failed. The report the user then opens has an out-of-date copy to show
 * at once, and the service's newer results to fetch.
 */
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import type { Core } from '@core/kernel/core';
import { DATABASE_FILE } from '@core/kernel/create-core';
import type { CampaignProgressView } from '@shared/dto/campaigns';
import type { ChannelName, InputOf, OutputOf } from '@shared/ipc-contract';
import { TIMINGS } from '../../../src/sandbox/index';

export const TEMPLATE = 'Olá {{nome}}, a oferta de sábado chegou! Cupom SABADO10 na loja.';

export type Invoke = <C extends ChannelName>(channel: C, input: InputOf<C>) => Promise<OutputOf<C>>;

export function invoker(core: Core): Invoke {
  return async (channel, input) => {
    const result = await core.dispatch(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value;
  };
}

export async function deliveredCampaign(core: Core, listId: string): Promise<string> {
  const invoke = invoker(core);
  const draft = await invoke('campaigns:create', { name: 'Oferta de sábado' });
  await invoke('campaigns:saveDraft', {
    id: draft.id,
    template: TEMPLATE,
    audience: { listIds: [listId], contactIds: [] },
  });
  const completed = new Promise<void>((resolve) => {
    const stop = core.onEvent((event, payload) => {
      if (event !== 'campaigns:progress') return;
      const progress = payload as CampaignProgressView;
      if (progress.campaignId === draft.id && progress.status === 'completed') {
        stop();
        resolve();
      }
    });
  });
  await invoke('campaigns:send', { id: draft.id, allowPartial: true });
  await completed;
  await invoke('history:campaignReport', { campaignId: draft.id });
  // Every message has its final status at the service once this has passed.
  await new Promise((resolve) => setTimeout(resolve, TIMINGS.finalMinMs + TIMINGS.finalSpreadMs + 1000));
  return draft.id;
}

/** How many of the campaign's sends the kept copy has not seen done (read beside the core, read-only). */
export function unfinishedSends(dataDir: string, campaignId: string): string {
  const db = new Sqlite(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    const row = db
      .prepare(
        `SELECT count(*) AS total, sum(coalesce(s.done, 0) = 0) AS open FROM campaign_batches b
           LEFT JOIN history_sends s ON s.id = b.send_id WHERE b.campaign_id = ?`,
      )
      .get(campaignId) as { total: number; open: number };
    return `${row.open} of ${row.total}`;
  } finally {
    db.close();
  }
}
