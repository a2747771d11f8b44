import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE, type Core } from '../../core/kernel/create-core';
import { APP_ERROR_CODES } from '../../shared/app-error';
import { CONTACTS_PAGE_MAX } from '../../shared/contract/contacts';
import type {
  ContactsPageView,
  ListView,
  OptOutsAddResult,
  OptOutsPageView,
  OptOutView,
} from '../../shared/dto';
import { listNameKey } from '../../shared/sort-key';
import { withSubcommands, type Command } from '../command';
import { dataDirOf, parseCommand } from '../common-options';
import { printError, printJson } from '../output';
import { ok, StepFailed } from '../step';
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

const noSuchList = (name: string) =>
  new StepFailed({ code: APP_ERROR_CODES.notFound, message: `There is no list called "${name.trim()}".` });

/** The list of that name (case and accents folded as the app does), or the step fails. */
async function listNamed(core: Core, name: string): Promise<string> {
  const wanted = listNameKey(name);
  const list = ok<ListView[]>(await core.dispatch('lists:list', {})).find(
    (l) => listNameKey(l.name) === wanted,
  );
  if (!list) throw noSuchList(name);
  return list.id;
}

/**
 * The contacts matching the options, page by page (`contacts:search` hands
 * out a page at a time), up to `limit`.
 */
async function collect(
  core: Core,
  options: { query?: string; listId?: string; limit?: number },
): Promise<ContactLine[]> {
  const out: ContactLine[] = [];
  const wanted = options.limit ?? Number.POSITIVE_INFINITY;
  for (let offset = 0; out.length < wanted; offset += CONTACTS_PAGE_MAX) {
    const limit = Math.min(CONTACTS_PAGE_MAX, wanted - out.length);
    const page = ok<ContactsPageView>(
      await core.dispatch('contacts:search', {
        ...(options.query !== undefined ? { query: options.query } : {}),
        ...(options.listId !== undefined ? { listId: options.listId } : {}),
        offset,
        limit,
      }),
    );
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
 * The data folder's local data (no sign-in, no network), through the same
 * channels as the app's Contacts page: the contacts of the profile the
 * desktop app last signed in to there (`demo` after the demo), or of the
 * account profile (`default`) when it never signed in.
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
  const print = (lines: ContactLine[]) => {
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

  // A folder the app never used has no contacts; do not create one just to say so.
  if (!existsSync(join(dataDir, DATABASE_FILE))) {
    if (values.list === undefined) return print([]);
    printError(ctx.output, noSuchList(values.list).error, json);
    return EXIT.usage;
  }
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const listId = values.list !== undefined ? await listNamed(core, values.list) : undefined;
    return print(await collect(core, { query: values.search, listId, limit }));
  });
};

/**
 * `torpedo contacts opt-out PHONE [--json]`
 *
 * Records the number on the opt-out list by hand (source `manual`), as the
 * app's Descadastros page does, through `optOuts:add`: read as Brazilian
 * unless it says otherwise (+55). A number that is not one exits 2.
 */
const optOut: Command = async (args, ctx) => {
  const { values, positionals } = parseCommand(args, {}, { positionals: true });
  if (values.help) return ctx.help();
  if (values.key !== undefined || values['base-url'] !== undefined) {
    throw new UsageError(
      'contacts opt-out works on this computer\u2019s data only: it takes no --key or --base-url.',
    );
  }
  const [phone] = positionals;
  if (positionals.length !== 1 || phone === undefined || phone.trim() === '')
    throw new UsageError('contacts opt-out takes one phone number.');
  const json = values.json ?? false;
  const dataDir = dataDirOf(values);
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const result = ok<OptOutsAddResult>(await core.dispatch('optOuts:add', { phones: [phone] }));
    const invalid = result.invalid[0];
    if (invalid) {
      throw new StepFailed({
        code: APP_ERROR_CODES.invalidInput,
        message: `"${phone.trim()}" is not a phone number: ${invalid.message}`,
      });
    }
    const recorded = await recordedOptOut(core, phone);
    if (json) printJson(ctx.output, recorded);
    else if (recorded) {
      const who = recorded.contact ? ` (${recorded.contact.name || 'no name'})` : '';
      ctx.output.out(
        result.added > 0
          ? `${recorded.phone}${who} is opted out: no campaign will reach it.`
          : `${recorded.phone}${who} was already opted out (since ${recorded.createdAt}, source ${recorded.source}).`,
      );
    }
    return EXIT.ok;
  });
};

/**
 * The opt-out just recorded, as the list shows it (its number normalised, its
 * source, its contact): found by its last digits, the one whose national
 * number the typed digits end with (a leading 0 or 55 aside).
 */
async function recordedOptOut(core: Core, phone: string): Promise<OptOutView | null> {
  const digits = phone.replace(/\D/g, '');
  const page = ok<OptOutsPageView>(
    await core.dispatch('optOuts:list', { query: digits.slice(-8), offset: 0, limit: 200 }),
  );
  const national = (e164: string) => e164.replace(/\D/g, '').replace(/^55/, '');
  return (
    page.rows.find((r) => digits.endsWith(national(r.phone))) ??
    page.rows.find((r) => national(r.phone).endsWith(digits)) ??
    null
  );
}

/** `torpedo contacts <list|opt-out> ...` */
export const contactsCommand = withSubcommands('contacts', { list, 'opt-out': optOut });
