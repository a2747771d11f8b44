import { describe, expect, it } from 'vitest';
import { appLanguage, settingLanguage } from '@shared/app-language';

describe('the one locale rule of the app (core, CLI, main and window)', () => {
  it('any Portuguese reads pt-BR; anything else English', () => {
    for (const locale of ['pt', 'pt-BR', 'pt-PT', 'PT-br']) expect(appLanguage(locale), locale).toBe('pt-BR');
    for (const locale of ['en', 'en-US', 'es-AR', 'fr', '']) expect(appLanguage(locale), locale).toBe('en');
  });

  it("a setting is its own language; 'system' reads the system's locale", () => {
    expect(settingLanguage('en', 'pt-BR')).toBe('en');
    expect(settingLanguage('pt-BR', 'en-US')).toBe('pt-BR');
    expect(settingLanguage('system', 'pt-PT')).toBe('pt-BR');
    expect(settingLanguage('system', 'de-DE')).toBe('en');
  });
});
