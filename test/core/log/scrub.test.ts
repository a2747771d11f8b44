import { describe, expect, it } from 'vitest';
import { maskPhone, scrubFields, scrubText } from '@core/log/scrub';

describe('scrub: what a log line may not hold', () => {
  it.each([
    ['+5511987654321', '[phone …21]'],
    ['5511987654321', '[phone …21]'],
    ['+55 (11) 98765-4321', '[phone …21]'],
    ['(11) 98765-4321', '[phone …21]'],
    ['11 98765 4321', '[phone …21]'],
    ['11987654321', '[phone …21]'],
  ])('masks the phone number %s in any text', (phone, masked) => {
    expect(scrubText(`Number ${phone} refused.`)).toBe(`Number ${masked} refused.`);
  });

  it('leaves dates, times, ids, versions and small numbers readable', () => {
    const text =
      'at 2025-01-31 14:02:03 (2025-01-31T14:02:03.123Z), campaign 550e8400-e29b-41d4-a716-446655440000, ' +
      'v45.4.1, 5000 messages, R$ 1234.56';
    expect(scrubText(text)).toBe(text);
  });

  it('takes out the given secrets, bearer tokens, prefixed keys, long random strings and e-mails', () => {
    expect(scrubText('key=acct-9f8e7d6c ok', ['acct-9f8e7d6c'])).toBe('key=[secret] ok');
    expect(scrubText('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer [secret]');
    expect(scrubText('signed in with test_demo_torpedo')).toBe('signed in with [secret]');
    expect(scrubText('secret whsec_abc123')).toBe('secret [secret]');
    expect(scrubText(`token ${'a1'.repeat(20)} expired`)).toBe('token [secret] expired');
    expect(scrubText('write to maria.silva+loja@exemplo.com.br')).toBe('write to [email]');
  });

  it('judges fields by name: secrets, phones and texts never pass, whatever their shape', () => {
    expect(
      scrubFields({
        token: 'x',
        accountKey: 'y',
        webhookSecret: 'z',
        to: '+5511987654321',
        phones: ['+5511987654321', '+5521999998888'],
        message: 'Oi Maria, sua encomenda chegou',
        template: 'Oi {{nome}}',
        email: 'a@b.co',
        campaignId: 'c-1',
        count: 3,
      }),
    ).toEqual({
      token: '[secret]',
      accountKey: '[secret]',
      webhookSecret: '[secret]',
      to: '[phone …21]',
      phones: '[2 phones]',
      message: '[text, 30 chars]',
      template: '[text, 11 chars]',
      email: '[text, 6 chars]',
      campaignId: 'c-1',
      count: 3,
    });
  });

  it('flattens an error to its kind, code, message and stack, each scrubbed, and walks nested objects', () => {
    const error = Object.assign(new Error('send to +5511987654321 failed'), { code: 'E_X' });
    const out = scrubFields({ error, nested: { deeper: { phone: '11987654321', note: 'ok' } } }, []);
    expect(out.error).toMatchObject({ type: 'Error', code: 'E_X', message: 'send to [phone …21] failed' });
    expect(String((out.error as { stack: string }).stack)).not.toContain('987654321');
    expect(out.nested).toEqual({ deeper: { phone: '[phone …21]', note: 'ok' } });
  });

  it('keeps two digits of a phone: enough to tell two apart, not to call', () => {
    expect(maskPhone('+55 11 98765-4321')).toBe('[phone …21]');
  });
});
