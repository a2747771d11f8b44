/**
 * `campaign create --file PATH`: the file imported first, the way `torpedo
 * import` does it (the same import worker and one transaction, the column
 * guess as offered), into a NEW list named after the campaign; the
 * campaign is then sent to that list.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { ImportOpenedView, ImportResultView, ListView } from '../../shared/dto';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE } from '../../shared/contract/import';
import type { Core } from '../../core/kernel/create-core';
import { listNameKey } from '../../shared/sort-key';
import { ok, StepFailed } from '../step';

/** List names have 2 to 20 characters and are unique (case and accents folded as the app does). */
const LIST_NAME_MAX = 20;

/** "Black Friday", else "Black Friday 2", "Black Friday 3"... cut to fit 20 characters. */
export function freeListName(campaignName: string, taken: readonly ListView[]): string {
  let base = campaignName.replace(/\s+/g, ' ').trim().slice(0, LIST_NAME_MAX).trim();
  if (base.length < 2) base = `Campanha ${base}`.trim();
  const used = new Set(taken.map((l) => listNameKey(l.name)));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` ${n}`;
    const name = `${base.slice(0, LIST_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    if (!used.has(listNameKey(name))) return name;
  }
}

export interface ImportedList {
  list: { id: string; name: string };
  /** Contacts the new list holds: everyone the file brought, new or already known. */
  members: number;
  imported: number;
  updated: number;
  invalid: number;
}

export async function importIntoNewList(
  core: Core,
  path: string,
  campaignName: string,
): Promise<ImportedList> {
  const file = resolve(path);
  let bytes: Uint8Array;
  try {
    const info = await stat(file);
    if (!info.isFile())
      throw new StepFailed({ code: 'not_a_file', message: `${basename(file)} is not a file.` });
    if (info.size > IMPORT_MAX_BYTES) {
      throw new StepFailed({ code: 'too_large', message: IMPORT_TOO_LARGE });
    }
    bytes = new Uint8Array(await readFile(file));
  } catch (error) {
    if (error instanceof StepFailed) throw error;
    const code = (error as { code?: string }).code ?? 'unreadable';
    throw new StepFailed({ code: 'file_not_read', message: `The file could not be read (${code}).` });
  }

  const listName = freeListName(campaignName, ok<ListView[]>(await core.dispatch('lists:list', {})));
  const opened = ok<ImportOpenedView>(
    await core.dispatch('import:open', { fileName: basename(file), data: bytes }),
  );
  const { importId, preview } = opened;
  try {
    ok(
      await core.dispatch('import:plan', {
        importId,
        mapping: preview.mapping,
        defaultCountry: 'BR',
        acceptNineDigitFix: false,
        locale: 'en',
      }),
    );
    const result = ok<ImportResultView>(
      await core.dispatch('import:commit', { importId, onDuplicate: 'update', listName }),
    );
    if (result.cancelled || !result.list) {
      throw new StepFailed({
        code: 'import_cancelled',
        message: 'The import was cancelled; nothing was changed.',
      });
    }
    // The list is new: what it holds now is what the file brought (the counts of new and changed
    // contacts leave out the ones already known and unchanged, which joined it all the same).
    const members =
      ok<ListView[]>(await core.dispatch('lists:list', {})).find((l) => l.id === result.list!.id)?.count ?? 0;
    return {
      list: result.list,
      members,
      imported: result.imported,
      updated: result.updated,
      invalid: result.invalid,
    };
  } catch (error) {
    await core.dispatch('import:cancel', { importId });
    throw error;
  }
}
