/**
 * One balance, always the service's: after money moves the core reads it
 * again and announces it (`balance:changed`) without anyone asking, counted
 * in SMS of the default type; and while nothing else calls the service, the
 * idle probe looks, so an outage (and the way back) shows on its own.
 * Real core, real sandbox over HTTP.
 */
import { describe, expect, it } from 'vitest';
import type { CampaignView } from '@shared/dto/campaigns';
import type { BalanceView, ConnectivityView } from '@shared/dto';
import { eventually, signedIn, useSandbox, value } from '../billing/billing-harness';
import { composeAndSend, startCampaignCore } from '../../support/core-harness';
import { newKey, useSandbox as useAdminSandbox } from '../api/sandbox-harness';
import { sandboxBalance } from '../../support/sandbox-balance';

const lastBalance = (events: BalanceView[]) => events.at(-1)?.balance;

/** A core signed into a fresh sandbox account, with every balance it announces. */
async function campaignCore(label: string) {
  const sandbox = await useAdminSandbox();
  const key = newKey(label);
  const c = await startCampaignCore({ accountKey: key, baseUrl: sandbox.url });
  const balances: BalanceView[] = [];
  c.core.onEvent((event, payload) => {
    if (event === 'balance:changed') balances.push(payload as BalanceView);
  });
  return { sandbox, key, c, balances };
}

describe('the balance the core announces', () => {
  it('is counted in SMS of the default type: R$ 50,00 pays for 555 SMS Padrão at R$ 0,09', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'worth');
    const view = value<BalanceView>(await c.core.dispatch('account:balance', {}));
    expect(view).toMatchObject({
      balance: 50,
      smsWorth: { typeName: 'Padrão', unitPrice: 0.09, count: 555 },
    });
    expect(c.of('balance:changed').at(-1)).toEqual(view);
  });

  it('after a test send: the balance without the test message, announced unasked', async () => {
    const { sandbox, key, c, balances } = await campaignCore('testsend');
    const draft = await c.call<CampaignView>('campaigns:create', { name: 'Teste' });
    await c.call('campaigns:saveDraft', { id: draft.id, template: 'Oi, isto é um teste.' });
    await c.call('campaigns:testSend', { id: draft.id, phone: '11987654321' });

    const expected = await sandboxBalance(sandbox.url, key);
    expect(expected).toBeCloseTo(49.91, 2);
    await eventually(() => expect(lastBalance(balances)).toBeCloseTo(expected, 2));
  });

  it('after each accepted batch and when the campaign finishes: the balance the service holds', async () => {
    const { sandbox, key, c, balances } = await campaignCore('batches');
    // 6,000 one-part messages: two batches, R$ 540,00, over a R$ 50,00 + R$ 700,00 balance.
    await c.call('credits:buy', { quantity: 10_000 });
    const campaign = await composeAndSend(c, { contacts: 6_000, template: 'Oferta de sábado na loja!' });
    await eventually(async () => {
      const p = await c.call<{ status: string }>('campaigns:progress', { id: campaign.id });
      expect(p.status).toBe('completed');
    }, 20_000);

    const expected = await sandboxBalance(sandbox.url, key);
    expect(expected).toBeCloseTo(750 - 540, 2);
    await eventually(() => expect(lastBalance(balances)).toBeCloseTo(expected, 2));
  });
});

describe('the idle probe', () => {
  it('shows an outage and the way back while nothing else calls the service', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'probe', { idleProbe: { quietMs: 100, tickMs: 20 } });
    value(await c.core.dispatch('account:balance', {}));
    const states = () => c.of('connectivity:changed').map((v: ConnectivityView) => v.state);
    await eventually(() => expect(states().at(-1)).toBe('online'));

    // Nobody dispatches anything from here on: only the probe can notice.
    await sandbox.faults([{ route: '*', fault: 'drop-before-commit' }]);
    await eventually(() => expect(states().at(-1)).toBe('unreachable'), 15_000);
    await sandbox.clearFaults();
    await eventually(() => expect(states().at(-1)).toBe('online'), 15_000);
    // And the probe's reads are the balance's timer: fresh again, not stale.
    await eventually(() =>
      expect(c.of('balance:changed').at(-1)).toMatchObject({ balance: 50, stale: false }),
    );
  });
});
