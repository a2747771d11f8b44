/** Rules of the billing channels that do not need a service. */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@core/api/wire';
import { WebhookSettings } from '@core/account/webhook-settings';
import type { AccountService } from '@core/account/account-service';
import type { ServiceCacheRepo } from '@core/db/service-cache-repo';
import type { SessionManager } from '@core/session/session-manager';
import { PURCHASE_QUANTITY, buyCreditsInput } from '@shared/contract/billing';
import { updateWebhookInput } from '@shared/contract/account';

describe('billing contract rules', () => {
  it('uses the wire module’s purchase limits (shared cannot import core, so they are repeated)', () => {
    expect(PURCHASE_QUANTITY).toEqual({ min: LIMITS.purchaseQuantityMin, max: LIMITS.purchaseQuantityMax });
  });

  it('accepts exactly one of quantity and planId, with short plain ids', () => {
    expect(buyCreditsInput.safeParse({ quantity: 250 }).success).toBe(true);
    expect(
      buyCreditsInput.safeParse({ planId: '0f8c2d1e-1111-4000-8000-000000000001', cardId: 'card_1' }).success,
    ).toBe(true);
    expect(buyCreditsInput.safeParse({ planId: 'x', cardId: 'has space' }).success).toBe(false);
    expect(buyCreditsInput.safeParse({ quantity: 1_000_000 }).success).toBe(true);
    expect(buyCreditsInput.safeParse({ quantity: 249 }).success).toBe(false);
  });

  it('webhook: https anywhere, http only to this computer', () => {
    const ok = (url: string) => updateWebhookInput.safeParse({ url }).success;
    expect(ok('https://loja.example/hook')).toBe(true);
    expect(ok('')).toBe(true);
    expect(ok('http://127.0.0.1:8080/hook')).toBe(true);
    expect(ok('http://localhost/hook')).toBe(true);
    expect(ok('http://[::1]:9000/')).toBe(true);
    expect(ok('http://127.0.0.1.evil.example/hook')).toBe(false);
    expect(ok('http://loja.example/hook')).toBe(false);
  });

  it('webhook: a live account cannot point at this computer (stub session: live mode needs a real account)', async () => {
    const session = { info: () => ({ mode: 'live' }) } as unknown as SessionManager;
    const settings = new WebhookSettings(
      session,
      {} as AccountService,
      {} as ServiceCacheRepo,
      () => new Date(),
    );
    await expect(settings.update({ url: 'http://127.0.0.1:8080/hook' })).rejects.toMatchObject({
      code: 'invalid_input',
      details: { fields: [{ field: 'url' }] },
    });
  });
});
