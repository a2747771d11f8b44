import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatusView } from '@shared/dto/server';
import ServerSettingsView from '@renderer/views/settings/ServerSettingsView.vue';
import { fail, installFakeBridge, ok, sampleWebhook } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const notConnected: ServerStatusView = {
  connected: false,
  url: null,
  deviceName: null,
  hookUrl: null,
  previousWebhookUrl: null,
  webhookPointsHere: null,
  sync: { at: null, error: null },
  unread: 0,
};

const connected = (over: Partial<ServerStatusView> = {}): ServerStatusView => ({
  connected: true,
  url: 'https://torpedo.padaria.com.br',
  deviceName: 'Caixa da loja',
  hookUrl: 'https://torpedo.padaria.com.br/hooks/smsgo/h_7f3a',
  previousWebhookUrl: sampleWebhook.url,
  webhookPointsHere: true,
  sync: { at: new Date(Date.now() - 5 * 60_000).toISOString(), error: null },
  unread: 2,
  ...over,
});

async function type(testId: string, value: string): Promise<void> {
  const input = byTestId(testId).querySelector('input')!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await flushPromises();
}

describe('Configurações › Servidor, not connected (with a fake bridge)', () => {
  it('says what a server is for, where it runs, and where the README tells how to run one', async () => {
    installFakeBridge().reply('server:status', notConnected);
    await mountInApp(ServerSettingsView);
    const intro = squash(byTestId('server-intro').textContent);
    expect(intro).toContain(
      'as respostas aos SMS aparecem em Respostas, quem responde SAIR deixa de receber',
    );
    expect(intro).toContain('as entregas e os cliques entram nos relatórios assim que acontecem');
    expect(intro).toContain('endereço público https://');
    expect(intro).toContain('seção "Torpedo Server (opcional)" do README');
    expect(queryTestId('server-connected')).toBeNull();
  });

  it('checks the address and the code as the contract does before asking anything', async () => {
    const bridge = installFakeBridge().reply('server:status', notConnected);
    await mountInApp(ServerSettingsView);
    await click(byTestId('server-connect'));
    expect(squash(byTestId('server-url-input-error').textContent)).toBe('Digite o endereço do servidor.');
    expect(squash(byTestId('server-code-input-error').textContent)).toBe('Digite o código de conexão.');

    for (const bad of ['http://torpedo.padaria.com.br', 'torpedo.padaria.com.br', 'ftp://127.0.0.1']) {
      await type('server-url-input', bad);
      expect(squash(byTestId('server-url-input-error').textContent), bad).toContain(
        'Digite o endereço completo, começando com https://',
      );
    }
    await type('server-code-input', '1234 5678');
    expect(squash(byTestId('server-code-input-error').textContent)).toBe(
      'O código tem 8 dígitos, assim: 1234-5678.',
    );
    // A server on this computer may be plain http.
    await type('server-url-input', 'http://127.0.0.1:8787/');
    expect(queryTestId('server-url-input-error')).toBeNull();
    await click(byTestId('server-connect'));
    expect(queryTestId('server-connect-sentence')).toBeNull();
    expect(bridge.inputsOf('server:connect')).toEqual([]);
  });

  it("connects only after a sentence that names the current webhook coming back, and shows the server's status", async () => {
    const bridge = installFakeBridge()
      .reply('server:status', notConnected)
      .handle('server:connect', (input) => ok(connected({ url: input.url })));
    await mountInApp(ServerSettingsView);
    await type('server-url-input', ' https://torpedo.padaria.com.br/ ');
    await type('server-code-input', '4821-0937');
    await click(byTestId('server-connect'));

    expect(squash(byTestId('server-connect-sentence').textContent)).toBe(
      `Os eventos da sua conta (respostas, entregas e cliques) passam a ir para este servidor; o endereço de webhook atual, ${sampleWebhook.url}, volta quando você desconectar.`,
    );
    expect(bridge.inputsOf('server:connect')).toEqual([]);
    await click(byTestId('server-connect-confirm'));

    expect(bridge.inputsOf('server:connect')).toEqual([
      { url: 'https://torpedo.padaria.com.br', code: '4821-0937' },
    ]);
    expect(squash(byTestId('server-url').textContent)).toBe('https://torpedo.padaria.com.br');
    expect(squash(byTestId('server-connected').textContent)).toBe(
      'Este computador está conectado ao servidor.',
    );
  });

  it('says so when the account has no webhook to put back', async () => {
    installFakeBridge()
      .reply('server:status', notConnected)
      .reply('account:webhook', { ...sampleWebhook, url: null });
    await mountInApp(ServerSettingsView);
    await type('server-url-input', 'https://torpedo.padaria.com.br');
    await type('server-code-input', '4821-0937');
    await click(byTestId('server-connect'));
    expect(squash(byTestId('server-connect-sentence').textContent)).toContain(
      'hoje a conta não tem webhook, e volta a ficar sem quando você desconectar',
    );
  });

  it('puts each refusal where the owner fixes it: the code, the address, or the form', async () => {
    const bridge = installFakeBridge()
      .reply('server:status', notConnected)
      .fail('server:connect', 'pairing_code_invalid');
    await mountInApp(ServerSettingsView);
    await type('server-url-input', 'https://torpedo.padaria.com.br');
    await type('server-code-input', '4821-0937');
    await click(byTestId('server-connect'));
    await click(byTestId('server-connect-confirm'));
    expect(squash(byTestId('server-code-input-error').textContent)).toContain(
      'O servidor não aceitou o código: ele está errado, já foi usado ou passou de 10 minutos',
    );
    expect(queryTestId('server-connected')).toBeNull();

    bridge.handle('server:connect', () =>
      fail('server_unreachable', 'no answer', { params: { url: 'https://torpedo.padaria.com.br' } }),
    );
    await click(byTestId('server-connect'));
    await click(byTestId('server-connect-confirm'));
    expect(squash(byTestId('server-url-input-error').textContent)).toBe(
      'O servidor não respondeu em https://torpedo.padaria.com.br. Confira se o endereço está certo e se o servidor está no ar, e tente de novo.',
    );

    bridge.fail('server:connect', 'server_refused', { params: { code: 'workspace_full' } });
    await click(byTestId('server-connect'));
    await click(byTestId('server-connect-confirm'));
    expect(squash(byTestId('server-connect-error').textContent)).toContain(
      'O servidor recusou o pedido (motivo: workspace_full)',
    );
  });

  it('reads in English too', async () => {
    installFakeBridge().reply('server:status', notConnected);
    await mountInApp(ServerSettingsView, { locale: 'en' });
    expect(squash(byTestId('server-intro').textContent)).toContain(
      'whoever replies STOP gets no more messages',
    );
    await click(byTestId('server-connect'));
    expect(squash(byTestId('server-url-input-error').textContent)).toBe('Enter the server’s address.');
  });
});

describe('Configurações › Servidor, connected (with a fake bridge)', () => {
  it('shows the address, this computer, the hook and the last read in words', async () => {
    installFakeBridge().reply('server:status', connected());
    await mountInApp(ServerSettingsView);
    expect(squash(byTestId('server-url').textContent)).toBe('https://torpedo.padaria.com.br');
    expect(squash(byTestId('server-device').textContent)).toBe('Caixa da loja');
    expect(squash(byTestId('server-hook-url').textContent)).toBe(
      'https://torpedo.padaria.com.br/hooks/smsgo/h_7f3a',
    );
    expect(squash(byTestId('server-last-read').textContent)).toBe('Leu os eventos há 5 minutos.');
    expect(queryTestId('server-webhook-moved')).toBeNull();
    expect(queryTestId('server-url-input')).toBeNull();
  });

  it.each([
    ['unreachable', 'Confira se o endereço está certo e se o servidor está no ar'],
    ['unauthorized', 'Desconecte e conecte de novo com um código novo.'],
    ['bad_answer', 'o servidor respondeu de um jeito inesperado'],
  ] as const)('a last read that failed (%s) says why and what to do', async (error, words) => {
    installFakeBridge().reply('server:status', connected({ sync: { at: null, error } }));
    await mountInApp(ServerSettingsView);
    const line = squash(byTestId('server-last-read').textContent);
    expect(line).toMatch(/^A última leitura não deu certo: /);
    expect(line).toContain(words);
  });

  it('says when the webhook no longer points to the server', async () => {
    installFakeBridge().reply('server:status', connected({ webhookPointsHere: false }));
    await mountInApp(ServerSettingsView);
    expect(squash(byTestId('server-webhook-moved').textContent)).toContain(
      'O webhook da conta não aponta mais para este servidor',
    );
  });

  it('"Ler agora" shows what the read brought; a read that fails is explained and the last read follows', async () => {
    let status = connected();
    const bridge = installFakeBridge()
      .handle('server:status', () => ok(status))
      .reply('server:sync', { received: 3, optedOut: 1, statuses: 12, clicks: 4 });
    await mountInApp(ServerSettingsView);
    await click(byTestId('server-sync'));
    expect(squash(byTestId('server-sync-result').textContent)).toBe(
      'Leitura feita. Respostas: 3; descadastros: 1; entregas: 12; cliques: 4.',
    );

    status = connected({ sync: { at: status.sync.at, error: 'unreachable' } });
    bridge.fail('server:sync', 'server_unreachable', { params: { url: 'https://torpedo.padaria.com.br' } });
    await click(byTestId('server-sync'));
    expect(queryTestId('server-sync-result')).toBeNull();
    expect(document.body.textContent).toContain(
      'O servidor não respondeu em https://torpedo.padaria.com.br.',
    );
    expect(squash(byTestId('server-last-read').textContent)).toContain('o servidor não respondeu');
  });

  it('the status pushed by the core replaces the one shown', async () => {
    const bridge = installFakeBridge().reply('server:status', connected());
    await mountInApp(ServerSettingsView);
    bridge.emit('server:status', connected({ sync: { at: null, error: 'unauthorized' } }));
    await flushPromises();
    expect(squash(byTestId('server-last-read').textContent)).toContain('conecte de novo com um código novo');
  });

  it('makes a code for another computer and says until when it works', async () => {
    installFakeBridge()
      .reply('server:status', connected())
      .reply('server:pairingCode', { code: '7304-1186', expiresAt: '2025-03-14T13:15:00.000Z' });
    await mountInApp(ServerSettingsView);
    await click(byTestId('server-pairing-code'));
    // 13:15 UTC is 10:15 in Brasília, the clock the app shows times on.
    expect(squash(byTestId('server-code').textContent)).toBe(
      'No outro computador, em Configurações › Servidor, digite o código 7304-1186. Ele vale até 10:15 e uma vez só.',
    );
  });

  it('disconnects after a confirmation that says the webhook goes back to what it was', async () => {
    const bridge = installFakeBridge()
      .reply('server:status', connected({ previousWebhookUrl: 'https://loja.example.com.br/hook' }))
      .reply('server:disconnect', notConnected);
    await mountInApp(ServerSettingsView);
    await click(byTestId('server-disconnect'));
    expect(squash(byTestId('server-disconnect-sentence').textContent)).toBe(
      'O webhook da conta volta a ser https://loja.example.com.br/hook, e as respostas, os pedidos de SAIR, as entregas e os cliques deixam de chegar por este servidor.',
    );
    expect(bridge.inputsOf('server:disconnect')).toEqual([]);
    await click(byTestId('server-disconnect-confirm'));
    expect(bridge.inputsOf('server:disconnect')).toEqual([{}]);
    expect(queryTestId('server-connected')).toBeNull();
    expect(queryTestId('server-url-input')).not.toBeNull();
    expect(document.body.textContent).toContain('Desconectado do servidor.');
  });

  it('explains a status that cannot be read and offers to try again', async () => {
    const bridge = installFakeBridge().fail('server:status', 'internal_error');
    await mountInApp(ServerSettingsView);
    expect(document.body.textContent).toContain('Não conseguimos ler a situação do servidor.');
    bridge.reply('server:status', connected());
    const retry = [...document.querySelectorAll('button')].find(
      (b) => squash(b.textContent) === 'Tentar de novo',
    );
    await click(retry as HTMLElement);
    expect(squash(byTestId('server-device').textContent)).toBe('Caixa da loja');
  });
});
