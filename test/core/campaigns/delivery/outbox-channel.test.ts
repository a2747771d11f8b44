/**
 * `campaigns:outbox`, the channel `torpedo worker` follows the outbox with:
 * on the whole core, a campaign the composer froze is listed while it goes
 * out and once it finished, its accepted messages are the sandbox's ledger,
 * and the outbox reads idle once nothing is left. After stopBackground() the
 * worker sends nothing more and the channel still answers.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@core/api/wire';
import { CAMPAIGN_BATCH_SIZE } from '@shared/contract/campaigns';
import type { OutboxView } from '@shared/dto/campaigns';
import { newKey, useSandbox } from '../../api/sandbox-harness';
import { composeAndSend, startCampaignCore } from '../../../support/core-harness';
import { eventually } from '../../../support/delivery-harness';

describe('campaigns:outbox', () => {
  it('lists the campaign under way and finished, with the ledger’s count, and goes idle', async () => {
    const sandbox = await useSandbox();
    const key = newKey('outbox');
    const c = await startCampaignCore({ accountKey: key, baseUrl: sandbox.url });
    const since = new Date().toISOString();
    const draft = await c.call<{ id: string }>('campaigns:create', { name: 'Rascunho' });
    const campaign = await composeAndSend(c, { contacts: 12, name: 'Outbox' });

    const done = await eventually(async () => {
      const view = await c.call<OutboxView>('campaigns:outbox', { since });
      expect(view.idle).toBe(true);
      return view;
    });
    const ledger = (await sandbox.ledger(key)).messages;
    expect(ledger).toHaveLength(12);
    // A draft is not in the outbox; the campaign is, finished, with what the service accepted.
    expect(done.campaigns.map((x) => x.id)).toEqual([campaign.id]);
    expect(done.campaigns[0]).toMatchObject({
      name: 'Outbox',
      status: 'completed',
      hold: null,
      messages: { accepted: ledger.length, total: 12 },
      batches: { accepted: 1, total: 1 },
    });
    expect(done.campaigns.some((x) => x.id === draft.id)).toBe(false);

    // Finished before `since`: no longer listed.
    const later = await c.call<OutboxView>('campaigns:outbox', {
      since: new Date(Date.now() + 60_000).toISOString(),
    });
    // This core's worker holds the folder's delivery, and nothing stalls it.
    expect(later).toEqual({
      idle: true,
      campaigns: [],
      worker: { here: true, pid: process.pid, host: expect.any(String), sameComputer: true },
      stalled: null,
    });

    // The background stops; the local channels still answer.
    await c.core.stopBackground();
    expect((await c.call<OutboxView>('campaigns:outbox', { since })).campaigns).toHaveLength(1);
  });

  it('refuses a `since` that is not an instant', async () => {
    const sandbox = await useSandbox();
    const c = await startCampaignCore({ accountKey: newKey('outbox'), baseUrl: sandbox.url });
    const result = await c.core.dispatchUntrusted('campaigns:outbox', { since: 'yesterday' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('counts batches as the outbox makes them: one bulk send each', () => {
    expect(CAMPAIGN_BATCH_SIZE).toBe(LIMITS.bulkMessagesMax);
  });
});
