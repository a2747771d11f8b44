import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import WebhookSettingsView from '@renderer/views/settings/WebhookSettingsView.vue';
import { installFakeBridge, ok, sampleWebhook } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const SECRET = 'whsec_0123456789abcdef3f9a';

describe('WebhookSettingsView (with a fake bridge)', () => {
  it('shows the address and the masked secret', async () => {
    const bridge = installFakeBridge();
    await mountInApp(WebhookSettingsView);

    expect(bridge.inputsOf('account:webhook')).toEqual([{}]);
    expect(squash(byTestId('webhook-url').textContent)).toBe(sampleWebhook.url);
    expect(squash(byTestId('webhook-secret').textContent)).toBe('whsec_••••••••3f9a');
  });

  it('reveals the secret on the first click and hides it on the second', async () => {
    const bridge = installFakeBridge().reply('account:revealWebhookSecret', { secret: SECRET });
    await mountInApp(WebhookSettingsView);
    const reveal = byTestId('webhook-reveal');

    await click(reveal);
    expect(squash(byTestId('webhook-secret').textContent)).toBe(SECRET);
    expect(squash(reveal.textContent)).toBe('Ocultar');

    await click(reveal);
    expect(squash(byTestId('webhook-secret').textContent)).toBe('whsec_••••••••3f9a');
    expect(squash(reveal.textContent)).toBe('Mostrar');
    expect(bridge.inputsOf('account:revealWebhookSecret')).toHaveLength(1);
  });

  it('copies through main and says so', async () => {
    const bridge = installFakeBridge().reply('account:copyWebhookSecret', { copied: true });
    await mountInApp(WebhookSettingsView);

    await click(byTestId('webhook-copy'));

    expect(bridge.inputsOf('account:copyWebhookSecret')).toEqual([{}]);
    expect(document.body.textContent).toContain('Copiado para a área de transferência');
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('says plainly when no webhook is configured', async () => {
    installFakeBridge().reply('account:webhook', {
      ...sampleWebhook,
      url: null,
      hasSecret: false,
      maskedSecret: null,
    });
    await mountInApp(WebhookSettingsView);

    expect(squash(byTestId('webhook-url').textContent)).toBe('Nenhum webhook configurado');
    expect(queryTestId('webhook-reveal')).toBeNull();
  });

  it('warns that the details are the last saved ones when the service is unreachable', async () => {
    installFakeBridge().reply('account:webhook', { ...sampleWebhook, stale: true });
    await mountInApp(WebhookSettingsView);

    expect(document.body.textContent).toContain(
      'Sem conexão com o serviço: mostrando os últimos dados guardados',
    );
  });

  it('explains a failure to read the webhook and offers to try again', async () => {
    const bridge = installFakeBridge().fail('account:webhook', 'network_error');
    await mountInApp(WebhookSettingsView);

    expect(document.body.textContent).toContain(
      'Sem conexão com o serviço. Verifique sua internet e tente de novo.',
    );
    bridge.reply('account:webhook', sampleWebhook);
    const retry = [...document.querySelectorAll('button')].find(
      (b) => squash(b.textContent) === 'Tentar de novo',
    );
    await click(retry as HTMLElement);
    expect(squash(byTestId('webhook-url').textContent)).toBe(sampleWebhook.url);
  });
});

async function type(testId: string, value: string): Promise<void> {
  const input = byTestId(testId).querySelector('input')!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await flushPromises();
}

describe('WebhookSettingsView editing (with a fake bridge)', () => {
  it('saves an https address, and refuses anything else before sending', async () => {
    const bridge = installFakeBridge()
      .reply('account:webhook', { ...sampleWebhook, url: null })
      .handle('account:updateWebhook', (input) => ok({ ...sampleWebhook, url: input.url || null }));
    await mountInApp(WebhookSettingsView);
    const save = byTestId('webhook-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    for (const bad of [
      'http://padaria.example.com/hook',
      'padaria.example.com',
      'https://user:pw@padaria.example.com/',
    ]) {
      await type('webhook-url-input', bad);
      await click(save);
      expect(squash(byTestId('webhook-url-error').textContent), bad).toBe(
        'Digite o endereço completo, começando com https://',
      );
    }
    expect(bridge.inputsOf('account:updateWebhook')).toEqual([]);

    await type('webhook-url-input', '  https://padaria.example.com.br/sms  ');
    expect(queryTestId('webhook-url-error')).toBeNull();
    await click(save);
    expect(bridge.inputsOf('account:updateWebhook')).toEqual([{ url: 'https://padaria.example.com.br/sms' }]);
    expect(squash(byTestId('webhook-url').textContent)).toBe('https://padaria.example.com.br/sms');
    expect(document.body.textContent).toContain('Endereço do webhook salvo.');
  });

  it("shows the core's reason when it refuses the address (a loopback address on a live account)", async () => {
    installFakeBridge().fail('account:updateWebhook', 'invalid_input', {
      fields: [{ field: 'url', message: 'A live account needs an https:// address the service can reach' }],
    });
    await mountInApp(WebhookSettingsView);
    await type('webhook-url-input', 'http://127.0.0.1:8080/hook');
    await click(byTestId('webhook-save'));
    expect(squash(byTestId('webhook-url-error').textContent)).toBe(
      'O serviço recusou este endereço: A live account needs an https:// address the service can reach',
    );
  });

  it('disables only after a confirmation', async () => {
    const bridge = installFakeBridge().reply('account:updateWebhook', { ...sampleWebhook, url: null });
    await mountInApp(WebhookSettingsView);
    await click(byTestId('webhook-disable'));
    expect(document.body.textContent).toContain(`O SMSGo deixa de enviar avisos para ${sampleWebhook.url}.`);
    expect(bridge.inputsOf('account:updateWebhook')).toEqual([]);
    await click(byTestId('webhook-disable-confirm'));
    expect(bridge.inputsOf('account:updateWebhook')).toEqual([{ url: '' }]);
    expect(squash(byTestId('webhook-url').textContent)).toBe('Nenhum webhook configurado');
  });

  it('rotates after a confirmation that names what breaks, and shows the new secret if it was shown', async () => {
    let secret = SECRET;
    const bridge = installFakeBridge()
      .handle('account:revealWebhookSecret', () => ok({ secret }))
      .handle('account:updateWebhook', () => {
        secret = 'whsec_new000000000000000b7c1';
        return ok({ ...sampleWebhook, maskedSecret: 'whsec_••••••••b7c1' });
      });
    await mountInApp(WebhookSettingsView);
    await click(byTestId('webhook-reveal'));
    expect(squash(byTestId('webhook-secret').textContent)).toBe(SECRET);

    await click(byTestId('webhook-rotate'));
    expect(squash(byTestId('webhook-rotate-warning').textContent)).toContain(
      'o receptor atual vai rejeitar eventos até você atualizar o segredo nele',
    );
    expect(bridge.inputsOf('account:updateWebhook')).toEqual([]);
    await click(byTestId('webhook-rotate-confirm'));

    expect(bridge.inputsOf('account:updateWebhook')).toEqual([{ rotateSecret: true }]);
    expect(squash(byTestId('webhook-secret').textContent)).toBe('whsec_new000000000000000b7c1');
    expect(document.body.textContent).toContain('Novo segredo gerado. Atualize-o no seu sistema.');
  });

  it("sends a test event and shows the receiver's status and latency, labelled simulated when it is", async () => {
    const bridge = installFakeBridge().reply('account:testWebhook', {
      delivered: true,
      status: 200,
      latencyMs: 42,
      simulated: true,
    });
    await mountInApp(WebhookSettingsView);
    await click(byTestId('webhook-test'));

    expect(bridge.inputsOf('account:testWebhook')).toEqual([{}]);
    const result = byTestId('webhook-test-result');
    expect(result.dataset.status).toBe('200');
    expect(squash(result.textContent)).toContain('O receptor respondeu HTTP 200 em 42 ms.');
    expect(squash(byTestId('webhook-test-simulated').textContent)).toBe('simulado');
  });

  it('a receiver that refuses or does not answer is explained; the demo delivery is not "simulated"', async () => {
    const bridge = installFakeBridge().reply('account:testWebhook', {
      delivered: false,
      status: 401,
      latencyMs: 15,
      simulated: false,
      error: 'The receiver answered HTTP 401.',
    });
    await mountInApp(WebhookSettingsView);
    await click(byTestId('webhook-test'));
    expect(squash(byTestId('webhook-test-result').textContent)).toContain(
      'O receptor respondeu HTTP 401 em 15 ms: ele não aceitou o evento.',
    );
    expect(queryTestId('webhook-test-simulated')).toBeNull();

    bridge.reply('account:testWebhook', {
      delivered: false,
      status: null,
      latencyMs: 5000,
      simulated: true,
      failure: 'refused',
      error: 'The receiver could not be reached (ECONNREFUSED).',
    });
    await click(byTestId('webhook-test'));
    // The owner's words first; the transport's code only as the folded technical detail.
    expect(squash(byTestId('webhook-test-result').textContent)).toContain(
      'Ninguém atendeu neste endereço: confira se o seu sistema está no ar e a porta está certa.',
    );
    expect(byTestId('webhook-test-result').querySelector('details')?.open).toBe(false);
    // Named in the owner's words (not "Detalhe técnico"): what it is, and who it is for.
    expect(squash(byTestId('webhook-test-result').querySelector('summary')?.textContent)).toBe(
      'A mensagem de erro, para quem cuida do seu sistema',
    );
    expect(squash(byTestId('webhook-test-result').textContent)).toContain('ECONNREFUSED');
  });

  it('the test button waits for an address', async () => {
    installFakeBridge().reply('account:webhook', { ...sampleWebhook, url: null });
    await mountInApp(WebhookSettingsView);
    expect((byTestId('webhook-test') as HTMLButtonElement).disabled).toBe(true);
    expect(document.body.textContent).toContain('Informe um endereço para enviar um evento de teste.');
  });

  it('opens with what a webhook is for and who needs it; the signature scheme waits in a part for developers', async () => {
    installFakeBridge();
    await mountInApp(WebhookSettingsView);
    const first = squash(document.querySelector('p')?.textContent);
    expect(first).toMatch(/^O webhook avisa outro sistema seu \(uma loja virtual, um ERP\)/);
    expect(first).toContain('pode deixar em branco');
    expect(document.body.textContent).not.toContain('X-SMSGo-Signature');
    expect(queryTestId('webhook-snippets')).toBeNull();

    await click(byTestId('webhook-developers'));
    expect(byTestId('webhook-snippets').textContent).toContain('X-SMSGo-Signature');
  });

  it('the signature snippets switch with the keyboard and hold no secret', async () => {
    installFakeBridge();
    await mountInApp(WebhookSettingsView);
    await click(byTestId('webhook-developers'));
    expect(byTestId('webhook-snippet-node').textContent).toContain("createHmac('sha256', secret)");
    const tabs = [...document.querySelectorAll<HTMLElement>('[role="tab"]')];
    expect(tabs.map((t) => squash(t.textContent))).toEqual(['Node.js', 'PHP', 'Python']);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);

    tabs[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await flushPromises();
    expect(byTestId('webhook-snippet-php').textContent).toContain('hash_equals($expected, $given)');
    tabs[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    await flushPromises();
    expect(byTestId('webhook-snippet-python').textContent).toContain('hmac.compare_digest');
    expect(document.body.textContent).not.toContain(SECRET);
  });
});
