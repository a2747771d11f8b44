/**
 * The service's pagination: `{meta: {total, perPage, currentPage, lastPage,
 * firstPage, firstPageUrl, lastPageUrl, nextPageUrl, previousPageUrl}, data}`,
 * page URLs given as path + query (`/v1/sms/list?page=2`), keeping the
 * request's other query parameters.
 */
import type { Paginated } from '../../core/api/wire-schemas';
import { validationError, type FieldError } from './http-io';

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

export interface Paging {
  page: number;
  perPage: number;
}

const POSITIVE_INT = /^[1-9]\d{0,8}$/;

/**
 * `page` (default 1, or required) and, where the route takes it, `perPage`
 * (default 20, capped at 100). Anything else than a positive integer is a 422.
 */
export function readPaging(
  query: URLSearchParams,
  opts: { pageRequired?: boolean; perPage?: boolean } = {},
): Paging {
  const errors: FieldError[] = [];
  const rawPage = query.get('page');
  let page = 1;
  if (rawPage === null) {
    if (opts.pageRequired) errors.push({ field: 'page', message: 'Required.' });
  } else if (POSITIVE_INT.test(rawPage)) {
    page = Number(rawPage);
  } else {
    errors.push({ field: 'page', message: 'Must be an integer of at least 1.' });
  }
  let perPage = DEFAULT_PER_PAGE;
  const rawPerPage = opts.perPage ? query.get('perPage') : null;
  if (rawPerPage !== null) {
    if (POSITIVE_INT.test(rawPerPage)) perPage = Math.min(Number(rawPerPage), MAX_PER_PAGE);
    else errors.push({ field: 'perPage', message: 'Must be an integer of at least 1.' });
  }
  if (errors.length > 0) throw validationError(errors);
  return { page, perPage };
}

/** One page of `items`; `newestFirst` walks the (oldest-first) array backwards without copying it. */
export function paginate<T, R>(
  items: readonly T[],
  paging: Paging,
  path: string,
  query: URLSearchParams,
  render: (item: T) => R,
  newestFirst = false,
): Paginated<R> {
  const total = items.length;
  const { page, perPage } = paging;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const data: R[] = [];
  const start = (page - 1) * perPage;
  for (let i = start; i < Math.min(start + perPage, total); i++) {
    data.push(render(items[newestFirst ? total - 1 - i : i]!));
  }
  const url = (p: number) => {
    const q = new URLSearchParams(query);
    q.set('page', String(p));
    return `${path}?${q.toString()}`;
  };
  return {
    meta: {
      total,
      perPage,
      currentPage: page,
      lastPage,
      firstPage: 1,
      firstPageUrl: url(1),
      lastPageUrl: url(lastPage),
      nextPageUrl: page < lastPage ? url(page + 1) : null,
      previousPageUrl: page > 1 ? url(Math.min(page - 1, lastPage)) : null,
    },
    data,
  };
}
