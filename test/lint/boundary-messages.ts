/** Lint a snippet as if it were a file of the project, through its own ESLint configuration. */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { expect } from 'vitest';

export const ROOT = join(import.meta.dirname, '..', '..');
export const eslint = new ESLint({ cwd: ROOT });

/** The messages of the boundary rules for `code` as if it were the file `path`. */
export async function boundaryMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result!.messages
    .filter((m) => m.ruleId === 'torpedo/boundaries' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

/** Each import of `specifiers` in the file `path` is refused with `message`. */
export async function expectFires(
  path: string,
  specifiers: readonly string[],
  message: string,
): Promise<void> {
  for (const specifier of specifiers) {
    const code = `import { x } from '${specifier}';\nvoid x;\n`;
    expect(await boundaryMessages(path, code), specifier).toEqual([expect.stringContaining(message)]);
  }
}

/** Each import of `specifiers` in the file `path` keeps to its layer. */
export async function expectQuiet(path: string, specifiers: readonly string[]): Promise<void> {
  for (const specifier of specifiers) {
    const code = `import { x } from '${specifier}';\nvoid x;\n`;
    expect(await boundaryMessages(path, code), specifier).toEqual([]);
  }
}
