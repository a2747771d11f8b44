/**
 * The layers of ../shared/ARCHITECTURE.md as one lint rule, so that a
 * boundary is checked on every `npm test`, not kept by habit. Each relative
 * import is resolved to the file it names and checked against the rules
 * below; test/lint/boundaries.test.ts shows each one firing.
 *
 * 1. The core never imports main, the CLI, the sandbox, the preload or the
 *    renderer: the host brings what the core needs from outside (Host,
 *    CoreOptions.demo).
 * 2. The sandbox depends on the wire module (core/api/wire*.ts, the webhook
 *    signature) and on shared/ only, never on other core internals: it
 *    plays the service, which knows nothing of Torpedo.
 * 3. Renderer stores never import components or views: views read stores,
 *    not the other way round.
 * 4. A core domain reaches another only through its module file
 *    (`core/<domain>/<domain>-module.ts`), never its internal files.
 */
import { dirname, relative, resolve, sep } from 'node:path';

/** Folders of src/core that are domains (the rest is shared machinery: api, db, secrets...). */
const DOMAINS = new Set([
  'account',
  'app',
  'billing',
  'campaigns',
  'contacts',
  'history',
  'links',
  'overview',
  'session',
  'updates',
]);

/** What the sandbox may take from the core: the wire module, nothing else. */
const SANDBOX_MAY_IMPORT = [
  'src/core/api/wire',
  'src/core/api/wire-schemas',
  'src/core/api/wire-strict',
  'src/core/api/webhook-signature',
];

const posix = (path) => path.split(sep).join('/');
const withoutExtension = (path) => path.replace(/\.(ts|js|mjs|vue)$/, '');

/** The repo-relative path (no extension) an import names, or null for a package. */
function target(root, file, specifier) {
  if (!specifier.startsWith('.')) return null;
  return withoutExtension(posix(relative(root, resolve(dirname(file), specifier))));
}

/** Why `from` may not import `to` (repo-relative, no extension), or null. */
export function boundaryProblem(from, to) {
  const layer = (path) => path.split('/').slice(0, 2).join('/');
  if (from.startsWith('src/core/')) {
    const other = layer(to);
    if (['src/main', 'src/cli', 'src/sandbox', 'src/preload', 'src/renderer'].includes(other)) {
      return `The core never imports ${other}: the host brings what it needs (Host, CoreOptions).`;
    }
    const [, , fromDomain] = from.split('/');
    const [, , toDomain, ...rest] = to.split('/');
    if (
      to.startsWith('src/core/') &&
      DOMAINS.has(fromDomain) &&
      DOMAINS.has(toDomain) &&
      fromDomain !== toDomain &&
      rest.join('/') !== `${toDomain}-module`
    ) {
      return `The ${fromDomain} domain reaches ${toDomain} only through core/${toDomain}/${toDomain}-module.ts.`;
    }
  }
  if (from.startsWith('src/sandbox/') && to.startsWith('src/') && !to.startsWith('src/sandbox/')) {
    if (!to.startsWith('src/shared/') && !SANDBOX_MAY_IMPORT.includes(to)) {
      return 'The sandbox depends on the wire module (core/api/wire*.ts, the webhook signature) and shared/ only.';
    }
  }
  if (from.startsWith('src/renderer/src/stores/')) {
    if (to.startsWith('src/renderer/src/components/') || to.startsWith('src/renderer/src/views/')) {
      return 'Stores never import components or views: views read stores, not the other way round.';
    }
  }
  return null;
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
    const check = (node) => {
      const source = node.source;
      if (!source || typeof source.value !== 'string') return;
      const to = target(root, file, source.value);
      if (to === null) return;
      const problem = boundaryProblem(from, to);
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
