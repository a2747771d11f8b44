/**
 * The signature-checking snippets the webhook settings show are real code:
 * the Node one is imported and run, the Python one is run by python3 (where
 * installed), both against bodies signed by the core's own signer. PHP is not
 * installed here; its snippet is checked for the calls that make it right.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { signWebhookBody } from '@shared/webhook/signature';
import { webhookSnippet, type SnippetWords } from '../../../src/renderer/src/views/settings/webhook-snippets';

const WORDS: SnippetWords = { rawBody: 'raw body', reject: 'refuse', secret: 'secret from env' };
const SECRET = 'whsec_3f9a0123456789abcdef';
const BODY = JSON.stringify({
  id: 'evt_1',
  type: 'message.status',
  data: { phone: '+5511900000003', text: 'Olá, ação!' },
});
const dir = mkdtempSync(join(tmpdir(), 'torpedo-snippets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cases = async () => [
  { header: await signWebhookBody(BODY, SECRET), expected: true },
  { header: await signWebhookBody(BODY, 'whsec_other'), expected: false },
  { header: await signWebhookBody(`${BODY} `, SECRET), expected: false },
  { header: (await signWebhookBody(BODY, SECRET)).replace('sha256=', ''), expected: false },
  { header: '', expected: false },
  { header: 'sha256=' + 'é'.repeat(64), expected: false },
];

describe('webhook signature snippets', () => {
  it('Node: accepts exactly the bodies signed with the secret', async () => {
    const file = join(dir, 'verify.mjs');
    writeFileSync(file, webhookSnippet('node', WORDS));
    const { isFromSmsGo } = (await import(pathToFileURL(file).href)) as {
      isFromSmsGo: (raw: Buffer, header: string | undefined, secret: string) => boolean;
    };
    for (const c of await cases())
      expect(isFromSmsGo(Buffer.from(BODY), c.header, SECRET), c.header).toBe(c.expected);
    expect(isFromSmsGo(Buffer.from(BODY), undefined, SECRET)).toBe(false);
  });

  const python = spawnSync('python3', ['--version']).status === 0;
  it.skipIf(!python)('Python: accepts exactly the bodies signed with the secret (python3)', async () => {
    const file = join(dir, 'verify.py');
    const runner = `
import json, sys
${webhookSnippet('python', WORDS)}
cases = json.loads(sys.argv[1])
body = sys.argv[2].encode()
print(json.dumps([is_from_smsgo(body, c["header"], sys.argv[3]) for c in cases] + [is_from_smsgo(body, None, sys.argv[3])]))
`;
    writeFileSync(file, runner);
    const run = spawnSync('python3', [file, JSON.stringify(await cases()), BODY, SECRET], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([...(await cases()).map((c) => c.expected), false]);
  });

  it('PHP: HMAC-SHA256 in hex over the raw input, compared with hash_equals', () => {
    const code = webhookSnippet('php', WORDS);
    expect(code).toContain("file_get_contents('php://input')");
    expect(code).toContain("'sha256=' . hash_hmac('sha256', $rawBody, $secret)");
    expect(code).toContain("$_SERVER['HTTP_X_SMSGO_SIGNATURE']");
    expect(code).toContain('hash_equals($expected, $given)');
  });

  it('carries no secret and the comments in the words given', () => {
    for (const language of ['node', 'php', 'python'] as const) {
      const code = webhookSnippet(language, WORDS);
      expect(code).not.toMatch(/whsec_/);
      expect(code).toContain('raw body');
      expect(code).toContain('refuse');
    }
  });
});
