/**
 * The contacts repo's consent records on a real SQLite file: kept by number
 * (they outlive the contact), their label given only where none is on
 * record, and the erase's way to delete a number's evidence (privacy:erase
 * calls it) leaving other numbers' alone.
 */
import { describe, expect, it } from 'vitest';
import type { ConsentEvidence } from '@shared/dto';
import { openRepo, row } from './repo-fixture';

const evidence = (over: Partial<ConsentEvidence> = {}): ConsentEvidence => ({
  basis: 'consent',
  words: 'Aceito ofertas por SMS',
  channel: 'site',
  collectedBy: null,
  source: null,
  givenAt: '2024-04-20',
  ...over,
});

describe('consent records', () => {
  it('outlive the contact, give a label only where none is recorded, and go with an erase', () => {
    const { repo } = openRepo();
    repo.upsertMany('default', [row('Ana', '+5581987650001'), row('Bia', '+5581987650002')], 'skip');
    const bia = repo.search({ profile: 'default', query: 'Bia', offset: 0, limit: 5 }).rows[0]!;
    repo.update('default', bia.id, {
      consent: { basis: 'legitimate_interest', source: 'cliente antiga', at: null },
    });

    repo.addConsentRecords('default', [
      { phone: '+5581987650001', evidence: evidence() },
      { phone: '+5581987650002', evidence: evidence({ source: 'planilha' }) },
    ]);
    const ana = repo.search({ profile: 'default', query: 'Ana', offset: 0, limit: 5 }).rows[0]!;
    expect(ana.consent).toEqual({ basis: 'consent', source: null, at: '2024-04-20' });
    // Bia's label is the owner's: the file's evidence joins her history, the label stays.
    expect(repo.get('default', bia.id)!.consent).toEqual({
      basis: 'legitimate_interest',
      source: 'cliente antiga',
      at: null,
    });
    expect(repo.consentRecords('default', '+5581987650002').map((r) => r.basis)).toEqual([
      'consent',
      'legitimate_interest',
    ]);

    // Deleted (and purged), the contact's evidence stays with the number.
    repo.delete('default', [ana.id]);
    expect(repo.consentRecords('default', '+5581987650001')).toHaveLength(1);

    expect(repo.eraseConsentRecords('default', ['+5581987650001'])).toBe(1);
    expect(repo.consentRecords('default', '+5581987650001')).toEqual([]);
    expect(repo.consentRecords('default', '+5581987650002')).toHaveLength(2);
    // Another profile's records are its own.
    expect(repo.consentRecords('other', '+5581987650002')).toEqual([]);
  });
});
