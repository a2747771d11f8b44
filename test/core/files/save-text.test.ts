/** `files:saveText`: what the renderer may ask, and how the host's answer comes back (recording host). */
import { describe, expect, it } from 'vitest';
import { SAVE_TEXT_MAX_CHARS } from '@shared/contract/app';
import { startCore } from '../billing/billing-harness';

describe('files:saveText', () => {
  it('hands a bare file name and the text to the host, and reports where it was saved', async () => {
    const c = await startCore();
    const result = await c.core.dispatch('files:saveText', {
      suggestedName: 'torpedo-invoices-2025-01-31.csv',
      content: '\uFEFFData;Número\r\n',
      kind: 'csv',
    });
    expect(result).toEqual({ ok: true, value: { saved: true, fileName: 'torpedo-invoices-2025-01-31.csv' } });
    expect(c.host.savedFiles).toEqual([
      { suggestedName: 'torpedo-invoices-2025-01-31.csv', content: '\uFEFFData;Número\r\n', kind: 'csv' },
    ]);
  });

  it('says saved: false when the user cancels the dialog', async () => {
    const c = await startCore();
    c.host.saveAnswer = 'cancel';
    const result = await c.core.dispatch('files:saveText', {
      suggestedName: 'a.csv',
      content: 'x',
      kind: 'csv',
    });
    expect(result).toEqual({ ok: true, value: { saved: false } });
  });

  it('turns a failed write into file_not_saved, naming only the kind of failure', async () => {
    const c = await startCore();
    c.host.saveAnswer = 'fail';
    const result = await c.core.dispatch('files:saveText', {
      suggestedName: 'a.csv',
      content: 'x',
      kind: 'csv',
    });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'file_not_saved',
        message: 'The file could not be saved.',
        details: { reason: 'EACCES' },
      },
    });
  });

  it.each([
    ['a folder', { suggestedName: '../../.bashrc', content: 'x', kind: 'csv' }],
    ['a Windows folder', { suggestedName: 'C:\\Users\\a.csv', content: 'x', kind: 'csv' }],
    ['an absolute path', { suggestedName: '/etc/passwd', content: 'x', kind: 'csv' }],
    ['a dot-dot name', { suggestedName: '..', content: 'x', kind: 'csv' }],
    ['a control character', { suggestedName: 'a\u0000.csv', content: 'x', kind: 'csv' }],
    ['an empty name', { suggestedName: '  ', content: 'x', kind: 'csv' }],
    ['a name over 200 characters', { suggestedName: `${'a'.repeat(197)}.csv`, content: 'x', kind: 'csv' }],
    ['an unknown kind', { suggestedName: 'a.sh', content: 'x', kind: 'sh' }],
    [
      'more than 50 MB',
      { suggestedName: 'a.csv', content: 'x'.repeat(SAVE_TEXT_MAX_CHARS + 1), kind: 'csv' },
    ],
    ['an extra field', { suggestedName: 'a.csv', content: 'x', kind: 'csv', path: '/tmp' }],
  ])('refuses %s before the host is asked', async (_label, input) => {
    const c = await startCore();
    const result = await c.core.dispatchUntrusted('files:saveText', input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('invalid_input');
    expect(c.host.savedFiles).toEqual([]);
  });
});
