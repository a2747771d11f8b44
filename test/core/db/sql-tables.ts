/**
 * Which tables a source file's SQL writes and reads: its string and
 * template literals (not its comments) scanned for INSERT/REPLACE INTO,
 * UPDATE and DELETE FROM (writes), FROM and JOIN (reads). Only the names of
 * real tables count (the caller gives them); a write whose table is a
 * template substitution cannot be checked, and is reported as `dynamic`.
 */
import ts from 'typescript';

export interface SqlUse {
  writes: Set<string>;
  reads: Set<string>;
  /** SQL text around writes whose table is not written out (`DELETE FROM ${table}`). */
  dynamic: string[];
}

/** Placeholder for a template substitution in the scanned text. */
const HOLE = '\u0000';

/** The text of every string and template literal of a TypeScript source, substitutions as HOLE. */
export function sqlTexts(source: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, source);
  const texts: string[] = [];
  let template = '';
  let depth = 0;
  const braces: number[] = [];
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    switch (token) {
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
        texts.push(scanner.getTokenValue());
        break;
      case ts.SyntaxKind.TemplateHead:
        if (braces.length === 0) template = '';
        template += scanner.getTokenValue() + HOLE;
        braces.push(depth);
        break;
      case ts.SyntaxKind.OpenBraceToken:
        depth++;
        break;
      case ts.SyntaxKind.CloseBraceToken:
        if (braces.length > 0 && braces.at(-1) === depth) {
          // The end of a substitution: the template goes on.
          const next = scanner.reScanTemplateToken(false);
          if (next === ts.SyntaxKind.TemplateMiddle) template += scanner.getTokenValue() + HOLE;
          else {
            template += scanner.getTokenValue();
            braces.pop();
            if (braces.length === 0) texts.push(template);
          }
        } else depth--;
        break;
      case ts.SyntaxKind.SlashToken:
      case ts.SyntaxKind.SlashEqualsToken:
        // A regular expression literal, if that is what it is: its text is not SQL.
        scanner.reScanSlashToken();
        break;
    }
  }
  return texts;
}

const NAME = `(temp\\.)?([A-Za-z_][A-Za-z0-9_]*|${HOLE})`;
const WRITES = [
  new RegExp(`\\bINSERT\\s+(?:OR\\s+\\w+\\s+)?INTO\\s+${NAME}`, 'gi'),
  new RegExp(`\\bREPLACE\\s+INTO\\s+${NAME}`, 'gi'),
  new RegExp(`\\bUPDATE\\s+(?:OR\\s+\\w+\\s+)?${NAME}(?:\\s+AS\\s+\\w+)?\\s+SET\\b`, 'gi'),
  new RegExp(`\\bDELETE\\s+FROM\\s+${NAME}`, 'gi'),
];
const READS = [new RegExp(`\\b(?:FROM|JOIN)\\s+${NAME}`, 'gi')];

export function sqlUse(source: string, tables: ReadonlySet<string>): SqlUse {
  const use: SqlUse = { writes: new Set(), reads: new Set(), dynamic: [] };
  for (const text of sqlTexts(source)) {
    const written = new Set<number>();
    for (const pattern of WRITES) {
      for (const m of text.matchAll(pattern)) {
        const [, temp, name] = m;
        if (temp) continue;
        if (name === HOLE) use.dynamic.push(text.slice(m.index, m.index + 60).replaceAll(HOLE, '${…}'));
        else if (tables.has(name!.toLowerCase())) use.writes.add(name!.toLowerCase());
        // DELETE FROM t is a write, not also a read of t.
        if (/^DELETE/i.test(m[0])) written.add(m.index + m[0].length - name!.length);
      }
    }
    for (const pattern of READS) {
      for (const m of text.matchAll(pattern)) {
        const [, temp, name] = m;
        const at = m.index + m[0].length - name!.length;
        if (temp || name === HOLE || written.has(at)) continue;
        if (tables.has(name!.toLowerCase())) use.reads.add(name!.toLowerCase());
      }
    }
  }
  return use;
}

/** A source file of src/core, by its path inside src/core (`sync/sync-queue.ts`). */
export interface CoreSource {
  path: string;
  source: string;
}

export interface Ownership {
  owner: string;
  readers: Partial<Record<string, string>>;
}

/** The folder of src/core a file belongs to (`core` for the files at its root). */
export const folderOf = (path: string): string => (path.includes('/') ? path.split('/')[0]! : 'core');

/**
 * What breaks the ownership rules in these files: a write by anyone but the
 * table's owner, a read by another folder not listed among its readers, a
 * write whose table is not written out, and a listed reader that no longer
 * reads the table (`complete`: the files are the whole core).
 */
export function ownershipProblems(
  files: readonly CoreSource[],
  tables: Readonly<Record<string, Ownership>>,
  { complete = true }: { complete?: boolean } = {},
): string[] {
  const names = new Set(Object.keys(tables));
  const problems: string[] = [];
  const readBy = new Map<string, Set<string>>();
  for (const { path, source } of files) {
    const folder = folderOf(path);
    const use = sqlUse(source, names);
    for (const table of use.writes) {
      const { owner } = tables[table]!;
      if (owner !== folder)
        problems.push(`${path} writes ${table}, which ${owner} owns: call ${owner}'s own function.`);
    }
    for (const table of use.reads) {
      const { owner, readers } = tables[table]!;
      if (owner === folder) continue;
      if (!readers[folder]) {
        problems.push(
          `${path} reads ${table} (${owner}'s) in its own SQL: use ${owner}'s read functions, or list the read model in core/db/tables.ts.`,
        );
      }
      (readBy.get(table) ?? readBy.set(table, new Set()).get(table)!).add(folder);
    }
    for (const text of use.dynamic) problems.push(`${path} writes a table it does not name: ${text}`);
  }
  if (complete) {
    for (const [table, { readers }] of Object.entries(tables)) {
      for (const reader of Object.keys(readers)) {
        if (!readBy.get(table)?.has(reader))
          problems.push(
            `core/db/tables.ts lists ${reader} as a reader of ${table}, which it no longer reads.`,
          );
      }
    }
  }
  return problems;
}
