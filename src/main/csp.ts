import type { Session } from 'electron';

/**
 * The page loads only its own bundle. Notes on the exceptions:
 * - style-src 'unsafe-inline': naive-ui (through css-render) injects <style>
 *   elements at run time, and Vue's dev server does the same for SFC styles.
 *   Scripts stay strict: no 'unsafe-inline', no 'unsafe-eval'.
 * - img-src / font-src data:: icons and fonts inlined by the bundler.
 * - connect-src 'self': the renderer never talks to the network; the core does,
 *   from Node, outside this policy.
 */
const BASE_DIRECTIVES: readonly string[] = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
];

/** Vite's HMR client opens a websocket to the dev server. */
const DEV_CONNECT_SRC = "connect-src 'self' ws://localhost:*";

/** The production policy; src/renderer/index.html carries the same string in a meta tag. */
export const PRODUCTION_CSP = BASE_DIRECTIVES.join('; ');

export function contentSecurityPolicy(isDev: boolean): string {
  if (!isDev) return PRODUCTION_CSP;
  return BASE_DIRECTIVES.map((d) => (d.startsWith('connect-src ') ? DEV_CONNECT_SRC : d)).join('; ');
}

/**
 * Adds the policy as a response header to everything the session loads (the
 * dev server's responses in development). Pages read from file:// may not pass
 * through webRequest, which is why index.html also carries a meta CSP: the
 * header and the meta tag each enforce the same policy, whichever applies.
 */
export function installCsp(session: Session, isDev: boolean): void {
  const policy = contentSecurityPolicy(isDev);
  session.webRequest.onHeadersReceived((details, callback) => {
    const responseHeaders: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      // Replace any policy the server sent (whatever its casing) rather than stack two.
      if (name.toLowerCase() !== 'content-security-policy') responseHeaders[name] = value;
    }
    responseHeaders['Content-Security-Policy'] = [policy];
    callback({ responseHeaders });
  });
}
