/**
 * Contact lists: a name of 2 to 20 characters. `title` filters the listing by
 * name (case-insensitive substring). Deleting a list takes it off its contacts.
 */
import { randomUUID } from 'node:crypto';
import { PATHS } from '../../core/api/wire';
import { listInput, type ListResult } from '../../core/api/wire-schemas';
import type { Account } from '../state/account';
import { notFound, ok } from '../http/http-io';
import type { ListRecord } from '../state/model';
import { paginate, readPaging } from '../http/pagination';
import { patternOf, type Router } from '../http/router';
import { parseWith } from '../http/validate';
import type { World } from '../world';

const listOf = (l: ListRecord): ListResult => ({ id: l.id, name: l.name });

function findList(account: Account, id: string): ListRecord {
  const list = account.lists.get(id);
  if (!list) throw notFound('List');
  return list;
}

export function registerLists(router: Router, world: World): void {
  router.authed('GET', PATHS.listsList, (ctx) => {
    const paging = readPaging(ctx.query, { perPage: true });
    const title = ctx.query.get('title')?.trim().toLowerCase() ?? '';
    let items = [...ctx.account.lists.values()];
    if (title) items = items.filter((l) => l.name.toLowerCase().includes(title));
    return ok(paginate(items, paging, ctx.path, ctx.query, listOf));
  });

  router.authed('POST', PATHS.listsStore, (ctx) => {
    const { name } = parseWith(listInput, ctx.body);
    const list: ListRecord = { id: randomUUID(), name, createdAt: world.clock.now() };
    ctx.account.lists.set(list.id, list);
    return ok(listOf(list));
  });

  router.authed('GET', patternOf(PATHS.listShow), (ctx) => ok(listOf(findList(ctx.account, ctx.params.id!))));

  router.authed('PUT', patternOf(PATHS.listUpdate), (ctx) => {
    const list = findList(ctx.account, ctx.params.id!);
    list.name = parseWith(listInput, ctx.body).name;
    return ok(listOf(list));
  });

  router.authed('DELETE', patternOf(PATHS.listDelete), (ctx) => {
    if (!ctx.account.deleteList(ctx.params.id!)) throw notFound('List');
    return ok({ message: 'List deleted.' });
  });
}
