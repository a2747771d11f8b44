import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { expect, test } from './harness/fixtures';
import { signInWithKey } from './harness/sign-in-with-key';
import { startRecordingProxy, type RecordingProxy } from './harness/recording-proxy';

/**
 * No secret anywhere: after a session that signs in with an account key and
 * uses the app (contacts, a campaign, a purchase, the webhook secret shown),
 * neither the key nor any bearer token the service issued appears in the
 * data folder's files (torpedo.db, its WAL, anything else), in the built
 * renderer, in the page's storage, or in what the page logged. The tokens are
 * read off the wire by a proxy between the app and the sandbox.
 */
let sandbox: Sandbox;
let proxy: RecordingProxy;

test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  proxy = await startRecordingProxy(sandbox.url);
});
test.afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
});

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The files whose bytes contain `secret` (as UTF-8 or UTF-16, as SQLite may store text). */
function holding(files: string[], secret: string): string[] {
  const needles = [Buffer.from(secret, 'utf8'), Buffer.from(secret, 'utf16le')];
  return files.filter((file) => {
    const bytes = readFileSync(file);
    return needles.some((needle) => bytes.includes(needle));
  });
}

test('the account key and its tokens are nowhere but the keychain', async ({ page, torpedo }) => {
  const key = `test_no_secrets_${Date.now()}_abcdefgh`;
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(m.text()));

  await signInWithKey(page, torpedo, proxy.url, key);

  // Use the app as a shop owner would: a contact, a list, a campaign sent, a purchase, the webhook secret.
  const list = await torpedo.invoke('lists:create', { name: 'Clientes' });
  await torpedo.invoke('contacts:create', { name: 'Maria', phone: '11 98765-4321', listIds: [list.id] });
  const draft = await torpedo.invoke('campaigns:create', { name: 'Oferta' });
  await torpedo.invoke('campaigns:saveDraft', {
    id: draft.id,
    template: 'Oi {{nome}}, tem oferta!',
    audience: { listIds: [list.id], contactIds: [] },
  });
  await torpedo.invoke('campaigns:send', { id: draft.id });
  await torpedo.invoke('credits:buy', { quantity: 1000 });
  await page.getByTestId('nav-credits').click();
  await page.getByTestId('nav-settings').click();
  await torpedo.invoke('account:revealWebhookSecret');
  await torpedo.invoke('session:signOut', { deleteLocalData: false });

  const tokens = [
    ...new Set(
      proxy.headers
        .map((h) => /^Bearer\s+(\S+)$/.exec(String(h.authorization ?? ''))?.[1])
        .filter((t): t is string => t !== undefined),
    ),
  ];
  expect(tokens.length, 'the app used at least one token').toBeGreaterThan(0);
  const secrets = [key, ...tokens];

  const dataFiles = filesUnder(torpedo.dataDir);
  expect(dataFiles.some((f) => f.endsWith('torpedo.db'))).toBe(true);
  // The search can see what was written: the contact's name is there, so a secret would be too.
  expect(holding(dataFiles, 'Maria').length).toBeGreaterThan(0);
  const renderer = filesUnder(join(import.meta.dirname, '..', '..', 'out', 'renderer'));
  const storage = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  for (const secret of secrets) {
    const label = secret === key ? 'the account key' : 'a token';
    expect(holding(dataFiles, secret), `${label} in the data folder`).toEqual([]);
    expect(holding(renderer, secret), `${label} in the built renderer`).toEqual([]);
    expect(storage.includes(secret), `${label} in the page's storage`).toBe(false);
    expect(
      consoleLines.filter((l) => l.includes(secret)),
      `${label} in the page's log`,
    ).toEqual([]);
  }
});
