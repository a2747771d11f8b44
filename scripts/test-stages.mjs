// `npm test`: the stages the README lists, in order, each as its own npm script, each timed.
// The times are printed as each stage ends and together at the end (or at the first stage that
// fails, which stops the run), so a slow CI run says where its minutes went. `.ci/run` runs this
// same command inside a D-Bus session with gnome-keyring.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** [what the table calls it, the npm script] */
const STAGES = [
  ['lint', 'lint'],
  ['workflows', 'check:workflows'],
  ['typecheck', 'typecheck'],
  ['build', 'build'],
  ['packed check', 'check:packed'],
  ['vitest', 'test:unit'],
  ['e2e', 'test:e2e'],
  ['security', 'test:security'],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function runScript(script) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`.padStart(7);

function printTable(rows) {
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log('\n== stage times');
  for (const [name, ms, outcome] of rows) console.log(`${name.padEnd(width)}  ${seconds(ms)}  ${outcome}`);
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`${'total'.padEnd(width)}  ${seconds(total)}`);
}

const rows = [];
for (const [name, script] of STAGES) {
  console.log(`\n== ${name} (npm run ${script})`);
  const start = performance.now();
  const code = await runScript(script);
  const ms = performance.now() - start;
  rows.push([name, ms, code === 0 ? 'ok' : `FAILED (exit ${code})`]);
  console.log(`== ${name}: ${seconds(ms).trim()}${code === 0 ? '' : `, failed (exit ${code})`}`);
  if (code !== 0) {
    printTable(rows);
    process.exit(code);
  }
}
printTable(rows);
