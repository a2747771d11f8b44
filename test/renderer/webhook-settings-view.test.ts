import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import WebhookSettingsView from '@renderer/views/settings/WebhookSettingsView.vue';
import { installFakeBridge, sampleWebhook } from './fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from './mount-helpers';

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
