/**
 * The layers of ../shared/ARCHITECTURE.md (and docs/architecture.md) as one
 * lint rule, so that a boundary is checked on every `npm test`, not kept by
 * habit. Each import is resolved to the file it names (a relative path or an
 * alias of path-aliases.js alike) and checked
 * against the rules below; test/lint/boundaries.test.ts shows each one firing.
 *
 * 1. The core never imports main, the CLI, the sandbox, the preload or the
 *    renderer: the host brings what the core needs from outside (Host,
 *    CoreOptions.demo).
 * 2. The sandbox depends on the wire module (core/api/wire*.ts) and on
 *    shared/ only (the webhook events and their signature are there), never on other core internals: it
 *    plays the service, which knows nothing of Torpedo.
 * 3. Renderer stores never import components or views: views read stores,
 *    not the other way round.
 * 4. A core domain reaches another only through its module file
 *    (`core/<domain>/<domain>-module.ts`), never its internal files. The
 *    domains are the folders of src/core that hold such a file, read from
 *    the disk on every run: a new domain is walled the day its module lands.
 * 5. core/spreadsheet is a library: it imports nothing of the core outside
 *    itself (no domain, no database), and the rest of the core reaches it
 *    only through its index.
 * 6. The CLI is a client of the contract, like the window: of the core it
 *    imports only core/kernel/create-core.ts (createCore, its options and the types
 *    a host needs), of the sandbox only its index (the demo a host brings);
 *    everything else goes through core.dispatch and src/shared.
 * 7. The renderer's walls: components never import views (a view is a page
 *    and its private parts; a component is shared by pages); composables
 *    never import stores (a composable is logic a caller hands its state
 *    to); views and components never call api.ts: a store does. Of api.ts
 *    they may take only the error helpers (ApiError, isApiError,
 *    asApiError), which explain a failure a store passed on.
 * 8. Torpedo Server (src/server) stands apart: it imports only itself and
 *    src/shared (the webhook events, their signature, the server contract),
 *    never the core's SQLite code or any other layer; and nothing outside it
 *    imports it: the desktop reaches it over HTTP, through
 *    src/shared/server-contract.
 * 9. A domain's own files never import its module file: the module
 *    assembles the parts (composer, delivery, hand-over...) and hands them
 *    what they share; a part that climbed back up to it would make a cycle
 *    and hide what it really depends on (campaigns-deps.ts holds what the
 *    campaigns' parts share).
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { unalias } from './path-aliases.js';

/**
 * The folders of src/core that are domains: those holding `<name>/<name>-module.ts`
 * (the rest is shared machinery: api, db, log, secrets, the spreadsheet library...).
 */
export function domainsIn(root) {
  const core = join(root, 'src', 'core');
  if (!existsSync(core)) return new Set();
  return new Set(
    readdirSync(core, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(core, entry.name, `${entry.name}-module.ts`)))
      .map((entry) => entry.name),
  );
}

/** What the sandbox may take from the core: the wire module, nothing else. */
const SANDBOX_MAY_IMPORT = ['src/core/api/wire', 'src/core/api/wire-schemas', 'src/core/api/wire-strict'];

/** What the CLI may take from the core and the sandbox: how a host starts a core, and the demo it brings. */
export const CLI_MAY_IMPORT = ['src/core/kernel/create-core', 'src/sandbox/index'];

/** What the desktop's main process may take from the core: how a host starts one, as the CLI. */
export const MAIN_MAY_IMPORT = ['src/core/kernel/create-core'];

/** What a view or a component may take from api.ts: the error helpers, never the door itself. */
export const VIEWS_MAY_TAKE_FROM_API = ['ApiError', 'isApiError', 'asApiError'];

const RENDERER = 'src/renderer/src';

const isView = (path) => path.startsWith(`${RENDERER}/views/`);
const isComponent = (path) => path.startsWith(`${RENDERER}/components/`);

/** The spreadsheet library's one entrance. */
const SPREADSHEET = 'src/core/spreadsheet';

const posix = (path) => path.split(sep).join('/');
const withoutExtension = (path) => path.replace(/\.(ts|js|mjs|vue)$/, '');

/** The repo-relative path (no extension) an import names, relative or aliased; null for a package. */
export function target(root, file, specifier) {
  const aliased = unalias(specifier);
  if (aliased !== null) return withoutExtension(aliased);
  if (!specifier.startsWith('.')) return null;
  return withoutExtension(posix(relative(root, resolve(dirname(file), specifier))));
}

/**
 * Why `from` may not import `to` (repo-relative, no extension), or null.
 * `names` are the names the import takes (null: the whole module, as a
 * namespace, a dynamic import or an `export *`).
 */
export function boundaryProblem(from, to, domains, names = null) {
  const layer = (path) => path.split('/').slice(0, 2).join('/');
  if (from.startsWith('src/server/') && to.startsWith('src/') && !to.startsWith('src/server/')) {
    if (!to.startsWith('src/shared/')) {
      return `Torpedo Server imports only itself and src/shared, never ${layer(to)}: it shares with the desktop only src/shared.`;
    }
  }
  if (!from.startsWith('src/server/') && from.startsWith('src/') && to.startsWith('src/server/')) {
    return `Nothing outside src/server imports it (${layer(from)} did): the desktop reaches the server over HTTP, through src/shared/server-contract.`;
  }
  if (from.startsWith('src/cli/') && (to.startsWith('src/core/') || to.startsWith('src/sandbox/'))) {
    if (!CLI_MAY_IMPORT.includes(to)) {
      return "The CLI is a client of the contract: of the core it imports only core/kernel/create-core.ts (and the sandbox's index); the rest goes through core.dispatch and src/shared.";
    }
  }
  if (from.startsWith('src/main/') && to.startsWith('src/core/') && !MAIN_MAY_IMPORT.includes(to)) {
    return 'The main process is a host, like the CLI: of the core it imports only core/kernel/create-core.ts (createCore and what a host needs, re-exported there).';
  }
  if (from.startsWith(`${SPREADSHEET}/`) && to.startsWith('src/core/') && !to.startsWith(`${SPREADSHEET}/`)) {
    return 'core/spreadsheet is a library: it imports nothing of the core outside itself.';
  }
  if (
    from.startsWith('src/core/') &&
    !from.startsWith(`${SPREADSHEET}/`) &&
    to.startsWith(`${SPREADSHEET}/`) &&
    to !== `${SPREADSHEET}/index`
  ) {
    return 'The core reaches the spreadsheet library only through core/spreadsheet/index.ts.';
  }
  if (from.startsWith('src/core/')) {
    const other = layer(to);
    if (['src/main', 'src/cli', 'src/sandbox', 'src/preload', 'src/renderer'].includes(other)) {
      return `The core never imports ${other}: the host brings what it needs (Host, CoreOptions).`;
    }
    const [, , fromDomain] = from.split('/');
    const [, , toDomain, ...rest] = to.split('/');
    if (
      to.startsWith('src/core/') &&
      domains.has(fromDomain) &&
      fromDomain === toDomain &&
      rest.join('/') === `${toDomain}-module` &&
      from !== `src/core/${fromDomain}/${fromDomain}-module`
    ) {
      return `A part of the ${fromDomain} domain never imports ${fromDomain}-module.ts, which assembles the parts: take what it needs from the part itself (or a deps file beside the module).`;
    }
    if (
      to.startsWith('src/core/') &&
      domains.has(fromDomain) &&
      domains.has(toDomain) &&
      fromDomain !== toDomain &&
      rest.join('/') !== `${toDomain}-module`
    ) {
      return `The ${fromDomain} domain reaches ${toDomain} only through core/${toDomain}/${toDomain}-module.ts.`;
    }
  }
  if (from.startsWith('src/sandbox/') && to.startsWith('src/') && !to.startsWith('src/sandbox/')) {
    if (!to.startsWith('src/shared/') && !SANDBOX_MAY_IMPORT.includes(to)) {
      return 'The sandbox depends on the wire module (core/api/wire*.ts) and shared/ only (the webhook signature is shared/webhook).';
    }
  }
  if (from.startsWith('src/renderer/src/stores/')) {
    if (to.startsWith('src/renderer/src/components/') || to.startsWith('src/renderer/src/views/')) {
      return 'Stores never import components or views: views read stores, not the other way round.';
    }
  }
  if (isComponent(from) && to.startsWith(`${RENDERER}/views/`)) {
    return 'Components never import views: a view is a page and its private parts; move what both use to components/ or composables/.';
  }
  if (from.startsWith(`${RENDERER}/composables/`) && to.startsWith(`${RENDERER}/stores/`)) {
    return 'Composables never import stores: the caller hands a composable its state (or the part belongs to a view).';
  }
  if ((isView(from) || isComponent(from)) && to === `${RENDERER}/api`) {
    if (names === null || names.some((name) => !VIEWS_MAY_TAKE_FROM_API.includes(name))) {
      return `Views and components never call api.ts: a store does (of api.ts they take only ${VIEWS_MAY_TAKE_FROM_API.join(', ')}).`;
    }
  }
  return null;
}

/** The names an import or re-export takes, or null when it takes the whole module. */
function namesOf(node) {
  if (node.type === 'ImportExpression' || node.type === 'ExportAllDeclaration') return null;
  const names = [];
  for (const specifier of node.specifiers ?? []) {
    if (specifier.type === 'ImportSpecifier') names.push(specifier.imported.name ?? specifier.imported.value);
    else if (specifier.type === 'ExportSpecifier') names.push(specifier.local.name ?? specifier.local.value);
    else return null; // a default or namespace import takes the whole module
  }
  // `import './api'` runs the module for its effects: the whole module.
  return node.type === 'ImportDeclaration' && names.length === 0 ? null : names;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'The layers of ARCHITECTURE.md: who may import whom.' },
    schema: [],
    messages: { boundary: '{{problem}} ({{specifier}})' },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = withoutExtension(posix(relative(root, file)));
    const domains = domainsIn(root);
    const check = (node) => {
      const source = node.source;
      if (!source || typeof source.value !== 'string') return;
      const to = target(root, file, source.value);
      if (to === null) return;
      const problem = boundaryProblem(from, to, domains, namesOf(node));
      if (problem)
        context.report({ node: source, messageId: 'boundary', data: { problem, specifier: source.value } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries: rule } };
