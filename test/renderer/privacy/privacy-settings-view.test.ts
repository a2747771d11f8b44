import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProcessingRecordView } from '@shared/dto';
import PrivacySettingsView from '@renderer/views/settings/PrivacySettingsView.vue';
import { installFakeBridge, ok } from '../support/fake-bridge';
import { byTestId, click, mountInApp, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const FOLDER = '/home/ana/.config/Torpedo';

async function type(testId: string, value: string): Promise<void> {
  const input = byTestId(testId).querySelector('input')!;
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}

describe('Configurações › Privacidade (with a fake bridge)', () => {
  it('says in plain words what is kept, why, where (this data folder), for how long and who receives it', async () => {
    installFakeBridge().reply('processingRecord:get', {
      dataFolder: FOLDER,
      serverConnected: true,
      contact: null,
    } satisfies ProcessingRecordView);
    await mountInApp(PrivacySettingsView);

    const record = squash(byTestId('processing-record').textContent);
    expect(record).toContain('Nome, celular, e-mail');
    expect(record).toContain('art. 7º, I');
    expect(record).toContain('art. 7º, IX');
    expect(squash(byTestId('processing-where').textContent)).toContain(FOLDER);
    expect(record).toContain('Torpedo Server da loja, que está conectado');
    expect(record).toContain('o Torpedo não apaga o histórico sozinho');
    expect(record).toContain('Só com o serviço de SMS, que recebe o número e o texto');
    // No channel yet: no paragraph to copy.
    expect(squash(byTestId('privacy-notice-empty').textContent)).toContain('Preencha o canal');
    expect(byTestId('privacy-copy').hasAttribute('disabled')).toBe(true);
  });

  it('saves the customers’ channel and copies the paragraph for the privacy notice', async () => {
    let record: ProcessingRecordView = { dataFolder: FOLDER, serverConnected: false, contact: null };
    const bridge = installFakeBridge()
      .handle('processingRecord:get', () => ok(record))
      .handle('processingRecord:setContact', (input) => {
        record = {
          ...record,
          contact: {
            shopName: input.shopName || null,
            officerName: input.officerName || null,
            email: input.email || null,
            phone: input.phone || null,
          },
        };
        return ok(record);
      })
      .reply('processingRecord:copyNotice', { copied: true });
    await mountInApp(PrivacySettingsView);

    await click(byTestId('privacy-save'));
    expect(document.body.textContent).toContain('Informe um e-mail ou um telefone para os clientes.');
    expect(bridge.inputsOf('processingRecord:setContact')).toEqual([]);

    await type('privacy-shop', 'Loja da Ana');
    await type('privacy-officer', 'Ana Lima');
    await type('privacy-email', 'privacidade@lojadaana.com.br');
    await click(byTestId('privacy-save'));
    expect(bridge.inputsOf('processingRecord:setContact')).toEqual([
      { shopName: 'Loja da Ana', officerName: 'Ana Lima', email: 'privacidade@lojadaana.com.br', phone: '' },
    ]);

    const notice = squash(byTestId('privacy-notice').textContent);
    expect(notice).toMatch(/^Loja da Ana guarda o seu nome, celular e e-mail/);
    expect(notice).toContain('ficam no computador da loja e são compartilhados só com o serviço de SMS');
    expect(notice).toContain(
      'fale com Ana Lima pelo e-mail privacidade@lojadaana.com.br: respondemos em até 15 dias.',
    );
    await click(byTestId('privacy-copy'));
    expect(bridge.inputsOf('processingRecord:copyNotice')).toEqual([{ text: notice }]);
    expect(document.body.textContent).toContain('Texto copiado.');
  });
});
