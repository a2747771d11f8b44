/**
 * The order block lists are asked in, in SQL over a column of list ids: a
 * number on two lists is counted under the first, so the composer and the
 * report give the law's reason when there is one: Procon-SP, Procon-AL,
 * Procon-Carioca (a public register's id is its kind), then the owner's
 * lists by id.
 */
export const blockListRankSql = (column: string): string =>
  `CASE ${column} WHEN 'procon-sp' THEN 0 WHEN 'procon-al' THEN 1 WHEN 'procon-carioca' THEN 2 ELSE 3 END, ${column}`;
