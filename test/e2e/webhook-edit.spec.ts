import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '@shared/webhook/signature';
import { expect, test } from './harness/fixtures';

/** A webhook receiver in the test process, on this computer only. */
async function startReceiver(status = 200) {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/webhook`;
  return {
    url,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test.beforeEach(async ({ page, torpedo }) => {
  await torpedo.signInDemo();
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-webhook-tab').click();
  await expect(page.getByTestId('webhook-secret')).toContainText('•');
});

test('rotating the secret asks first, naming what breaks, and the revealed secret changes', async ({
  page,
  torpedo,
}) => {
  const shown = page.getByTestId('webhook-secret');
  await page.getByTestId('webhook-reveal').click();
  await expect(shown).toHaveText(/^\s*whsec_/);
  const before = (await shown.innerText()).trim();

  await page.getByTestId('webhook-rotate').click();
  await expect(page.getByTestId('webhook-rotate-warning')).toContainText(
    'o receptor atual vai rejeitar eventos até você atualizar o segredo nele',
  );
  await page.getByTestId('webhook-rotate-confirm').click();

  await expect(shown).not.toHaveText(before);
  await expect(shown).toHaveText(/^\s*whsec_\S{16,}\s*$/);
  const { secret } = await torpedo.invoke('account:revealWebhookSecret');
  expect(secret).not.toBe(before);
  await expect(shown).toHaveText(secret!);
});

test('a test event reaches a local receiver, signed with the secret, and its status shows', async ({
  page,
  torpedo,
}) => {
  const receiver = await startReceiver(200);
  try {
    await page.getByTestId('webhook-url-input').locator('input').fill(receiver.url);
    await page.getByTestId('webhook-save').click();
    await expect(page.getByTestId('webhook-url')).toHaveText(receiver.url);
    expect((await torpedo.invoke('account:webhook')).url).toBe(receiver.url);

    await page.getByTestId('webhook-test').click();
    const result = page.getByTestId('webhook-test-result');
    await expect(result).toHaveAttribute('data-status', '200');
    await expect(result).toContainText(/O receptor respondeu HTTP 200 em \d+ ms\./);
    // Demo mode: the built-in sandbox delivered it, as the service would; not simulated.
    await expect(result).toHaveAttribute('data-simulated', 'false');

    expect(receiver.received).toHaveLength(1);
    const delivery = receiver.received[0]!;
    const { secret } = await torpedo.invoke('account:revealWebhookSecret');
    const signature = delivery.headers['x-smsgo-signature'];
    expect(typeof signature).toBe('string');
    expect(await verifyWebhookSignature(delivery.body, signature as string, secret!)).toBe(true);
    expect(await verifyWebhookSignature(delivery.body, signature as string, 'whsec_wrong')).toBe(false);
    expect(JSON.parse(delivery.body)).toMatchObject({ event: 'sms.status', data: { status: 'delivered' } });
  } finally {
    await receiver.close();
  }
});

test('only https addresses (or this computer) are accepted, and disabling asks first', async ({
  page,
  torpedo,
}) => {
  const input = page.getByTestId('webhook-url-input').locator('input');
  await input.fill('http://example.com/hook');
  await page.getByTestId('webhook-save').click();
  await expect(page.getByTestId('webhook-url-error')).toHaveText(
    'Digite o endereço completo, começando com https://',
  );
  expect((await torpedo.invoke('account:webhook')).url).toBeNull();

  await input.fill('https://padaria.example.com.br/sms');
  await expect(page.getByTestId('webhook-url-error')).toHaveCount(0);
  await input.press('Enter');
  await expect(page.getByTestId('webhook-url')).toHaveText('https://padaria.example.com.br/sms');

  await page.getByTestId('webhook-disable').click();
  await page.getByTestId('webhook-disable-confirm').click();
  await expect(page.getByTestId('webhook-url')).toHaveText('Nenhum webhook configurado');
  expect((await torpedo.invoke('account:webhook')).url).toBeNull();
  await expect(page.getByTestId('webhook-test')).toBeDisabled();
});

test('the signature snippets: Node, PHP and Python, in monospace, without the secret', async ({
  page,
  torpedo,
}) => {
  const { secret } = await torpedo.invoke('account:revealWebhookSecret');
  await page.getByTestId('webhook-developers').click();
  const node = page.getByTestId('webhook-snippet-node');
  await expect(node).toContainText("createHmac('sha256', secret)");
  await expect(node).toContainText('timingSafeEqual');
  await expect(node).toHaveCSS('font-family', /mono/i);
  await page.getByRole('tab', { name: 'PHP' }).click();
  await expect(page.getByTestId('webhook-snippet-php')).toContainText('hash_equals');
  await page.getByRole('tab', { name: 'Python' }).click();
  await expect(page.getByTestId('webhook-snippet-python')).toContainText('hmac.compare_digest');
  await expect(page.locator('body')).not.toContainText(secret!);
});
