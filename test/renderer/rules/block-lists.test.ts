import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RulesSettingsView from '@renderer/views/settings/RulesSettingsView.vue';
import { useBlockListFileStore } from '@renderer/stores/rules/use-block-list-file-store';
import type { BlockListRef, BlockListTarget, BlockListView } from '@shared/dto/rules';
import { installFakeBridge, ok } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';
import { numbersPlan, numbersPreview, proconList, rulesView } from './rules-samples';

enableAutoUnmount(afterEach);

const IMPORT_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const text = () => squash(document.body.textContent);
const rows = () =>
  [...document.querySelectorAll('[data-testid="block-list-row"]')].map((r) => squash(r.textContent));

async function pick(name: string): Promise<void> {
  const input = byTestId('block-file-input') as HTMLInputElement;
  Object.defineProperty(input, 'files', {
    value: [new File(['11987654321\n'], name, { type: 'text/plain' })],
    configurable: true,
  });
  input.dispatchEvent(new Event('change'));
  await vi.waitFor(() => expect(useBlockListFileStore().step).not.toBe('reading'));
  await flushPromises();
}

/** The list an import goes to, as the core resolves it (a new owner's list gets an id). */
function refOf(target: BlockListTarget, lists: readonly BlockListView[]): BlockListRef {
  if ('id' in target) return lists.find((l) => l.id === target.id)!;
  if (target.kind !== 'owner') return { id: target.kind, kind: target.kind, name: null };
  return lists.find((l) => l.name === target.name) ?? { id: 'owner-5e1f', kind: 'owner', name: target.name };
}

function bridgeWithLists(lists: BlockListView[]) {
  let current = lists;
  return installFakeBridge()
    .handle('rules:get', () => ok(rulesView({ blockLists: current })))
    .handle('rules:blockLists', () => ok(current))
    .handle('rules:removeBlockList', ({ list }) => {
      const gone = current.find((l) => l.id === list)?.numbers ?? 0;
      current = current.filter((l) => l.id !== list);
      return ok({ removed: gone });
    })
    .handle('import:block', ({ list: target }) => {
      const list = refOf(target, current);
      current = [
        ...current.filter((l) => l.id !== list.id),
        {
          ...list,
          fileName: 'bloqueio.txt',
          numbers: 3,
          updatedAt: '2026-11-27T22:00:00.000Z',
          fileDate: null,
          stale: false,
          before: null,
        },
      ];
      return ok({ list, read: 5, numbers: 3, added: 3, removed: 0, invalid: 1 });
    })
    .reply('import:open', { importId: IMPORT_ID, preview: numbersPreview })
    .reply('import:plan', numbersPlan)
    .reply('import:cancel', { cancelled: true });
}

describe('Settings › Sending rules › Block lists (with a fake bridge)', () => {
  it('shows each list by name (a Procon’s with its law), numbers and date as dd/mm/aaaa, and says when one is old', async () => {
    bridgeWithLists([
      proconList(),
      proconList({
        id: 'procon-al',
        kind: 'procon-al',
        fileName: 'procon-al.csv',
        numbers: 7,
        stale: true,
        updatedAt: '2026-09-02T15:00:00.000Z',
      }),
      proconList({
        id: 'other',
        kind: 'owner',
        fileName: 'antigos.csv',
        numbers: 40,
        stale: true,
        updatedAt: '2026-09-01T15:00:00.000Z',
      }),
      proconList({ id: 'owner-5e1f', kind: 'owner', name: 'Fornecedores', fileName: 'f.csv', numbers: 2 }),
    ]);
    await mountInApp(RulesSettingsView);

    expect(text()).toContain('Lei estadual 17.334/2021');
    expect(rows()[0]).toContain('Procon-SP (Não Me Ligue)');
    expect(rows()[0]).toContain('Lei estadual SP 13.226/2008');
    expect(rows()[0]).toContain('12.345');
    expect(rows()[0]).toContain('03/11/2026');
    expect(rows()[1]).toContain('Procon-AL (Alagoas)');
    expect(rows()[1]).toContain('Lei estadual AL 8.538/2021');
    expect(rows()[2]).toContain('Outra lista');
    expect(rows()[2]).toContain('01/09/2026');
    expect(rows()[3]).toContain('Fornecedores');
    // Each list its own reminder, in its own words.
    const stale = [...document.querySelectorAll('[data-testid="block-list-stale"]')].map((e) =>
      squash(e.textContent),
    );
    expect(stale).toEqual([
      'Esta lista tem mais de 30 dias. O Procon-AL inclui números novos o tempo todo: pegue a lista atual e importe de novo.',
      'Esta lista tem mais de 30 dias: se ela mudou, importe a versão atual.',
    ]);
    // The owner's lists are choices for the next file, beside the registers and a new one.
    expect(queryTestId('block-file-source-other')).not.toBeNull();
    expect(queryTestId('block-file-source-owner-5e1f')).not.toBeNull();
    expect(queryTestId('block-file-source-procon-carioca')).not.toBeNull();
  });

  it('dates the lists as the English page writes them', async () => {
    bridgeWithLists([proconList()]);
    await mountInApp(RulesSettingsView, { locale: 'en' });
    expect(rows()[0]).toContain('12,345');
    expect(rows()[0]).toContain('03/11/2026');
  });

  it('removes a list only after saying its numbers may be messaged again', async () => {
    const bridge = bridgeWithLists([proconList()]);
    await mountInApp(RulesSettingsView);

    await click(byTestId('block-list-remove'));
    expect(squash(byTestId('block-list-remove-body').textContent)).toContain(
      'Os 12.345 números desta lista deixam de ser bloqueados e podem voltar a receber suas mensagens.',
    );
    expect(bridge.inputsOf('rules:removeBlockList')).toEqual([]);
    await click(byTestId('block-list-remove-confirm'));

    expect(bridge.inputsOf('rules:removeBlockList')).toEqual([{ list: 'procon-sp' }]);
    await vi.waitFor(() => expect(queryTestId('block-lists-none')).not.toBeNull());
    expect(text()).toContain('12.345 números podem receber mensagens de novo');
  });

  it('reviews what a file holds and saves it as the chosen list only on the yes', async () => {
    const bridge = bridgeWithLists([proconList()]);
    await mountInApp(RulesSettingsView);

    await pick('bloqueio.txt');
    const review = [...document.querySelectorAll('[data-testid="block-file-review"]')].map((p) =>
      squash(p.textContent),
    );
    expect(review).toEqual([
      '“bloqueio.txt”: 3 números para bloquear.',
      '1 número repetido conta uma vez só.',
      '1 linha com problema fica de fora.',
    ]);
    expect(bridge.inputsOf('import:open')[0]).toMatchObject({ fileName: 'bloqueio.txt', purpose: 'numbers' });
    expect(bridge.inputsOf('import:block')).toEqual([]);

    // The list has numbers: the yes waits for replace or add.
    expect((byTestId('block-file-confirm') as HTMLButtonElement).disabled).toBe(true);
    await click(byTestId('block-file-mode-replace').querySelector('input')!);
    await click(byTestId('block-file-confirm'));
    expect(bridge.inputsOf('import:block')).toEqual([
      { importId: IMPORT_ID, list: { kind: 'procon-sp' }, mode: 'replace', fileDate: expect.any(String) },
    ]);
    await vi.waitFor(() =>
      expect(squash(byTestId('block-file-done').textContent)).toBe(
        'Lista Procon-SP (Não Me Ligue) salva: 3 números bloqueados.',
      ),
    );
    expect(rows()[0]).toContain('bloqueio.txt');
  });

  it('saves a file as a new list named by the owner (not before it has a name), and cancelling writes nothing', async () => {
    const bridge = bridgeWithLists([]);
    await mountInApp(RulesSettingsView);
    await click(byTestId('block-file-source-new').querySelector('input')!);

    await pick('bloqueio.txt');
    await click(byTestId('block-file-cancel'));
    expect(bridge.inputsOf('import:cancel')).toEqual([{ importId: IMPORT_ID }]);
    expect(bridge.inputsOf('import:block')).toEqual([]);

    await pick('bloqueio.txt');
    // A new list waits for its name.
    expect((byTestId('block-file-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(squash(byTestId('block-file-name-needed').textContent)).toBe('Dê um nome à lista para continuar.');
    const name = byTestId('block-file-name').querySelector('input')!;
    name.value = 'Fornecedores';
    name.dispatchEvent(new Event('input'));
    await flushPromises();
    // An empty list is not asked replace or add.
    expect(queryTestId('block-file-mode')).toBeNull();
    await click(byTestId('block-file-confirm'));
    expect(bridge.inputsOf('import:block')).toEqual([
      { importId: IMPORT_ID, list: { kind: 'owner', name: 'Fornecedores' }, fileDate: expect.any(String) },
    ]);
    await vi.waitFor(() =>
      expect(squash(byTestId('block-file-done').textContent)).toBe(
        'Lista Fornecedores salva: 3 números bloqueados.',
      ),
    );
    expect(rows()[0]).toContain('Fornecedores');
    // The new list is one of the choices now, and the chosen one: its next file is asked replace or add.
    expect(byTestId('block-file-source-owner-5e1f').querySelector('input')!.checked).toBe(true);
    expect(queryTestId('block-file-name')).toBeNull();
  });
});
