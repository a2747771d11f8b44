import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { listNameProblem } from '@renderer/composables/contacts/list-name';
import ListsView from '@renderer/views/contacts/ListsView.vue';
import { fail, installFakeBridge, ok, sampleList } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

async function type(testId: string, text: string): Promise<void> {
  const input = byTestId(testId).querySelector('input')!;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}

const problem = () => squash(queryTestId('lists-new-name-problem')?.textContent);

describe('list names', () => {
  it('have 2 to 20 characters, spaces folded, and differ from the others ignoring case', () => {
    expect(listNameProblem('', [])).toBe('required');
    expect(listNameProblem('  A  ', [])).toBe('tooShort');
    expect(listNameProblem('VIP', [])).toBeNull();
    expect(listNameProblem('Clientes   da    loja', [])).toBeNull();
    expect(listNameProblem('x'.repeat(21), [])).toBe('tooLong');
    expect(listNameProblem('clientes vip', ['Clientes VIP'])).toBe('taken');
  });
});

describe('ListsView (with a fake bridge)', () => {
  it('lists names with their counts, and checks a new name as it is typed', async () => {
    const bridge = installFakeBridge()
      .reply('lists:list', [sampleList('l1', 'Clientes VIP', 12), sampleList('l2', 'Centro', 1)])
      .handle('lists:create', (input) => ok(sampleList('l3', input.name)));
    await mountInApp(ListsView);

    const rows = [...document.querySelectorAll('[data-testid="list-row"]')].map((row) =>
      squash(row.textContent),
    );
    expect(rows[0]).toContain('Clientes VIP');
    expect(rows[0]).toContain('12 contatos');
    expect(rows[1]).toContain('1 contato');

    // Nothing typed yet: no complaint; then as the user types.
    expect(problem()).toBe('');
    await type('lists-new-name', 'A');
    expect(problem()).toBe('Use pelo menos 2 caracteres.');
    await type('lists-new-name', 'Uma lista com nome longo');
    expect(problem()).toBe('Use no máximo 20 caracteres (24 agora).');
    await type('lists-new-name', 'clientes vip');
    expect(problem()).toBe('Já existe uma lista com este nome.');
    await click(byTestId('lists-create'));
    expect(bridge.inputsOf('lists:create')).toEqual([]);

    await type('lists-new-name', '  Aniversariantes  ');
    expect(problem()).toBe('');
    await click(byTestId('lists-create'));
    expect(bridge.inputsOf('lists:create')).toEqual([{ name: 'Aniversariantes' }]);
    expect(document.body.textContent).toContain('Lista “Aniversariantes” criada.');
  });

  it("shows the core's refusal of a name it knows is taken", async () => {
    installFakeBridge()
      .reply('lists:list', [])
      .fail('lists:create', 'invalid_input', {
        fields: [{ field: 'name', message: 'There is already a list called "VIP"' }],
        reason: 'duplicate_list_name',
      });
    await mountInApp(ListsView);
    expect(squash(byTestId('lists-empty').textContent)).toContain('Nenhuma lista ainda');

    await type('lists-new-name', 'VIP');
    await click(byTestId('lists-create'));
    expect(problem()).toBe('Já existe uma lista com este nome.');
  });

  it('renames in place, and deletes after saying the contacts stay', async () => {
    let lists = [sampleList('l1', 'Clientes VIP', 12)];
    const bridge = installFakeBridge()
      .handle('lists:list', () => ok(lists))
      .handle('lists:rename', (input) => {
        lists = [sampleList('l1', input.name, 12)];
        return ok(lists[0]!);
      })
      .handle('lists:delete', () => {
        lists = [];
        return ok({ deleted: true });
      });
    await mountInApp(ListsView);

    await click(byTestId('list-rename'));
    await type('list-rename-input', 'V');
    expect(squash(byTestId('list-rename-problem').textContent)).toBe('Use pelo menos 2 caracteres.');
    await type('list-rename-input', 'Clientes Ouro');
    await click(byTestId('list-rename-save'));
    expect(bridge.inputsOf('lists:rename')).toEqual([{ id: 'l1', name: 'Clientes Ouro' }]);
    expect(squash(byTestId('list-row').textContent)).toContain('Clientes Ouro');

    await click(byTestId('list-delete'));
    expect(document.body.textContent).toContain('Excluir a lista “Clientes Ouro”?');
    expect(document.body.textContent).toContain('Os 12 contatos da lista continuam nos seus contatos');
    expect(bridge.inputsOf('lists:delete')).toEqual([]);
    await click(byTestId('list-delete-confirm'));
    expect(bridge.inputsOf('lists:delete')).toEqual([{ id: 'l1' }]);
    expect(queryTestId('list-row')).toBeNull();
  });

  it('explains a failure to load and offers to try again', async () => {
    installFakeBridge().handle('lists:list', () => fail('internal_error'));
    await mountInApp(ListsView);
    expect(document.body.textContent).toContain('Algo deu errado no Torpedo');
  });
});
