import type {
  SaveCompanion,
  SaveFileKind,
  SaveFileResult,
  SaveTextKind,
  SaveTextResult,
} from '../../shared/dto';
import type { UpdatesPort } from '../updates/updates-port';

/**
 * What the core needs from the program hosting it. Electron's main process
 * implements it with shell, clipboard, net, Notification and dialog; the e2e harness
 * and the CLI implement it in plain Node. Keeping these behind an interface
 * is what lets the core run (and be tested) without Electron.
 */
export interface Host {
  readonly appVersion: string;
  readonly platform: string;
  /** The OS locale, e.g. `pt-BR`; the renderer's default language follows it. */
  osLocale(): string;
  /** The OS's own view of the network (no network at all vs. service unreachable). */
  isOnline(): boolean;
  /** Opens an https URL in the user's browser. Callers have already validated it. */
  openExternal(url: string): Promise<void>;
  writeClipboard(text: string): void;
  /** A native notification (campaign finished, purchase settled, ...). */
  notify(title: string, body: string): void;
  /**
   * Lets the user choose where to save a text file (an export), offering
   * `suggestedName` (a bare file name, already validated by the contract),
   * and writes `content` there as UTF-8. `saved: false` when the user cancels.
   */
  saveTextFile(suggestedName: string, content: string, kind: SaveTextKind): Promise<SaveTextResult>;
  /**
   * The same for bytes written as they are (a spreadsheet, or text already
   * in its own encoding, such as an import's error file): the save dialog
   * offers `suggestedName` with the filter of `kind`. Each companion is
   * written beside the chosen file, its name with the companion's extension
   * instead (never over an existing file).
   */
  saveFile(
    suggestedName: string,
    bytes: Uint8Array,
    kind: SaveFileKind,
    companions?: readonly SaveCompanion[],
  ): Promise<SaveFileResult>;
  /** The app's own updater (Electron's main); absent where the core runs without the desktop app. */
  readonly updates?: UpdatesPort;
}

/**
 * The demo: a local stand-in for the service that the host starts (the
 * sandbox, src/sandbox/demo.ts), so that a new user can try everything with
 * no account. The core asks for it through here and never imports it.
 */
export interface DemoService {
  /** The account key that opens it (not a secret: it opens only this local stand-in). */
  readonly accountKey: string;
  /** Starts it on 127.0.0.1; its state lives in `dataDir`. */
  start(dataDir: string): Promise<RunningDemo>;
  /** Forgets what the demo keeps in `dataDir` ("Reset demo", sign-out with delete). */
  erase(dataDir: string): Promise<void>;
}

export interface RunningDemo {
  /** Its address, as a service base URL. */
  url: string;
  /** One signed sample delivery event to the demo account's webhook, awaited (its answer). */
  sendTestEvent(): Promise<{ delivered: boolean; status: number | null; latencyMs: number; error?: string }>;
  close(): Promise<void>;
}
