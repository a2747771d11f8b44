/**
 * A segment can require consent (LGPD): `consentimento = sim` keeps only the
 * contacts whose legal basis on record is consent (legitimate interest is
 * not consent), through the real core's dispatch, and a campaign to such a
 * segment sends to them alone.
 */
import { describe, expect, it } from 'vitest';
import type { ContactsPageView } from '@shared/dto';
import type { SegmentCountView } from '@shared/dto/segments';
import type { SegmentDefinition } from '@shared/segments/segment-model';
import { ok, shopCore } from './segment-fixture';

describe('a segment that requires consent', () => {
  it('takes only the contacts with consent on record, in either language, and follows a withdrawn consent', async () => {
    const { core } = await shopCore();
    const page = ok<ContactsPageView>(await core.dispatch('contacts:search', { limit: 10 }));
    const idOf = (name: string) => page.rows.find((r) => r.name === name)!.id;
    const record = (name: string, basis: 'consent' | 'legitimate_interest' | null) =>
      core.dispatch('contacts:update', {
        id: idOf(name),
        consent: basis && { basis, source: 'ficha da loja', at: '2026-03-15' },
      });
    ok(await record('Ana', 'consent'));
    ok(await record('Bia', 'consent'));
    ok(await record('Caio', 'legitimate_interest'));

    const count = async (where: string[]) => {
      const definition = ok<SegmentDefinition>(await core.dispatch('segments:read', { where }));
      return ok<SegmentCountView>(await core.dispatch('segments:count', definition)).contacts;
    };
    const total = page.rows.length;
    expect(await count(['consentimento = sim'])).toBe(2);
    expect(await count(['consent = yes'])).toBe(2);
    expect(await count(['consentimento = não'])).toBe(total - 2);
    expect(await count(['consentimento = sim', 'uf = PE'])).toBe(
      (await count(['uf = PE'])) - (await count(['uf = PE', 'consentimento = não'])),
    );

    // Bia withdraws her consent: the saved segment leaves her out at once.
    const saved = ok<{ id: string }>(
      await core.dispatch('segments:create', {
        name: 'Com consentimento',
        ...ok<SegmentDefinition>(await core.dispatch('segments:read', { where: ['consentimento = sim'] })),
      }),
    );
    ok(await record('Bia', null));
    expect(ok<SegmentCountView>(await core.dispatch('segments:count', { id: saved.id })).contacts).toBe(1);
  });
});
