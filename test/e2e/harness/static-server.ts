import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';

/**
 * Serves the built renderer (out/renderer) on 127.0.0.1 for the Chromium e2e
 * tests: Chromium refuses module scripts from file://. Every response carries
 * the app's own Content-Security-Policy (read from the built index.html's
 * meta tag) as a header too, so the policy is enforced the way Electron's
 * session enforces it.
 */
export const RENDERER_DIR = resolve(import.meta.dirname, '../../../out/renderer');

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServer {
  /** e.g. `http://127.0.0.1:43127`, without a trailing slash. */
  readonly url: string;
  /** The policy sent with every response (the same string as the page's meta tag). */
  readonly csp: string;
  close(): Promise<void>;
}

/** The content of `<meta http-equiv="Content-Security-Policy" content="...">`, entities decoded. */
export function metaCsp(html: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (!/http-equiv\s*=\s*["']?content-security-policy["']?/i.test(tag)) continue;
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    const raw = content?.[1] ?? content?.[2];
    if (raw === undefined) return null;
    return raw
      .replace(/&quot;/g, '"')
      .replace(/&#39;|&apos;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim();
  }
  return null;
}

export async function startStaticServer(root: string = RENDERER_DIR): Promise<StaticServer> {
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(
      `The built renderer is missing (${indexFile} does not exist). ` +
        'Run `npm run build` first: the e2e tests load the built app, not the sources.',
    );
  }
  const csp = metaCsp(await readFile(indexFile, 'utf8'));
  if (!csp) {
    throw new Error(
      `${indexFile} has no <meta http-equiv="Content-Security-Policy">: the app must carry its CSP ` +
        '(src/main/csp.ts, PRODUCTION_CSP), and these tests enforce the same policy as a header.',
    );
  }

  const rootWithSep = root.endsWith(sep) ? root : root + sep;
  const server: Server = createServer((request, response) => {
    const send = (status: number, body: string | Buffer, type = 'text/plain; charset=utf-8') => {
      response.writeHead(status, {
        'Content-Type': type,
        'Content-Security-Policy': csp,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'Method Not Allowed');

    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
      return send(400, 'Bad Request');
    }
    if (pathname === '/') pathname = '/index.html';
    // Chromium asks any http origin for a favicon; Electron loads the page from a file and never does.
    if (pathname === '/favicon.ico' && !existsSync(join(root, 'favicon.ico'))) return send(204, '');
    const file = resolve(root, '.' + pathname);
    // Only files inside the renderer folder: no ../ escapes, no NUL tricks.
    if (!file.startsWith(rootWithSep) || pathname.includes('\0')) return send(404, 'Not Found');

    void (async () => {
      try {
        if (!(await stat(file)).isFile()) return send(404, 'Not Found');
        const type = MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
        send(200, await readFile(file), type);
      } catch {
        send(404, 'Not Found');
      }
    })();
  });

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    csp,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
