/**
 * A tiny method + path matcher. Patterns are written as in the wire facts
 * (`/v1/sms/{id}/show`); the matched pattern is kept because fault rules may
 * name a route by its pattern as well as by a concrete path.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Account } from '../state/account';
import type { Reply } from './http-io';

export interface BaseContext {
  method: string;
  path: string;
  pattern: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body; `undefined` when the request had none. */
  body: unknown;
}

export interface AuthContext extends BaseContext {
  account: Account;
  token: string;
}

type Result = Reply | Promise<Reply>;

export type Route =
  | { method: string; pattern: string; auth: false; mutates: boolean; handler: (ctx: BaseContext) => Result }
  | { method: string; pattern: string; auth: true; mutates: boolean; handler: (ctx: AuthContext) => Result };

interface Compiled {
  route: Route;
  parts: string[];
}

export interface Match {
  route: Route;
  params: Record<string, string>;
}

export class Router {
  private readonly routes: Compiled[] = [];

  /** A route that needs `Authorization: Bearer`. GET routes are read-only unless said otherwise. */
  authed(
    method: string,
    pattern: string,
    handler: (ctx: AuthContext) => Result,
    mutates = method !== 'GET',
  ): void {
    this.routes.push({ route: { method, pattern, auth: true, mutates, handler }, parts: pattern.split('/') });
  }

  open(
    method: string,
    pattern: string,
    handler: (ctx: BaseContext) => Result,
    mutates = method !== 'GET',
  ): void {
    this.routes.push({
      route: { method, pattern, auth: false, mutates, handler },
      parts: pattern.split('/'),
    });
  }

  match(method: string, path: string): Match | null {
    const parts = path.split('/');
    for (const { route, parts: pattern } of this.routes) {
      if (route.method !== method || pattern.length !== parts.length) continue;
      const params = matchParts(pattern, parts);
      if (params) return { route, params };
    }
    return null;
  }
}

function matchParts(pattern: string[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const v = parts[i]!;
    if (p.startsWith('{') && p.endsWith('}')) {
      if (v === '') return null;
      try {
        params[p.slice(1, -1)] = decodeURIComponent(v);
      } catch {
        return null;
      }
    } else if (p !== v) {
      return null;
    }
  }
  return params;
}

const PLACEHOLDER = 'ROUTEPARAMID';

/** The pattern of a wire path builder: `PATHS.smsShow` → `/v1/sms/{id}/show`. */
export function patternOf(build: (id: string) => string): string {
  return build(PLACEHOLDER).replace(PLACEHOLDER, '{id}');
}
