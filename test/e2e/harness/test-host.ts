import type { Host } from '@core/kernel/host';
import type { UpdatesPort } from '@core/updates/updates-port';
import type { SaveCompanion, SaveFileKind, SaveFileResult, SaveTextKind, SaveTextResult } from '@shared/dto';
import { companionPath } from '@shared/companion-path';

export interface TestHostOptions {
  /** The OS locale the core reports; the renderer's "system" language follows it. Default `pt-BR`. */
  osLocale?: string;
  appVersion?: string;
  /** Main's updater, when a test wants one (test/e2e/harness/scripted-updates.ts). */
  updates?: UpdatesPort;
}

/**
 * A Host for the e2e tests, in place of Electron's shell, clipboard,
 * save dialog and Notification (which need the Electron binary). It records what the core
 * asked of the operating system so tests can assert on it; nothing leaves
 * the test process.
 */
export class TestHost implements Host {
  readonly appVersion: string;
  readonly platform = process.platform;
  readonly openedUrls: string[] = [];
  readonly clipboardWrites: string[] = [];
  readonly notifications: { title: string; body: string }[] = [];
  /** What the app saved through the (imaginary) save dialog, which always accepts the suggested name. */
  readonly savedFiles: { fileName: string; content: string; kind: SaveTextKind }[] = [];
  /** Binary files (an import's error file), saved the same way. */
  readonly savedBinaryFiles: { fileName: string; bytes: Uint8Array; kind: SaveFileKind | string }[] = [];
  locale: string;
  readonly updates?: UpdatesPort;

  constructor(options: TestHostOptions = {}) {
    if (options.updates) this.updates = options.updates;
    this.locale = options.osLocale ?? 'pt-BR';
    this.appVersion = options.appVersion ?? '0.0.0-e2e';
  }

  osLocale(): string {
    return this.locale;
  }

  isOnline(): boolean {
    return true;
  }

  async openExternal(url: string): Promise<void> {
    this.openedUrls.push(url);
  }

  writeClipboard(text: string): void {
    this.clipboardWrites.push(text);
  }

  notify(title: string, body: string): void {
    this.notifications.push({ title, body });
  }

  async saveTextFile(suggestedName: string, content: string, kind: SaveTextKind): Promise<SaveTextResult> {
    this.savedFiles.push({ fileName: suggestedName, content, kind });
    return { saved: true, fileName: suggestedName };
  }

  async saveFile(
    suggestedName: string,
    bytes: Uint8Array,
    kind: SaveFileKind,
    companions: readonly SaveCompanion[] = [],
  ): Promise<SaveFileResult> {
    this.savedBinaryFiles.push({ fileName: suggestedName, bytes: new Uint8Array(bytes), kind });
    const companionNames = companions.map((c) => companionPath(suggestedName, c.extension));
    companions.forEach((c, i) =>
      this.savedBinaryFiles.push({
        fileName: companionNames[i]!,
        bytes: new Uint8Array(c.bytes),
        kind: c.extension,
      }),
    );
    return companions.length > 0
      ? { saved: true, fileName: suggestedName, companionNames }
      : { saved: true, fileName: suggestedName };
  }

  /** The last text written to the clipboard, or null. */
  get clipboard(): string | null {
    return this.clipboardWrites.at(-1) ?? null;
  }
}
