#!/usr/bin/env node
/**
 * `npm run test:security`: runs Doyensec's Electronegativity over the Electron
 * glue (src/main, src/preload), the renderer's index.html (for its meta CSP)
 * and package.json (for dangerous command-line switches in scripts), prints
 * every finding, and exits 1 when any finding above INFORMATIONAL is not
 * explained in ALLOWLIST below, or when a file could not be parsed (an
 * unparsed file is an unchecked file).
 *
 * Offline by construction: Electronegativity fetches translations from S3 on
 * every run and Electron's release list from GitHub for one check. Both go
 * through its own `got`, which this script replaces with one that fetches
 * nothing; the release-list check is excluded (see EXCLUDED_CHECKS).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

/** What is scanned, relative to the project root. Missing paths are skipped and said so. */
const INPUTS = ['src/main', 'src/preload', 'src/renderer/index.html', 'package.json'];

/** Checks not run at all, each with the reason. */
const EXCLUDED_CHECKS = [
  {
    check: 'AvailableSecurityFixesGlobalCheck',
    why: "needs Electron's release list from GitHub (the run is offline); Electron updates are tracked with npm outdated/audit instead",
  },
];

/**
 * Findings above INFORMATIONAL that were reviewed and are accepted. An entry
 * matches on check id and file, on a fragment of the flagged line when `line`
 * is given and of the finding's description when `description` is; for CSP findings, `cspFindings` lists the csp-evaluator
 * remarks (`directive value`) that were reviewed, and any other remark on that
 * policy is not allowed. Every use is printed; unused entries are reported so
 * they can be removed.
 */
const ALLOWLIST = [
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'src/main/external-links.ts',
    line: 'shell.openExternal(url)',
    why: 'the one openExternal call; isHttpsUrl() admits only https URLs right before it (test/main: http:, file:, javascript: never opened)',
  },
  {
    id: 'CONTEXT_ISOLATION_JS_CHECK',
    file: 'src/main/main-window.ts',
    line: 'new BrowserWindow(windowOptions(',
    why: 'false positive: the check cannot follow windowOptions(), which sets contextIsolation: true (test/main/window-options.test.ts)',
  },
  {
    id: 'SANDBOX_JS_CHECK',
    file: 'src/main/main-window.ts',
    line: 'new BrowserWindow(windowOptions(',
    why: 'false positive: windowOptions() sets sandbox: true, and index.ts calls app.enableSandbox() (test/main/window-options.test.ts)',
  },
  {
    id: 'AUXCLICK_JS_CHECK',
    file: 'src/main/main-window.ts',
    line: 'new BrowserWindow(windowOptions(',
    why: 'a middle-click opens a new window, which setWindowOpenHandler denies for every URL (https goes to the browser); test/main/navigation-guards.test.ts',
  },
  {
    id: 'CSP_GLOBAL_CHECK',
    file: 'src/main/csp.ts',
    description: 'Failed to parse CSP',
    why: 'false positive ("failed to parse"): the header value is the PRODUCTION_CSP constant, not a literal; the same policy is evaluated in index.html below, and test/main/csp.test.ts checks both agree',
  },
  {
    id: 'CSP_GLOBAL_CHECK',
    file: 'src/renderer/index.html',
    cspFindings: ["script-src 'self'"],
    why: "csp-evaluator's one remark is 'self' in script-src (risky with JSONP, AngularJS or user uploads on the origin); the origin is the app's own packaged bundle, which serves none of those",
  },
];

main().catch((error) => {
  console.error('electronegativity: could not run:', error instanceof Error ? error.stack : error);
  process.exit(2);
});

/** Requires a module as Electronegativity itself resolves it (its own copies first). */
function toolRequire(name) {
  const packageDir = dirname(require.resolve('@doyensec/electronegativity/package.json'));
  return createRequire(join(packageDir, 'dist', 'runner.js'))(name);
}

async function main() {
  keepOffline(dirname(require.resolve('@doyensec/electronegativity/package.json')));
  const run = require('@doyensec/electronegativity');
  const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;

  // Electronegativity scans one folder and its global checks (CSP, navigation
  // limits, permission handler) reason over everything found in that run, so
  // the inputs are gathered into one temporary folder with their project paths.
  const workDir = mkdtempSync(join(tmpdir(), 'torpedo-electronegativity-'));
  try {
    for (const input of INPUTS) {
      const from = join(root, input);
      if (existsSync(from)) cpSync(from, join(workDir, input), { recursive: true });
      else console.log(`electronegativity: ${input} does not exist yet, not scanned`);
    }
    for (const { check, why } of EXCLUDED_CHECKS)
      console.log(`electronegativity: not running ${check}: ${why}`);

    const result = await run({
      input: workDir,
      isRelative: true,
      electronVersionOverride: electronVersion,
      excludeFromScan: EXCLUDED_CHECKS.map(({ check }) => check.toLowerCase()),
    });
    process.exitCode = report(result, electronVersion);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Prints findings and parse errors; returns the exit code. */
function report({ issues, errors, globalChecks, atomicChecks }, electronVersion) {
  console.log(
    `electronegativity: ${globalChecks} global and ${atomicChecks} atomic checks, Electron ${electronVersion}`,
  );
  const parseFailures = errors.filter((e) => !e.tolerable);
  for (const e of errors) {
    console.log(`${e.tolerable ? 'parse warning' : 'PARSE ERROR'}: ${toPosix(e.file)}: ${e.message}`);
  }

  const used = new Set();
  let blocking = 0;
  let allowed = 0;
  const sorted = [...issues].sort(
    (a, b) => b.severity.value - a.severity.value || `${a.file}`.localeCompare(`${b.file}`),
  );
  for (const issue of sorted) {
    const file = toPosix(issue.file);
    const where = file === 'N/A' ? '(whole app)' : `${file}:${issue.location.line}:${issue.location.column}`;
    const level = `${issue.severity.name}/${issue.confidence.name}`;
    const url = `https://github.com/doyensec/electronegativity/wiki/${issue.id}`;
    console.log(`${where}  ${level}  ${issue.id}${issue.manualReview ? ' (review)' : ''}`);
    console.log(`    ${issue.description}  ${url}`);
    if (issue.sample) console.log(`    > ${issue.sample}`);
    const remarks = issue.id === 'CSP_GLOBAL_CHECK' && issue.sample ? cspRemarks(issue.sample) : [];
    for (const remark of remarks) console.log(`    csp-evaluator: ${remark.key}: ${remark.description}`);
    if (issue.severity.value <= 0) continue;
    const entry = ALLOWLIST.find(
      (a) =>
        a.id === issue.id &&
        a.file === file &&
        (!a.line || `${issue.sample ?? ''}`.includes(a.line)) &&
        (!a.description || `${issue.description}`.includes(a.description)) &&
        (!a.cspFindings || remarks.every((r) => a.cspFindings.includes(r.key))),
    );
    if (entry) {
      used.add(entry);
      allowed += 1;
      console.log(`    allowed: ${entry.why}`);
    } else {
      blocking += 1;
      console.log(
        '    NOT ALLOWED: fix it, or add a justified entry to ALLOWLIST in scripts/electronegativity.mjs',
      );
    }
  }
  for (const entry of ALLOWLIST) {
    if (!used.has(entry))
      console.log(`electronegativity: allowlist entry unused (remove it?): ${entry.id} ${entry.file}`);
  }

  console.log(
    `electronegativity: ${issues.length} findings, ${blocking + allowed} above informational ` +
      `(${allowed} allowed with a reason, ${blocking} not allowed), ${parseFailures.length} files not parsed`,
  );
  return blocking > 0 || parseFailures.length > 0 ? 1 : 0;
}

/** What Google's CSP evaluator (the one Electronegativity uses) says about a policy, above INFO. */
function cspRemarks(policy) {
  const evaluator = toolRequire('@doyensec/csp-evaluator');
  let findings;
  try {
    findings = new evaluator.CspEvaluator(
      new evaluator.CspParser(policy).csp,
      evaluator.Version.CSP3,
    ).evaluate();
  } catch (error) {
    return [{ key: 'unparsable', description: error instanceof Error ? error.message : String(error) }];
  }
  return findings
    .filter((finding) => finding.severity < evaluator.severities.INFO)
    .map((finding) => ({
      key: `${finding.directive} ${finding.value ?? ''}`.trim(),
      description: finding.description,
    }));
}

/**
 * Puts a `got` that never touches the network into Node's module cache where
 * Electronegativity will look for its own copy. Translations then fall back
 * to the bundled en-US strings without a request.
 */
function keepOffline(packageDir) {
  const gotPath = createRequire(join(packageDir, 'dist', 'locales', 'i18n.js')).resolve('got');
  const offline = () => Promise.resolve({ statusCode: 204, body: '', headers: {} });
  offline.head = offline;
  offline.get = offline;
  const stub = new Module(gotPath);
  stub.filename = gotPath;
  stub.loaded = true;
  stub.exports = offline;
  Module._cache[gotPath] = stub;
}

function toPosix(file) {
  return typeof file === 'string' ? file.split(sep).join('/') : String(file);
}
