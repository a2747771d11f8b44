import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectivityState } from '@shared/dto';
import ConnectivityIndicator from '@renderer/components/app/ConnectivityIndicator.vue';
import { useConnectivityStore } from '@renderer/stores/app/use-connectivity-store';
import { installFakeBridge } from '../support/fake-bridge';
import { byTestId, click, mountInApp, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const describedBy = (element: HTMLElement) =>
  squash(document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent);

describe('ConnectivityIndicator (with a fake bridge)', () => {
  const cases: [ConnectivityState, string, string][] = [
    ['online', 'Conectado', 'se comunicando normalmente'],
    ['offline', 'Sem internet', 'Confira o Wi-Fi'],
    ['unreachable', 'Serviço sem resposta', 'a internet funciona, mas o serviço de SMS não respondeu'],
    ['unknown', 'Verificando conexão', 'Ainda não verificamos'],
  ];

  it.each(cases)('state %s reads "%s" and explains what it means', async (state, label, meaning) => {
    installFakeBridge();
    await mountInApp(ConnectivityIndicator);
    useConnectivityStore().view = { state, checkedAt: null };
    await Promise.resolve();

    const indicator = byTestId('connectivity');
    expect(indicator.dataset.state).toBe(state);
    expect(squash(indicator.textContent)).toBe(label);
    expect(describedBy(indicator).toLowerCase()).toContain(meaning.toLowerCase());
  });

  it('follows connectivity:changed and checks again when clicked', async () => {
    const bridge = installFakeBridge();
    bridge.reply('connectivity:check', { state: 'online', checkedAt: new Date().toISOString() });
    await mountInApp(ConnectivityIndicator);
    const indicator = byTestId('connectivity');

    bridge.emit('connectivity:changed', { state: 'offline', checkedAt: new Date().toISOString() });
    await Promise.resolve();
    expect(indicator.dataset.state).toBe('offline');
    expect(describedBy(indicator)).toContain('Clique para verificar agora.');

    await click(indicator);
    expect(bridge.inputsOf('connectivity:check')).toEqual([{}]);
    expect(indicator.dataset.state).toBe('online');
  });
});
