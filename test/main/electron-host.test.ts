/**
 * The Host the core gets in the desktop app. Electron is mocked: app, net,
 * shell, clipboard, dialog, BrowserWindow and Notification are spies; files
 * are written for real, in a temp folder.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => {
  const shown: { title: string; body: string }[] = [];
  return {
    shown,
    supported: { value: true },
    focused: { value: null as unknown },
    saveAnswer: { value: { canceled: true, filePath: '' } as { canceled: boolean; filePath: string } },
    dialog: { showSaveDialog: vi.fn() },
    app: {
      getPath: vi.fn((name: string) => `/home/maria/${name === 'documents' ? 'Documentos' : name}`),
      getVersion: () => '0.1.0',
      getPreferredSystemLanguages: vi.fn(() => ['pt-BR', 'en-US']),
      getLocale: () => 'en-US',
    },
    net: { isOnline: vi.fn(() => false) },
    shell: { openExternal: vi.fn(() => Promise.resolve()) },
    clipboard: { writeText: vi.fn() },
  };
});
electron.dialog.showSaveDialog.mockImplementation(async () => electron.saveAnswer.value);
vi.mock('electron', () => ({
  dialog: electron.dialog,
  BrowserWindow: {
    getFocusedWindow: () => electron.focused.value,
    getAllWindows: () => (electron.focused.value ? [electron.focused.value] : []),
  },
  app: electron.app,
  net: electron.net,
  shell: electron.shell,
  clipboard: electron.clipboard,
  Notification: class {
    static isSupported = () => electron.supported.value;
    constructor(private readonly options: { title: string; body: string }) {}
    show() {
      electron.shown.push(this.options);
    }
  },
}));

const { createElectronHost, systemLocale } = await import('../../src/main/electron-host');

describe('electron host (electron mocked)', () => {
  const host = createElectronHost();

  it('reports version, platform, locale and the OS view of the network', () => {
    expect(host.appVersion).toBe('0.1.0');
    expect(host.platform).toBe(process.platform);
    expect(host.osLocale()).toBe('pt-BR');
    expect(host.isOnline()).toBe(false);
    expect(electron.net.isOnline).toHaveBeenCalled();
  });

  it('opens https links and refuses anything else, even though callers validated', async () => {
    await host.openExternal('https://smsgo.com.br/');
    for (const url of [
      'http://smsgo.com.br/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'smb://host/share',
    ]) {
      await expect(host.openExternal(url), url).rejects.toThrow(/https/);
    }
    expect(electron.shell.openExternal.mock.calls).toEqual([['https://smsgo.com.br/']]);
  });

  it('writes the clipboard', () => {
    host.writeClipboard('whsec_123');
    expect(electron.clipboard.writeText).toHaveBeenCalledWith('whsec_123');
  });

  it('shows a notification only where the OS supports them', () => {
    host.notify('Campanha enviada', '120 mensagens');
    electron.supported.value = false;
    host.notify('ignored', 'ignored');
    electron.supported.value = true;
    expect(electron.shown).toEqual([{ title: 'Campanha enviada', body: '120 mensagens' }]);
  });
});

describe('saving a text file (electron mocked, real files)', () => {
  const host = createElectronHost();
  const dir = mkdtempSync(join(tmpdir(), 'torpedo-save-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const CSV = '\uFEFFData;Número;Total (R$)\r\n2025-01-31;0001;90,00\r\n';

  it('asks with a CSV filter, in Documents, modal to the app window; writes UTF-8 where the user chose', async () => {
    const win = { id: 1 };
    electron.focused.value = win;
    electron.saveAnswer.value = { canceled: false, filePath: join(dir, 'faturas.csv') };
    await expect(host.saveTextFile('torpedo-invoices-2025-01-31.csv', CSV, 'csv')).resolves.toEqual({
      saved: true,
      fileName: 'faturas.csv',
    });
    const [parent, options] = electron.dialog.showSaveDialog.mock.calls.at(-1)!;
    expect(parent).toBe(win);
    expect(options).toMatchObject({
      defaultPath: join('/home/maria/Documentos', 'torpedo-invoices-2025-01-31.csv'),
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    });
    expect(readFileSync(join(dir, 'faturas.csv'), 'utf8')).toBe(CSV);
  });

  it('adds the extension the Linux dialog leaves off, without overwriting a file of that name', async () => {
    electron.focused.value = null;
    electron.saveAnswer.value = { canceled: false, filePath: join(dir, 'janeiro') };
    await expect(host.saveTextFile('x.csv', CSV, 'csv')).resolves.toEqual({
      saved: true,
      fileName: 'janeiro.csv',
    });
    // No window: the dialog is shown on its own (one argument).
    expect(electron.dialog.showSaveDialog.mock.calls.at(-1)).toHaveLength(1);
    expect(readFileSync(join(dir, 'janeiro.csv'), 'utf8')).toBe(CSV);

    await expect(host.saveTextFile('x.csv', 'other', 'csv')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(join(dir, 'janeiro.csv'), 'utf8')).toBe(CSV);
  });

  it('overwrites a file the user picked (the dialog already asked them)', async () => {
    writeFileSync(join(dir, 'old.CSV'), 'old');
    electron.saveAnswer.value = { canceled: false, filePath: join(dir, 'old.CSV') };
    await expect(host.saveTextFile('x.csv', CSV, 'csv')).resolves.toEqual({
      saved: true,
      fileName: 'old.CSV',
    });
    expect(readFileSync(join(dir, 'old.CSV'), 'utf8')).toBe(CSV);
  });

  it('writes nothing when the user cancels', async () => {
    electron.saveAnswer.value = { canceled: true, filePath: '' };
    await expect(host.saveTextFile('never.csv', CSV, 'csv')).resolves.toEqual({ saved: false });
    electron.saveAnswer.value = { canceled: false, filePath: '' };
    await expect(host.saveTextFile('never.csv', CSV, 'csv')).resolves.toEqual({ saved: false });
  });

  it('offers only the bare suggested name, even if a path slipped through', async () => {
    electron.saveAnswer.value = { canceled: true, filePath: '' };
    await host.saveTextFile('../../etc/passwd', CSV, 'csv');
    const [options] = electron.dialog.showSaveDialog.mock.calls.at(-1)!.slice(-1);
    expect(options).toMatchObject({ defaultPath: join('/home/maria/Documentos', 'passwd') });
  });
});

describe('saving bytes (an import error file; electron mocked, real files)', () => {
  const host = createElectronHost();
  const dir = mkdtempSync(join(tmpdir(), 'torpedo-save-bytes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // "Conceição;Invá" in Windows-1252: written as given, never re-encoded.
  const CP1252 = new Uint8Array([
    0x43, 0x6f, 0x6e, 0x63, 0x65, 0x69, 0xe7, 0xe3, 0x6f, 0x3b, 0x49, 0x6e, 0x76, 0xe1,
  ]);

  it('writes the bytes as they are, offering the kind’s filter and the suggested name', async () => {
    electron.focused.value = null;
    electron.saveAnswer.value = { canceled: false, filePath: join(dir, 'contatos-recusados.csv') };
    await expect(host.saveFile('contatos-recusados.csv', CP1252, 'csv')).resolves.toEqual({
      saved: true,
      fileName: 'contatos-recusados.csv',
    });
    expect(electron.dialog.showSaveDialog.mock.calls.at(-1)![0]).toMatchObject({
      defaultPath: join('/home/maria/Documentos', 'contatos-recusados.csv'),
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    });
    expect(new Uint8Array(readFileSync(join(dir, 'contatos-recusados.csv')))).toEqual(CP1252);
    // Customers' names and numbers: the owner's only.
    if (process.platform !== 'win32')
      expect(statSync(join(dir, 'contatos-recusados.csv')).mode & 0o777).toBe(0o600);
  });

  it('adds the kind’s extension when missing (xlsx), and accepts any of a text kind’s (tsv)', async () => {
    electron.saveAnswer.value = { canceled: false, filePath: join(dir, 'recusados') };
    await expect(host.saveFile('x.xlsx', CP1252, 'xlsx')).resolves.toEqual({
      saved: true,
      fileName: 'recusados.xlsx',
    });
    expect(electron.dialog.showSaveDialog.mock.calls.at(-1)![0]).toMatchObject({
      filters: [{ name: 'Excel', extensions: ['xlsx'] }],
    });
    await expect(host.saveFile('x.xlsx', CP1252, 'xlsx')).rejects.toMatchObject({ code: 'EEXIST' });
    electron.saveAnswer.value = { canceled: false, filePath: join(dir, 'lista.tsv') };
    await expect(host.saveFile('lista-recusados.tsv', CP1252, 'txt')).resolves.toEqual({
      saved: true,
      fileName: 'lista.tsv',
    });
  });

  it('writes nothing when the user cancels', async () => {
    electron.saveAnswer.value = { canceled: true, filePath: '' };
    await expect(host.saveFile('never.ods', CP1252, 'ods')).resolves.toEqual({ saved: false });
  });
});

describe('systemLocale (pure)', () => {
  it.each([
    [['pt-BR'], 'en-US', 'pt-BR'],
    [['pt_BR.UTF-8', 'pt_BR', 'pt', 'C'], 'en-US', 'pt-BR'],
    [['C'], 'es-419', 'es-419'],
    [[], 'pt-PT', 'pt-PT'],
    [['POSIX'], '', 'en'],
    [['de_DE@euro'], 'en-US', 'de-DE'],
  ])('%j with fallback %s gives %s', (preferred, fallback, expected) => {
    expect(systemLocale(preferred, fallback)).toBe(expected);
  });
});
