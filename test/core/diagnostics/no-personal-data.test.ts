/**
 * After a full demo session (contacts with phone numbers in every format, a
 * list, an opt-out, a campaign with its message, a test send, the campaign
 * delivered, the send history read, credits bought, refusals, the data
 * exported), neither the log files nor the diagnostics hold the account key,
 * any token the service issued, a customer's phone number or the message's
 * text. The real core and the demo sandbox; the tokens are read from the
 * sandbox's own saved state.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { DELIVERY_TIMINGS_ENV } from '@core/campaigns/delivery/delivery-timings';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { DEMO_ACCOUNT_KEY, demoService } from '../../../src/sandbox/demo';
import type { Result } from '@shared/app-error';
import { FAST_TIMINGS } from '../billing/billing-harness';
import { sendAnyTime } from '../../support/any-time-rules';
import { FAST_DELIVERY } from '../../support/delivery-harness';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';

function ok<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

const PHONES = [
  // typed as people type them, and what each becomes
  { typed: '(11) 98765-4321', e164: '+5511987654321' },
  { typed: '+55 21 99999-8888', e164: '+5521999998888' },
  { typed: '31987651234', e164: '+5531987651234' },
];
const OPTED_OUT = { typed: '11 91234-5678', e164: '+5511912345678' };
const TEST_PHONE = { typed: '11 97777-6655', e164: '+5511977776655' };
const TEMPLATE = 'Oi {{nome}}, queijo canastra com desconto hoje';

/** Every way a phone number could show up raw: E.164, digits only, national, the subscriber's part. */
const rawForms = (e164: string) => {
  const digits = e164.slice(1);
  return [e164, digits, digits.slice(2), digits.slice(4), `${digits.slice(4, 9)}-${digits.slice(9)}`];
};

it(
  'leaves no key, token, phone number or message text in the logs or the diagnostics',
  { timeout: 60_000 },
  async () => {
    const dataDir = tempDir();
    const host = createRecordingHost('pt-BR');
    process.env[DELIVERY_TIMINGS_ENV] = JSON.stringify(FAST_DELIVERY);
    let core: Core;
    try {
      core = await createCore({
        demo: demoService,
        dataDir,
        host,
        secretStore: createMemorySecretStore(),
        demoWhenSignedOut: true,
        billingTimings: FAST_TIMINGS,
      });
    } finally {
      delete process.env[DELIVERY_TIMINGS_ENV];
    }

    // Rules that move nothing: the session's campaign goes now whatever the hour the suite runs at.
    await sendAnyTime(core);
    // A shop owner's session.
    const list = ok(await core.dispatch('lists:create', { name: 'Clientes' }));
    for (const [i, phone] of PHONES.entries())
      ok(
        await core.dispatch('contacts:create', {
          name: `Cliente ${i}`,
          phone: phone.typed,
          listIds: [list.id],
        }),
      );
    ok(await core.dispatch('optOuts:add', { phones: [OPTED_OUT.typed] }));
    // Refusals a user makes: a duplicate number, a number that is no number.
    expect((await core.dispatch('contacts:create', { name: 'Outra', phone: PHONES[0]!.typed })).ok).toBe(
      false,
    );
    expect((await core.dispatch('contacts:create', { name: 'Erro', phone: '99' })).ok).toBe(false);
    ok(await core.dispatch('campaigns:smsTypes', {}));
    const draft = ok(await core.dispatch('campaigns:create', { name: 'Sábado' }));
    ok(
      await core.dispatch('campaigns:saveDraft', {
        id: draft.id,
        template: TEMPLATE,
        audience: { listIds: [list.id], contactIds: [] },
      }),
    );
    ok(await core.dispatch('campaigns:testSend', { id: draft.id, phone: TEST_PHONE.typed }));
    ok(await core.dispatch('campaigns:send', { id: draft.id }));
    await vi.waitFor(
      async () =>
        expect(ok(await core.dispatch('campaigns:progress', { id: draft.id })).status).toBe('completed'),
      { timeout: 30_000, interval: 200 },
    );
    const sends = ok(await core.dispatch('history:sends', {}));
    expect(sends.sends.length).toBeGreaterThan(0);
    ok(await core.dispatch('history:numbers', { id: sends.sends[0]!.id }));
    ok(await core.dispatch('credits:buy', { quantity: 1000 }));
    const exported = ok(await core.dispatch('data:export', {}));
    expect(exported.counts).toMatchObject({ contacts: 3, optOuts: 1, campaigns: 1 });
    const diagnostics = ok(await core.dispatch('diagnostics:copy', {}));
    await core.close();

    // The secrets and personal data to look for.
    const sandboxState = readFileSync(join(dataDir, 'demo', 'sandbox.json'), 'utf8');
    const tokens = [...sandboxState.matchAll(/"(sbx_[0-9a-f]{16,})"/g)].map((m) => m[1]!);
    expect(tokens.length, 'the session used at least one token').toBeGreaterThan(0);
    const mergedTexts = PHONES.map((_, i) => `Oi Cliente ${i}, queijo canastra`);
    const forbidden = [
      DEMO_ACCOUNT_KEY,
      ...tokens,
      ...[...PHONES, OPTED_OUT, TEST_PHONE].flatMap((p) => rawForms(p.e164)),
      'queijo canastra',
      ...mergedTexts,
    ];

    const logDir = join(dataDir, 'logs');
    const logs = readdirSync(logDir).map((name) => readFileSync(join(logDir, name), 'utf8'));
    const logText = logs.join('\n');
    // The log did see the session: the test send, the campaign's states, a refusal, the export.
    for (const seen of ['"campaign.testSent"', '"campaign.status"', '"channel.refused"', '"data.exported"'])
      expect(logText).toContain(seen);
    expect(logText).toContain('[phone …55]'); // the test number, masked
    for (const text of [logText, diagnostics.text, host.clipboard.join('\n')])
      for (const needle of forbidden) expect(text, `${needle} leaked`).not.toContain(needle);
    expect(host.clipboard).toEqual([diagnostics.text]);
  },
);
