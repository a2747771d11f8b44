/**
 * `torpedo campaign create` warns of what the composer warns of (issue 37
 * item 5): each check on stderr in the terminal's language, and `checks` in
 * its --json; a message that passes says nothing. Real data folder, real core.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run';
import { appLanguage } from '@shared/app-language';
import { composeCheckInWords } from '@shared/compose-checks/compose-check-words';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { openDatabase } from '@core/db/open-database';
import { createRulesRepo } from '@core/rules/rules-repo';
import { ANY_TIME } from '../support/any-time-rules';
import { tempFolders } from '../support/cli-process';

const newFolder = tempFolders('torpedo-cli-campaign-checks-');
const language = appLanguage(Intl.DateTimeFormat().resolvedOptions().locale);

/** List "Clientes": Ana and a contact with no name; the rules as given. */
function folder(rules: { prefix: string; howToStop: 'on' | 'off' }): string {
  const dataDir = newFolder();
  const db = openDatabase(join(dataDir, 'torpedo.db'));
  try {
    createRulesRepo(db).set({ ...ANY_TIME, ...rules }, new Date());
    const repo = createContactsRepo(db);
    const list = repo.createList('default', 'Clientes');
    const contact = (name: string, phone: string) => ({ name, phone, email: null, fields: {} });
    repo.upsertMany(
      'default',
      [contact('Ana Souza', '+5511987650001'), contact('', '+5511987650002')],
      'update',
      list.id,
    );
  } finally {
    db.close();
  }
  return dataDir;
}

async function create(dataDir: string, message: string, json: boolean) {
  let stdout = '';
  let stderr = '';
  const argv = ['campaign', 'create', '--message', message, '--list', 'Clientes', '--data-dir', dataDir];
  const code = await runCli(json ? [...argv, '--json'] : argv, {
    env: {},
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  });
  return { code, stdout, stderr };
}

describe('torpedo campaign create: the message checks', () => {
  it('warns on stderr and lists the checks in --json; the draft is still made', async () => {
    const dataDir = folder({ prefix: '', howToStop: 'off' });
    const shouted = 'OI {{nome}}, PROMOÇÃO IMPERDÍVEL HOJE: bit.ly/promo';

    const asJson = await create(dataDir, shouted, true);
    expect(asJson.code, asJson.stderr).toBe(0);
    const summary = JSON.parse(asJson.stdout);
    expect(summary.checks).toEqual([
      { id: 'noBusinessName', severity: 'warn', params: {} },
      { id: 'noWayToStop', severity: 'warn', params: {} },
      { id: 'otherShortener', severity: 'warn', params: { hosts: 'bit.ly' } },
      { id: 'allCapitals', severity: 'warn', params: {} },
      // The contact with no name: the estimate's own count.
      { id: 'fieldWithoutFallback', severity: 'warn', params: { field: '{{nome}}', count: 1 } },
    ]);
    for (const check of summary.checks) expect(asJson.stderr).toContain(composeCheckInWords(check, language));

    const asWords = await create(dataDir, shouted, false);
    expect(asWords.code).toBe(0);
    expect(asWords.stdout).toContain('Send it with: torpedo campaign send');
    expect(asWords.stderr.trim().split('\n')).toHaveLength(5);
    expect(asWords.stderr).toContain('bit.ly');
  });

  it('says nothing of a message that passes with the rules on', async () => {
    const dataDir = folder({ prefix: 'Pet Feliz:', howToStop: 'on' });
    const result = await create(dataDir, 'Oi {{primeiro_nome|}}! Banho e tosa com 10% esta semana.', true);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).checks).toEqual([]);
    expect(result.stderr).toBe('');
  });
});
