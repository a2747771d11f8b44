/**
 * Block lists never shrink by accident (issue 32), on the page: a file for a
 * list that has numbers asks whether it replaces the list or adds to it,
 * with both counts, and says in red when replacing takes off more than half;
 * the last import of a list can be undone.
 */
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RulesSettingsView from '@renderer/views/settings/RulesSettingsView.vue';
import { useBlockListFileStore } from '@renderer/stores/rules/use-block-list-file-store';
import type { BlockListView } from '@shared/dto/rules';
import { installFakeBridge, ok } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';
import { numbersPlan, numbersPreview, proconList, rulesView } from './rules-samples';

enableAutoUnmount(afterEach);

const IMPORT_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const FILE_DATE = '2026-11-30T08:00:00.000Z';
const said = (id: string) => squash(byTestId(id).textContent);

async function pick(name: string): Promise<void> {
  const input = byTestId('block-file-input') as HTMLInputElement;
  const file = new File(['11987654321\n'], name, { type: 'text/plain', lastModified: Date.parse(FILE_DATE) });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change'));
  await vi.waitFor(() => expect(useBlockListFileStore().step).not.toBe('reading'));
  await flushPromises();
}

function bridgeWith(list: BlockListView) {
  let current = [list];
  return installFakeBridge()
    .handle('rules:get', () => ok(rulesView({ blockLists: current })))
    .handle('rules:blockLists', () => ok(current))
    .handle('rules:undoBlockImport', () => {
      const before = current[0]!.before!;
      current = [{ ...current[0]!, ...before, before: null }];
      return ok(current[0]!);
    })
    .reply('import:block', {
      list: { id: 'procon-sp', kind: 'procon-sp', name: null },
      read: 5,
      numbers: 3,
      added: 3,
      removed: 0,
      invalid: 1,
    })
    .reply('import:open', { importId: IMPORT_ID, preview: numbersPreview })
    .reply('import:plan', numbersPlan)
    .reply('import:cancel', { cancelled: true });
}

describe('Settings › Sending rules › a file into a block list that has numbers', () => {
  it('asks replace or add with both counts, and says in red that replacing takes off more than half', async () => {
    const bridge = bridgeWith(proconList({ numbers: 2_000_000 }));
    await mountInApp(RulesSettingsView);
    await pick('um-numero.txt');

    expect(said('block-file-mode')).toContain('O que o arquivo faz com a lista Procon-SP (Não Me Ligue)?');
    expect(said('block-file-mode-counts')).toBe('A lista tem hoje 2.000.000 números; o arquivo tem 3.');
    expect(said('block-file-mode-replace')).toContain('Substituir a lista pelo arquivo');
    expect(said('block-file-mode-add')).toContain('Somar os números do arquivo à lista');
    const red = byTestId('block-file-shrinks');
    // naive-ui's error colour (red) on the theme the app runs.
    expect(red.getAttribute('style')).toContain('--n-text-color: #d03050');
    expect(squash(red.textContent)).toBe(
      'Atenção: substituir tira pelo menos 1.999.997 dos 2.000.000 números da lista, mais da metade. Esses números voltam a receber mensagens. Confira se o arquivo é a lista inteira.',
    );
    // No yes before the answer.
    expect((byTestId('block-file-confirm') as HTMLButtonElement).disabled).toBe(true);

    // Adding takes nothing off: the warning goes.
    await click(byTestId('block-file-mode-add').querySelector('input')!);
    expect(queryTestId('block-file-shrinks')).toBeNull();
    await click(byTestId('block-file-confirm'));
    expect(bridge.inputsOf('import:block')).toEqual([
      { importId: IMPORT_ID, list: { kind: 'procon-sp' }, mode: 'add', fileDate: FILE_DATE },
    ]);
  });

  it('says the same in English, and no red when the file keeps at least half of the list', async () => {
    bridgeWith(proconList({ numbers: 2_000_000 }));
    await mountInApp(RulesSettingsView, { locale: 'en' });
    await pick('one-number.txt');
    expect(said('block-file-mode-counts')).toBe('The list has 2,000,000 numbers today; the file has 3.');
    await click(byTestId('block-file-mode-replace').querySelector('input')!);
    expect(said('block-file-shrinks')).toBe(
      'Careful: replacing takes off at least 1,999,997 of the list’s 2,000,000 numbers, more than half. Those numbers may be messaged again. Check that the file is the whole list.',
    );
  });

  it('gives no red warning when the file is as large as half the list', async () => {
    bridgeWith(proconList({ numbers: 6 }));
    await mountInApp(RulesSettingsView);
    await pick('metade.txt');
    expect(said('block-file-mode-counts')).toBe('A lista tem hoje 6 números; o arquivo tem 3.');
    expect(queryTestId('block-file-shrinks')).toBeNull();
  });

  it('undoes a list’s last import after saying which list comes back', async () => {
    const bridge = bridgeWith(
      proconList({
        fileName: 'um-numero.csv',
        numbers: 1,
        before: {
          fileName: 'nao-me-ligue-2026-11.csv',
          numbers: 2_000_000,
          updatedAt: '2026-11-03T14:00:00.000Z',
          fileDate: null,
        },
      }),
    );
    await mountInApp(RulesSettingsView);
    await click(byTestId('block-list-undo'));
    expect(said('block-list-undo-body')).toBe(
      'A lista volta a ser a de antes: 2.000.000 números de “nao-me-ligue-2026-11.csv”, importada em 03/11/2026.',
    );
    expect(bridge.inputsOf('rules:undoBlockImport')).toEqual([]);
    await click(byTestId('block-list-undo-confirm'));
    expect(bridge.inputsOf('rules:undoBlockImport')).toEqual([{ list: 'procon-sp' }]);
    await vi.waitFor(() => expect(said('block-list-numbers')).toBe('2.000.000'));
    expect(queryTestId('block-list-undo')).toBeNull();
  });
});
