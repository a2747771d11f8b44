import { randomUUID } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { isSupportedCountry } from 'libphonenumber-js/max';
import type {
  ImportErrorFileView,
  ImportOpenedView,
  ImportPlanView,
  ImportPreviewView,
  ImportOptOutResultView,
  BlockImportMode,
  BlockImportResultView,
  BlockListTarget,
  ImportResultView,
  SaveFileResult,
} from '../../shared/dto';
import type { ImportChangesPageView, ImportUndoResultView } from '../../shared/dto/last-import';
import type { ConsentFileEvidence, ConsentView } from '../../shared/dto/contacts';
import { APP_ERROR_CODES } from '../../shared/app-error';
import { AppFailure } from '../app-failure';
import type { SettingsRepo } from '../db/settings-repo';
import type { EventHub } from '../kernel/event-hub';
import type { Host } from '../kernel/host';
import { ImportCancelledError, type ColumnMapping, type ReasonLocale } from './file';
import { toImportFailure } from './import-failure';
import type { ReadChoices, WorkerPreview, WorkerProgress } from './worker/protocol';
import { FileCopies } from './file-copies';
import { RememberedMappings } from './remembered-mappings';
import { ImportWorkerClient } from './worker/worker-client';
import { saveWithHost } from '../files/save-with-host';

export interface ImportServiceOptions {
  /** torpedo.db: the worker opens its own connection to it. */
  dbFile: string;
  settings: SettingsRepo;
  /** The profile imports go to; throws (`not_signed_in`) when there is none. */
  profile: () => string;
  events: EventHub;
  host: Pick<Host, 'saveFile'>;
  now?: () => Date;
  /**
   * The profile's key of the erased people's hashes (core/privacy), or null when nobody was
   * erased there: the plan refuses their rows. Absent: no row is refused for it.
   */
  erasedKey?: (profile: string) => Promise<Uint8Array | null>;
  /** Imports open at once (each holds a worker thread and its file). Default 2. */
  maxOpen?: number;
  /** An import left alone this long is closed and its file dropped. Default 30 minutes. */
  idleMs?: number;
  /** Least time between two progress events of one import. Default 100 ms (~10/s). */
  progressEveryMs?: number;
  /** How long a cancel waits for the worker to stop by itself before terminating it. Default 5 s. */
  cancelGraceMs?: number;
  startWorker?: (onProgress: (p: WorkerProgress) => void) => ImportWorkerClient;
  /**
   * Told after each import saved (the search index may have new contacts to
   * catch up on), with a way to run that catch-up in the import's thread.
   */
  afterCommit?: (indexThere: () => Promise<number>) => void;
}

interface Session {
  id: string;
  profile: string;
  fileName: string;
  worker: ImportWorkerClient;
  /** The copy of the file its worker reads (deleted by the worker once open; again on close, to be sure). */
  copy?: string;
  signature: string;
  width: number;
  mapping?: ColumnMapping;
  planned: boolean;
  committed: boolean;
  /** The request in flight, settled (never rejected) when it ends. */
  running: Promise<void> | null;
  cancelling: boolean;
  timer?: NodeJS.Timeout;
  lastUsed: number;
  lastProgress: { phase: string; at: number };
}

/** An opt-out's note holds 200 characters (`optOutNote` in the contract). */
const OPT_OUT_NOTE_MAX = 200;
/**
 * Rows a file of numbers only may have (an opt-out file, a block list):
 * Procon-SP's register passed 2.8 million lines in 2021, more than the
 * 2 million a contact import takes; a CSV at the 100 MB cap holds some
 * 8 million bare numbers.
 */
const NUMBERS_MAX_ROWS = 10_000_000;

/**
 * The contact import behind the `import:*` channels. Each open import is a
 * worker thread holding the file (parsing, planning and the commit all run
 * there, so neither main nor the window freezes), bound to the profile that
 * opened it. At most `maxOpen` imports exist; an idle one is closed after
 * `idleMs`, and a saved one drops its file at once (only the rejected rows
 * stay, for the error file).
 */
export class ImportService {
  private readonly sessions = new Map<string, Session>();
  private readonly remembered: RememberedMappings;
  private readonly copies: FileCopies;
  private readonly o: Required<Omit<ImportServiceOptions, 'now' | 'afterCommit'>> &
    Pick<ImportServiceOptions, 'afterCommit'> & { now: () => Date };

  constructor(options: ImportServiceOptions) {
    this.o = {
      now: () => new Date(),
      maxOpen: 2,
      idleMs: 30 * 60_000,
      progressEveryMs: 100,
      cancelGraceMs: 5_000,
      startWorker: (onProgress) => new ImportWorkerClient(onProgress),
      erasedKey: async () => null,
      ...options,
    };
    this.remembered = new RememberedMappings(options.settings, this.o.now);
    this.copies = new FileCopies(join(dirname(options.dbFile), IMPORT_FILES_DIR));
    this.copies.sweep();
  }

  async open(input: {
    fileName: string;
    data: Uint8Array | string;
    purpose?: 'contacts' | 'numbers';
  }): Promise<ImportOpenedView> {
    const profile = this.o.profile();
    await this.makeRoom();
    const id = randomUUID();
    const fileName = basename(input.fileName.replace(/\\/g, '/'));
    const session: Session = {
      id,
      profile,
      fileName,
      worker: this.o.startWorker((p) => this.progress(session, p)),
      signature: '',
      width: 0,
      planned: false,
      committed: false,
      running: null,
      cancelling: false,
      lastUsed: 0,
      lastProgress: { phase: '', at: 0 },
    };
    this.sessions.set(id, session);
    this.touch(session);
    try {
      // The worker reads a copy on disk, a piece at a time: the caller's bytes are not held past this.
      const { file, size } = await this.copies.write(input.data);
      session.copy = file;
      // The id reaches the window with this first event, so even the reading can be cancelled.
      this.progress(session, { op: 'progress', phase: 'reading', done: 0, total: size });
      const preview = await this.run(session, () =>
        session.worker.request({
          op: 'open',
          fileName,
          file,
          read: input.purpose === 'numbers' ? { limits: { maxRows: NUMBERS_MAX_ROWS } } : {},
        }),
      );
      return { importId: id, preview: this.offer(session, preview) };
    } catch (error) {
      await this.close(session);
      throw error;
    }
  }

  async reparse(input: { importId: string } & ReadChoices): Promise<ImportPreviewView> {
    const { importId, ...read } = input;
    const session = this.get(importId);
    const preview = await this.run(session, () => session.worker.request({ op: 'reparse', read }));
    session.planned = false;
    return this.offer(session, preview);
  }

  async plan(input: {
    importId: string;
    mapping: ColumnMapping;
    defaultCountry: string;
    acceptNineDigitFix: boolean;
    locale: ReasonLocale;
  }): Promise<ImportPlanView> {
    const session = this.get(input.importId);
    if (!isSupportedCountry(input.defaultCountry)) {
      throw new AppFailure(APP_ERROR_CODES.invalidInput, 'Some fields are not valid.', {
        fields: [{ field: 'defaultCountry', message: 'Not a country Torpedo knows' }],
      });
    }
    session.planned = false;
    const erasedKey = await this.o.erasedKey(session.profile);
    const view = await this.run(session, () =>
      session.worker.request({
        op: 'plan',
        dbFile: this.o.dbFile,
        profile: session.profile,
        mapping: input.mapping,
        defaultCountry: input.defaultCountry,
        acceptNineDigitFix: input.acceptNineDigitFix,
        locale: input.locale,
        ...(erasedKey ? { erasedKey: new Uint8Array(erasedKey) } : {}),
      }),
    );
    session.mapping = input.mapping;
    session.planned = true;
    return view;
  }

  async commit(input: {
    importId: string;
    onDuplicate: 'update' | 'skip';
    listName?: string;
    consent?: ConsentView;
    consentEvidence?: ConsentFileEvidence;
  }): Promise<ImportResultView> {
    const session = this.planned(input.importId);
    try {
      const totals = await this.run(session, async () => {
        const saved = await session.worker.request({
          op: 'commit',
          dbFile: this.o.dbFile,
          profile: session.profile,
          importId: session.id,
          onDuplicate: input.onDuplicate,
          ...(input.listName !== undefined ? { listName: input.listName } : {}),
          ...(input.consent ? { consent: input.consent } : {}),
          ...(input.consentEvidence ? { consentEvidence: input.consentEvidence } : {}),
        });
        // Before `running` settles: a cancel waiting on it must see that the import was saved.
        session.committed = true;
        return saved;
      });
      // Not through run(): the import stays free for its error file, which the thread answers next.
      this.o.afterCommit?.(() => session.worker.request({ op: 'index', dbFile: this.o.dbFile }));
      if (session.mapping) this.remembered.remember(session.profile, session.signature, session.mapping);
      return { ...totals, cancelled: false };
    } catch (error) {
      if (!(error instanceof AppFailure && error.code === APP_ERROR_CODES.importCancelled)) throw error;
      return { read: 0, imported: 0, updated: 0, duplicates: 0, invalid: 0, optedOut: 0, cancelled: true };
    }
  }

  /** A page of what the planned import would change in existing contacts, field by field. */
  async changes(input: { importId: string; offset: number; limit: number }): Promise<ImportChangesPageView> {
    const session = this.planned(input.importId);
    return this.run(session, () =>
      session.worker.request({ op: 'changes', offset: input.offset, limit: input.limit }),
    );
  }

  /**
   * Undoes the profile's last import (core/contacts/last-import/), in a
   * thread of its own: deleting a large import's contacts and their search
   * rows takes a while, and neither main nor the window may freeze. Works
   * whether or not that import is still open here.
   */
  async undo(input: { importId: string }): Promise<ImportUndoResultView> {
    const profile = this.o.profile();
    const worker = this.o.startWorker(() => undefined);
    try {
      return await worker.request({ op: 'undo', dbFile: this.o.dbFile, profile, importId: input.importId });
    } catch (error) {
      throw toImportFailure(error);
    } finally {
      await worker.terminate();
    }
  }

  /**
   * Instead of `commit`: the planned valid numbers join the opt-out list
   * (source `import`, the file's name as the note); no contact is written.
   * One statement in the worker, so nothing to cancel halfway.
   */
  async optOut(input: { importId: string }): Promise<ImportOptOutResultView> {
    const session = this.planned(input.importId);
    return this.run(session, async () => {
      const saved = await session.worker.request({
        op: 'optOut',
        dbFile: this.o.dbFile,
        profile: session.profile,
        note: session.fileName.slice(0, OPT_OUT_NOTE_MAX),
      });
      session.committed = true;
      return saved;
    });
  }

  /**
   * Instead of `commit`: the planned valid numbers replace the numbers of a
   * block list, or join them (the rules domain's); no contact is written. One transaction
   * in the worker, so nothing to cancel halfway.
   */
  async block(input: {
    importId: string;
    list: BlockListTarget;
    mode?: BlockImportMode;
    fileDate?: string;
  }): Promise<BlockImportResultView> {
    const session = this.planned(input.importId);
    return this.run(session, async () => {
      const saved = await session.worker.request({
        op: 'block',
        dbFile: this.o.dbFile,
        profile: session.profile,
        list: input.list,
        at: this.o.now().toISOString(),
        mode: input.mode,
        fileDate: input.fileDate,
      });
      session.committed = true;
      return saved;
    });
  }

  /**
   * Stops whatever the import is doing and closes it (its file is dropped).
   * Before the commit ends nothing was changed; an import already saved stays
   * saved (and open, for its error file): `cancelled: false`.
   */
  async cancel(input: { importId: string }): Promise<{ cancelled: boolean }> {
    const session = this.sessions.get(input.importId);
    if (!session || session.profile !== this.safeProfile() || session.committed) return { cancelled: false };
    session.cancelling = true;
    const running = session.running;
    if (running) {
      session.worker.cancel();
      const grace = new Promise<'late'>((resolve) =>
        setTimeout(resolve, this.o.cancelGraceMs, 'late').unref(),
      );
      // Stuck in a long synchronous step: terminating rolls back any open transaction too.
      if ((await Promise.race([running, grace])) === 'late') await session.worker.terminate();
      await running;
    }
    if (session.committed) {
      session.cancelling = false;
      return { cancelled: false };
    }
    await this.close(session);
    return { cancelled: true };
  }

  /** The rejected rows as a file in the input's format (null when none was rejected). */
  async errorFile(input: { importId: string; locale: ReasonLocale }): Promise<ImportErrorFileView | null> {
    const session = this.get(input.importId);
    return this.run(session, () => session.worker.request({ op: 'errorFile', locale: input.locale }));
  }

  /** Asks the user where to save the error file (the host's save dialog) and writes it there. */
  async saveErrorFile(input: { importId: string; locale: ReasonLocale }): Promise<SaveFileResult> {
    const file = await this.errorFile(input);
    if (!file)
      throw new AppFailure(APP_ERROR_CODES.importNoErrors, 'No row was rejected: there is no error file.');
    return saveWithHost(() => this.o.host.saveFile(file.fileName, file.bytes, file.kind));
  }

  /** Closes every import (the app is quitting): workers end, open transactions roll back. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => this.close(s)));
  }

  forgetMappings(profile: string): void {
    this.remembered.forget(profile);
  }

  get openCount(): number {
    return this.sessions.size;
  }

  private offer(session: Session, preview: WorkerPreview): ImportPreviewView {
    const { signature, suggested, ...shown } = preview;
    session.signature = signature;
    session.width = preview.headers.length;
    const remembered = this.remembered.recall(session.profile, signature, session.width);
    return {
      ...shown,
      mapping: remembered ?? suggested,
      mappingSource: remembered ? 'remembered' : 'suggested',
    };
  }

  /** One request at a time per import; failures become the contract's error codes. */
  private async run<T>(session: Session, work: () => Promise<T>): Promise<T> {
    if (session.running) {
      throw new AppFailure(APP_ERROR_CODES.importBusy, 'This import is busy; wait for it or cancel it.');
    }
    const result = work();
    session.running = result.then(
      () => undefined,
      () => undefined,
    );
    try {
      return await result;
    } catch (error) {
      throw session.cancelling && !(error instanceof ImportCancelledError)
        ? toImportFailure(new ImportCancelledError())
        : toImportFailure(error);
    } finally {
      session.running = null;
      this.touch(session);
    }
  }

  /** An import that was planned: saving (as contacts or as opt-outs) needs its plan. */
  private planned(importId: string): Session {
    const session = this.get(importId);
    if (!session.planned) {
      throw new AppFailure(APP_ERROR_CODES.importNotPlanned, 'Review the import (plan it) before saving it.');
    }
    return session;
  }

  private get(importId: string): Session {
    const session = this.sessions.get(importId);
    if (!session || session.profile !== this.o.profile() || session.cancelling) {
      throw new AppFailure(
        APP_ERROR_CODES.importNotFound,
        'This import is no longer open (it was cancelled, or left alone too long). Open the file again.',
      );
    }
    return session;
  }

  private safeProfile(): string | null {
    try {
      return this.o.profile();
    } catch {
      return null;
    }
  }

  /** Keeps at most maxOpen - 1 before a new one: the least recently used idle import goes first. */
  private async makeRoom(): Promise<void> {
    const idle = [...this.sessions.values()]
      .filter((s) => !s.running)
      .sort((a, b) => a.lastUsed - b.lastUsed);
    while (this.sessions.size >= this.o.maxOpen) {
      const oldest = idle.shift();
      if (!oldest) {
        throw new AppFailure(
          APP_ERROR_CODES.importBusy,
          `${this.o.maxOpen} imports are already running; wait for one to finish or cancel it.`,
        );
      }
      await this.close(oldest);
    }
  }

  private touch(session: Session): void {
    session.lastUsed = performance.now();
    clearTimeout(session.timer);
    session.timer = setTimeout(() => {
      if (session.running) this.touch(session);
      else void this.close(session);
    }, this.o.idleMs);
    session.timer.unref();
  }

  private async close(session: Session): Promise<void> {
    clearTimeout(session.timer);
    if (this.sessions.get(session.id) === session) this.sessions.delete(session.id);
    await session.worker.terminate();
    if (session.copy) await this.copies.remove(session.copy);
  }

  /** At most one event per progressEveryMs, but always the first of a phase and the last (done = total). */
  private progress(session: Session, p: WorkerProgress): void {
    const now = Date.now();
    const last = session.lastProgress;
    if (p.phase === last.phase && p.done < p.total && now - last.at < this.o.progressEveryMs) return;
    session.lastProgress = { phase: p.phase, at: now };
    this.o.events.emit('import:progress', {
      importId: session.id,
      phase: p.phase,
      done: p.done,
      total: p.total,
    });
  }
}

/** The folder of the data folder where files being imported are copied for a moment (file-copies.ts). */
export const IMPORT_FILES_DIR = 'import-files';
