import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createContactsRepo, type ContactsRepo } from '../../core/contacts/contacts-repo';
import { MAX_PAGE } from '../../core/contacts/search/contact-search';
import { APP_ERROR_CODES } from '../../shared/app-error';
import { DATABASE_FILE } from '../../core/create-core';
import { backupsDirOf } from '../../core/db/backup';
import { dataProblemFailure, dataProblemOf, problemOfRecovery } from '../../core/db/data-problem';
import { openCoreDatabase } from '../../core/db/open-core-database';
import { toAppError } from '../../core/to-app-error';
import { createSettingsRepo } from '../../core/db/settings-repo';
import { ACCOUNT_PROFILE } from '../../core/session/session-manager';
import { loadSavedSession } from '../../core/session/session-store';
import type { Command, CommandContext } from '../command';
import { dataDirOf, parseCommand } from '../common-options';
import { printError, printJson } from '../output';
import { noticeLine, openCliLog } from '../open-core';
import { EXIT, UsageError } from '../usage';

/** What `contacts list --json` prints per contact. */
export interface ContactLine {
  name: string;
  phone: string;
  email: string | null;
  lists: string[];
  fields: Record<string, string>;
  optedOut: boolean;
}

const positive = (text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1)
    throw new UsageError('--limit must be a whole number from 1.');
  return Number(text);
};

/**
 * The contacts matching the options, page by page (the repo never hands out
 * more than a page), up to `limit`.
 */
function collect(
  repo: ContactsRepo,
  profile: string,
  options: { query?: string; listId?: string; limit?: number },
): ContactLine[] {
  const out: ContactLine[] = [];
  const wanted = options.limit ?? Number.POSITIVE_INFINITY;
  for (let offset = 0; out.length < wanted; offset += MAX_PAGE) {
    const limit = Math.min(MAX_PAGE, wanted - out.length);
    const page = repo.search({ profile, query: options.query, listId: options.listId, offset, limit });
    for (const c of page.rows) {
      out.push({
        name: c.name,
        phone: c.phone,
        email: c.email,
        lists: c.lists.map((l) => l.name),
        fields: c.fields,
        optedOut: c.optedOut,
      });
    }
    if (page.rows.length < limit) break;
  }
  return out;
}

/**
 * `torpedo contacts list [--search TEXT] [--list NAME] [--limit N] [--json]`
 *
 * Reads the data folder directly (no sign-in, no network): the contacts of
 * the profile the desktop app last signed in to there (`demo` after the
 * demo), or of the account profile (`default`) when it never signed in.
 */
const list: Command = async (args, ctx) => {
  const { values } = parseCommand(args, {
    search: { type: 'string' },
    list: { type: 'string' },
    limit: { type: 'string' },
  });
  if (values.help) return ctx.help();
  if (values.key !== undefined || values['base-url'] !== undefined) {
    throw new UsageError(
      'contacts list reads this computer\u2019s data only: it takes no --key or --base-url.',
    );
  }
  if (values.list !== undefined && values.list.trim() === '')
    throw new UsageError('--list needs a list name.');
  const limit = positive(values.limit);
  const json = values.json ?? false;
  const dataDir = dataDirOf(values);
  const file = join(dataDir, DATABASE_FILE);

  // A folder the app never used has no contacts; do not create one just to say so.
  let lines: ContactLine[] = [];
  if (existsSync(file)) {
    // The one open every process uses: the file checked, an older format backed up before it is updated.
    const log = openCliLog(dataDir, ctx.env);
    let opened;
    try {
      opened = await openCoreDatabase(file, { dataDir, backupsDir: backupsDirOf(dataDir), log });
    } catch (error) {
      // A folder that cannot be written, a full disk: SQLite's "cannot open" told apart by the folder.
      const problem = dataProblemOf(error, dataDir);
      if (!problem) throw error;
      log.error('contacts.listFailed', { code: problem.underlying });
      printError(ctx.output, toAppError(dataProblemFailure(problem, dataDir)), json, dataDir);
      return EXIT.failed;
    } finally {
      await log.close();
    }
    const { db, recovery, notices } = opened;
    for (const notice of notices) ctx.output.err(noticeLine(notice.file, ctx.output.language));
    if (recovery) {
      db?.close();
      printError(
        ctx.output,
        toAppError(dataProblemFailure(problemOfRecovery(recovery), dataDir)),
        json,
        dataDir,
      );
      return EXIT.failed;
    }
    try {
      const profile = loadSavedSession(createSettingsRepo(db))?.profile ?? ACCOUNT_PROFILE;
      const repo = createContactsRepo(db);
      // A large import leaves its contacts out of the search index until a catch-up adds them
      // (the app's, or the import's own thread, which a one-shot CLI import may end first):
      // every reader of the index runs that catch-up before it reads.
      if (repo.searchBehind()) repo.indexBacklog();
      let listId: string | undefined;
      if (values.list !== undefined) {
        listId = repo.findListByName(profile, values.list)?.id;
        if (listId === undefined) {
          const message = `There is no list called "${values.list.trim()}".`;
          printError(ctx.output, { code: APP_ERROR_CODES.notFound, message }, json);
          return EXIT.failed;
        }
      }
      lines = collect(repo, profile, { query: values.search, listId, limit });
    } finally {
      db.close();
    }
  } else if (values.list !== undefined) {
    const message = `There is no list called "${values.list.trim()}".`;
    printError(ctx.output, { code: APP_ERROR_CODES.notFound, message }, json);
    return EXIT.failed;
  }

  if (json) printJson(ctx.output, lines);
  else {
    for (const c of lines) {
      const extra = [c.email ?? '', c.lists.join(', '), c.optedOut ? 'opted out' : ''].filter(Boolean);
      ctx.output.out([c.name || '(no name)', c.phone, ...extra].join('  '));
    }
    ctx.output.out(`${lines.length} contact(s)`);
  }
  return EXIT.ok;
};

const SUBCOMMANDS: Record<string, Command> = { list };

/** `torpedo contacts <list> ...` */
export async function contactsCommand(args: string[], ctx: CommandContext): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h') return ctx.help();
  const command = SUBCOMMANDS[sub];
  if (!command) throw new UsageError('Unknown contacts command: use "contacts list".');
  return command(rest, ctx);
}
