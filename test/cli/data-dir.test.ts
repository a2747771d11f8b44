import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '@core/data-dir';

// What Electron's app.getPath('userData') gives for productName "Torpedo".
describe('defaultDataDir', () => {
  it('Linux: $XDG_CONFIG_HOME/Torpedo, else ~/.config/Torpedo', () => {
    expect(defaultDataDir({ platform: 'linux', env: {}, home: '/home/ana' })).toBe(
      '/home/ana/.config/Torpedo',
    );
    expect(defaultDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '/cfg' }, home: '/home/ana' })).toBe(
      '/cfg/Torpedo',
    );
    expect(defaultDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: 'rel' }, home: '/home/ana' })).toBe(
      '/home/ana/.config/Torpedo',
    );
  });

  it('macOS: ~/Library/Application Support/Torpedo', () => {
    expect(defaultDataDir({ platform: 'darwin', env: {}, home: '/Users/ana' })).toBe(
      '/Users/ana/Library/Application Support/Torpedo',
    );
  });

  it('Windows: %APPDATA%\\Torpedo', () => {
    expect(
      defaultDataDir({
        platform: 'win32',
        env: { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' },
        home: 'C:\\Users\\ana',
      }),
    ).toBe('C:\\Users\\ana\\AppData\\Roaming\\Torpedo');
    expect(defaultDataDir({ platform: 'win32', env: {}, home: 'C:\\Users\\ana' })).toBe(
      'C:\\Users\\ana\\AppData\\Roaming\\Torpedo',
    );
  });
});
