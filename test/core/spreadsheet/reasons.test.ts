import { IMPORT_FILE_ERRORS } from '@shared/contract/import';
import { describe, expect, it } from 'vitest';
import { describeFileError, describeReason, errorColumnHeader } from '@core/import/file';
import type { ImportFileErrorCode, ReasonCode } from '@core/import/file';

const ROW_CODES: ReasonCode[] = [
  'phone_empty',
  'phone_excel_scientific',
  'phone_too_short',
  'phone_too_long',
  'phone_invalid',
  'phone_unknown_area_code',
  'phone_old_mobile',
  'cell_too_long',
  'duplicate_in_file',
  'email_invalid',
];
const FILE_CODES: readonly ImportFileErrorCode[] = IMPORT_FILE_ERRORS;
const params = {
  value: '1234',
  suggested: '+5511987654321',
  column: 'Obs',
  length: 5000,
  max: 1600,
  firstLine: 2,
  detected: 'png',
  encoding: 'x',
  delimiter: ';;',
  sheet: 'S',
  detail: 'd',
  ddd: '20',
};

describe('reason texts', () => {
  it.each(ROW_CODES)('%s reads as a sentence in pt-BR and en', (code) => {
    const pt = describeReason(code, params, 'pt-BR');
    const en = describeReason(code, params, 'en');
    for (const text of [pt, en]) {
      expect(text).not.toMatch(/\{\w+\}/);
      expect(text).toMatch(/\.$/);
    }
    expect(pt).not.toBe(en);
  });

  it.each(FILE_CODES)('file error %s reads as a sentence in pt-BR and en', (code) => {
    const pt = describeFileError(code, params, 'pt-BR');
    const en = describeFileError(code, params, 'en-US');
    expect(pt).not.toMatch(/\{\w+\}/);
    expect(en).not.toMatch(/\{\w+\}/);
    expect(pt).not.toBe(en);
  });

  it('fills the parameters the user needs', () => {
    expect(describeReason('phone_unknown_area_code', { value: '(20) 98765-4321', ddd: '20' }, 'pt-BR')).toBe(
      'O telefone “(20) 98765-4321” tem o DDD 20, que não existe no Brasil. Confira o DDD.',
    );
    expect(describeReason('duplicate_in_file', { firstLine: 7 }, 'pt-BR')).toBe(
      'Mesmo telefone da linha 7: esta linha fica de fora, entra a da linha 7.',
    );
    expect(describeReason('cell_too_long', { column: 'Obs', length: 5000, max: 1600 }, 'en')).toBe(
      'The column “Obs” has 5000 characters; the maximum is 1600.',
    );
  });

  it('shortens long values and treats any pt locale as Portuguese, others as English', () => {
    const text = describeReason('phone_invalid', { value: 'x'.repeat(500) }, 'pt-PT');
    expect(text.length).toBeLessThan(100);
    expect(text).toContain('…');
    expect(errorColumnHeader('pt')).toBe('Motivo da recusa (Torpedo)');
    expect(errorColumnHeader('fr-FR')).toBe('Rejection reason (Torpedo)');
  });
});
