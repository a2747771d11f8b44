/**
 * "Como sair" left unset follows the server connection (the server domain's
 * answer, given to the rules module): on for a profile whose replies a
 * Torpedo Server reads, off for one whose replies nobody reads. The owner's
 * on or off holds whatever the server. On a real SQLite file.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@core/db/open-database';
import { createRulesModule } from '@core/rules/rules-module';
import { HOW_TO_STOP_SUFFIX } from '@shared/rules/how-to-stop';
import { tempDir } from '../../support/temp-dir';

function rulesWith(connected: Set<string>, signedIn: () => string) {
  const db = openDatabase(join(tempDir(), 'torpedo.db'));
  const rules = createRulesModule(
    { db, now: () => new Date('2026-12-01T12:00:00Z'), profile: signedIn },
    { serverConnected: (profile) => connected.has(profile) },
  );
  return { db, rules };
}

describe('Como sair unset: on exactly while a server reads the profile’s replies', () => {
  it('frames the connected profile’s messages, not the other’s, until the owner chooses', async () => {
    const connected = new Set(['loja']);
    const { rules } = rulesWith(connected, () => 'loja');
    expect(rules.frame('loja')).toEqual({ prefix: '', suffix: HOW_TO_STOP_SUFFIX });
    expect(rules.frame('demo')).toEqual({ prefix: '', suffix: '' });
    expect(await rules.handlers['rules:get']({})).toMatchObject({
      rules: { howToStop: 'unset' },
      howToStop: { on: true, serverConnected: true },
    });

    // Disconnected: unset follows, the sentence goes.
    connected.delete('loja');
    expect(rules.frame('loja').suffix).toBe('');

    // The owner's word holds whatever the server.
    await rules.handlers['rules:set']({ howToStop: 'on', prefix: 'Loja Maria:' });
    expect(rules.frame('loja')).toEqual({ prefix: 'Loja Maria:', suffix: HOW_TO_STOP_SUFFIX });
    connected.add('loja');
    await rules.handlers['rules:set']({ howToStop: 'off' });
    expect(rules.frame('loja').suffix).toBe('');
    expect((await rules.handlers['rules:get']({})).howToStop).toEqual({ on: false, serverConnected: true });
  });

  it('signed out: no profile, so no server is said to read replies', async () => {
    const { rules } = rulesWith(new Set(['loja']), () => {
      throw new Error('not signed in');
    });
    expect((await rules.handlers['rules:get']({})).howToStop).toEqual({ on: false, serverConnected: false });
  });
});
