/**
 * The Content Security Policy and its installation on a session. The session
 * is a hand-made stand-in for Electron's (csp.ts imports only types).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { OnHeadersReceivedListenerDetails, HeadersReceivedResponse, Session } from 'electron';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, installCsp, PRODUCTION_CSP } from '../../src/main/csp';

const directives = (policy: string) =>
  new Map(
    policy.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

function fakeSession() {
  let listener:
    ((d: OnHeadersReceivedListenerDetails, cb: (r: HeadersReceivedResponse) => void) => void) | undefined;
  const session = {
    webRequest: { onHeadersReceived: (l: typeof listener) => (listener = l) },
  } as unknown as Session;
  const respond = (responseHeaders: Record<string, string[]>) => {
    let result: HeadersReceivedResponse | undefined;
    listener?.(
      { url: 'http://localhost:5173/', responseHeaders } as OnHeadersReceivedListenerDetails,
      (r) => {
        result = r;
      },
    );
    return result;
  };
  return { session, respond, installed: () => listener !== undefined };
}

describe('content security policy (fake session; no Electron)', () => {
  it("starts from default-src 'none'", () => {
    expect(directives(PRODUCTION_CSP).get('default-src')).toEqual(["'none'"]);
  });

  it('allows no eval, no inline script and no remote origin', () => {
    for (const policy of [PRODUCTION_CSP, contentSecurityPolicy(true)]) {
      expect(policy).not.toContain('unsafe-eval');
      expect(directives(policy).get('script-src')).toEqual(["'self'"]);
      expect(policy).not.toMatch(/https?:/);
      expect(policy).not.toContain('*.');
    }
    expect(PRODUCTION_CSP).not.toContain('ws:');
  });

  it('locks down base-uri, form-action, frame-ancestors and object-src', () => {
    const d = directives(PRODUCTION_CSP);
    for (const name of ['base-uri', 'form-action', 'frame-ancestors', 'object-src']) {
      expect(d.get(name), name).toEqual(["'none'"]);
    }
  });

  it('adds only the HMR websocket in development', () => {
    expect(directives(contentSecurityPolicy(true)).get('connect-src')).toEqual([
      "'self'",
      'ws://localhost:*',
    ]);
    expect(directives(contentSecurityPolicy(false)).get('connect-src')).toEqual(["'self'"]);
  });

  it('installCsp sets the header on responses, replacing any the server sent', () => {
    const { session, respond, installed } = fakeSession();
    installCsp(session, false);
    expect(installed()).toBe(true);
    const result = respond({ 'content-type': ['text/html'], 'content-security-policy': ['default-src *'] });
    expect(result?.responseHeaders).toEqual({
      'content-type': ['text/html'],
      'Content-Security-Policy': [PRODUCTION_CSP],
    });
  });

  it('installCsp uses the development policy when asked', () => {
    const { session, respond } = fakeSession();
    installCsp(session, true);
    expect(respond({})?.responseHeaders?.['Content-Security-Policy']).toEqual([contentSecurityPolicy(true)]);
  });

  const indexHtml = resolve(import.meta.dirname, '../../src/renderer/index.html');
  it.skipIf(!existsSync(indexHtml))(
    "agrees with the renderer's meta CSP (which cannot carry frame-ancestors)",
    () => {
      const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(
        readFileSync(indexHtml, 'utf8'),
      );
      expect(meta, 'index.html has a meta CSP').not.toBeNull();
      const expected = directives(PRODUCTION_CSP);
      expected.delete('frame-ancestors');
      expect(directives(meta?.[1] ?? '')).toEqual(expected);
    },
  );
});
