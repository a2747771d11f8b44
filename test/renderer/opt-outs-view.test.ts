import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { OptOutView } from '../../src/shared/dto';
import OptOutsView from '@renderer/views/contacts/OptOutsView.vue';
import { installFakeBridge, ok } from './fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from './mount-helpers';

enableAutoUnmount(afterEach);

const optOut = (phone: string, over: Partial<OptOutView> = {}): OptOutView => ({
  phone,
  source: 'manual',
  note: null,
  createdAt: '2025-03-14T13:05:00.000Z',
  contact: null,
  ...over,
});

function textarea(): HTMLTextAreaElement {
  return byTestId('optouts-input').querySelector('textarea')!;
}

async function typeLines(text: string): Promise<void> {
  textarea().value = text;
  textarea().dispatchEvent(new Event('input'));
  await flushPromises();
}

describe('OptOutsView (with a fake bridge)', () => {
  it('explains what opting out means and lists numbers the Brazilian way, with source, date and contact', async () => {
    const bridge = installFakeBridge().reply('optOuts:list', {
      rows: [
        optOut('+5511987654321', { source: 'contact', contact: { id: 'c1', name: 'João da Silva' } }),
        optOut('+551134567890', { source: 'reply' }),
      ],
      total: 2,
      offset: 0,
      limit: 20,
    });
    await mountInApp(OptOutsView);

    expect(document.body.textContent).toContain('O Torpedo nunca envia SMS para eles');
    expect(bridge.inputsOf('optOuts:list')).toEqual([{ offset: 0, limit: 20 }]);
    const rows = [...document.querySelectorAll('[data-testid="optout-row"]')].map((r) =>
      squash(r.textContent),
    );
    expect(rows[0]).toContain('(11) 98765-4321');
    expect(rows[0]).toContain('Contato descadastrado');
    expect(rows[0]).toContain('João da Silva');
    expect(rows[0]).toMatch(/14\/03\/2025/);
    expect(rows[1]).toContain('(11) 3456-7890');
    expect(rows[1]).toContain('Pediu para sair');
  });

  it('adds numbers typed one per line, says which lines were refused and why, and keeps only those to fix', async () => {
    const bridge = installFakeBridge()
      .reply('optOuts:list', { rows: [], total: 0, offset: 0, limit: 20 })
      .handle('optOuts:add', (input) =>
        ok({
          added: 1,
          already: 1,
          invalid: [
            { index: 2, input: input.phones[2]!, reason: 'too_short', message: 'This number is too short' },
            {
              index: 3,
              input: input.phones[3]!,
              reason: 'mystery',
              message: 'Not accepted for a new reason',
            },
          ],
        }),
      );
    await mountInApp(OptOutsView);
    expect(squash(byTestId('optouts-empty').textContent)).toBe('Nenhum número descadastrado.');

    // Blank lines are skipped; the line numbers stay the ones the user sees.
    await typeLines('(11) 98765-4321\n\n  11 3456-7890 \n1234\nabc\n');
    await click(byTestId('optouts-add'));

    expect(bridge.inputsOf('optOuts:add')).toEqual([
      { phones: ['(11) 98765-4321', '11 3456-7890', '1234', 'abc'] },
    ]);
    expect(squash(byTestId('optouts-added').textContent)).toBe(
      '1 número descadastrado. 1 já estava na lista.',
    );
    const lines = [...document.querySelectorAll('[data-testid="optouts-invalid-line"]')].map((l) =>
      squash(l.textContent),
    );
    expect(lines).toEqual([
      'Linha 4: “1234”: número curto demais (faltou o DDD?)',
      'Linha 5: “abc”: Not accepted for a new reason',
    ]);
    expect(textarea().value).toBe('1234\nabc');
    // A new page of the list after numbers were added.
    expect(bridge.inputsOf('optOuts:list')).toHaveLength(2);
  });

  it('asks before a number may receive messages again', async () => {
    let rows = [optOut('+5511987654321')];
    const bridge = installFakeBridge()
      .handle('optOuts:list', () => ok({ rows, total: rows.length, offset: 0, limit: 20 }))
      .handle('optOuts:remove', () => {
        rows = [];
        return ok({ removed: 1 });
      });
    await mountInApp(OptOutsView);

    await click(byTestId('optout-remove'));
    expect(document.body.textContent).toContain('Voltar a enviar mensagens para (11) 98765-4321?');
    expect(bridge.inputsOf('optOuts:remove')).toEqual([]);
    await click(byTestId('optout-remove-confirm'));
    expect(bridge.inputsOf('optOuts:remove')).toEqual([{ phones: ['+5511987654321'] }]);
    expect(queryTestId('optout-row')).toBeNull();
    expect(document.body.textContent).toContain('(11) 98765-4321 voltou a receber mensagens.');
  });
});
