/**
 * The import worker thread's entry point (built as out/main/import-worker.js;
 * see worker-entry.ts). It owns one ImportJob and answers the service's
 * requests one at a time; a `cancel` message aborts the request in flight,
 * which then answers with the `cancelled` error.
 */
import { parentPort } from 'node:worker_threads';
import { openDatabase } from '../../db/open-database';
import { createContactsRepo, type ContactsRepo } from '../../contacts/contacts-module';
import { ImportJob, type Progress } from '../job/import-job';
import { serializeError, type WorkerCancel, type WorkerReply, type WorkerRequest } from './protocol';

const port = parentPort;
if (!port) throw new Error('import-worker.ts runs as a worker thread only.');

const job = new ImportJob();
let running: AbortController | null = null;

const progress: Progress = (phase, done, total) =>
  port.postMessage({ op: 'progress', phase, done, total } satisfies WorkerReply);

async function handle(
  req: WorkerRequest,
  signal: AbortSignal,
): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (req.op) {
    case 'open':
      return { value: await job.open(req, signal, progress) };
    case 'reparse':
      return { value: await job.reparse(req, signal, progress) };
    case 'plan':
      return { value: await job.planRows(req, signal, progress) };
    case 'commit':
      return { value: await job.commit(req, signal, progress) };
    case 'changes':
      return { value: job.changesPage(req) };
    case 'optOut':
      return { value: job.optOut(req) };
    case 'block':
      return { value: job.block(req) };
    case 'errorFile':
      return await job.errorFile(req);
    case 'index':
      return { value: onOwnConnection(req.dbFile, (repo) => repo.indexBacklog()) };
    case 'undo':
      return { value: onOwnConnection(req.dbFile, (repo) => repo.undoImport(req.profile, req.importId)) };
  }
}

/**
 * Work that is not the import's own (the search index's catch-up, an undo),
 * on a connection of its own: its one transaction holds the write lock.
 */
function onOwnConnection<T>(dbFile: string, work: (repo: ContactsRepo) => T): T {
  const db = openDatabase(dbFile);
  try {
    return work(createContactsRepo(db));
  } finally {
    db.close();
  }
}

port.on('message', (message: WorkerRequest | WorkerCancel) => {
  if (message.op === 'cancel') {
    running?.abort();
    return;
  }
  const controller = new AbortController();
  running = controller;
  handle(message, controller.signal).then(
    ({ value, transfer }) => {
      if (running === controller) running = null;
      port.postMessage({ id: message.id, ok: true, value } satisfies WorkerReply, transfer ?? []);
    },
    (error: unknown) => {
      if (running === controller) running = null;
      port.postMessage({ id: message.id, ok: false, error: serializeError(error) } satisfies WorkerReply);
    },
  );
});

// The service terminates the thread when the import ends; closing first releases the database cleanly.
process.on('exit', () => job.close());
