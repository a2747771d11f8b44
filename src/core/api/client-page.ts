/**
 * A page of a paginated answer, its `meta` completed. The SDKs read a missing
 * meta key as 0, "" or null, and their own test vectors answer `meta: {}` or
 * `meta: {total: 0}`; read that way, a page listing one invoice would say
 * "page 0 of 0, 0 invoices". So what the answer leaves out is taken from what
 * was asked and what came back: the page asked for, the rows seen so far as
 * the total, no page after this one unless the service named one (as the
 * SDKs, whose callers stop at a null `nextPageUrl`).
 */
import type { z } from 'zod';
import type { Paginated, PaginationMetaWire } from './wire-schemas';

export type PageSchema<T> = z.ZodType<{ meta: PaginationMetaWire; data: T[] }>;

export function completePage<T>(
  answer: { meta: PaginationMetaWire; data: T[] },
  asked: { page: number; perPage?: number | string },
): Paginated<T> {
  const { meta, data } = answer;
  const currentPage = meta.currentPage ?? asked.page;
  const perPage = meta.perPage ?? (typeof asked.perPage === 'number' ? asked.perPage : data.length);
  const nextPageUrl = meta.nextPageUrl;
  return {
    meta: {
      total: meta.total ?? Math.max(0, currentPage - 1) * perPage + data.length,
      perPage,
      currentPage,
      lastPage: meta.lastPage ?? (nextPageUrl !== null ? currentPage + 1 : currentPage),
      firstPage: meta.firstPage ?? 1,
      firstPageUrl: meta.firstPageUrl,
      lastPageUrl: meta.lastPageUrl,
      nextPageUrl,
      previousPageUrl: meta.previousPageUrl,
    },
    data,
  };
}
