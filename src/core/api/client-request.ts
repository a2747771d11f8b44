/**
 * One authenticated call to the service: bearer token, JSON body, response
 * validated against its schema, and the SDKs' 401 rule.
 *
 * The 401 rule: a 401 means the service refused the token before doing
 * anything, so even a POST (purchase, bulk send) can safely be sent again.
 * We drop the token, exchange the key once, and repeat the request once. A
 * second 401 is final. (Done here rather than with got's `afterResponse`
 * retry so it stays outside got's retry budget, which is for GETs only.)
 */
import type { Got } from 'got';
import type { z } from 'zod';
import { relativePath } from './http';
import { isServiceError, InvalidResponseError, scrubError } from './service-error';
import type { TokenManager } from './token-manager';
import { validated } from './client-validate';
import { HEADERS } from './wire';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Query = Record<string, string | number | undefined>;

/**
 * A JSON body serialised ahead of time (the outbox builds a batch's 5000
 * messages while the previous request is out), sent as it is: got then
 * neither stringifies nor re-encodes it. Reusable, so the 401 rule can send
 * it again.
 */
export class PreparedJson {
  private constructor(readonly bytes: Buffer) {}

  static of(value: unknown): PreparedJson {
    return new PreparedJson(Buffer.from(JSON.stringify(value), 'utf8'));
  }
}

export interface CallOptions {
  json?: unknown;
  query?: Query;
}

export type Call = <S extends z.ZodType>(
  method: HttpMethod,
  path: string,
  schema: S,
  options?: CallOptions,
) => Promise<z.infer<S>>;

export function createCall(http: Got, tokens: TokenManager): Call {
  async function send(method: HttpMethod, path: string, token: string, options: CallOptions) {
    const authorization = { [HEADERS.authorization]: `Bearer ${token}` };
    const prepared = options.json instanceof PreparedJson ? options.json : null;
    return http(relativePath(path), {
      method,
      headers: prepared ? { ...authorization, 'content-type': 'application/json' } : authorization,
      ...(prepared
        ? { body: prepared.bytes }
        : options.json === undefined
          ? {}
          : { json: options.json }),
      searchParams: definedOnly(options.query),
      responseType: 'json',
    });
  }

  return async (method, path, schema, options = {}) => {
    try {
      const { token } = await tokens.get();
      let response;
      try {
        response = await send(method, path, token, options);
      } catch (err) {
        if (!isUnauthorized(err)) throw err;
        await tokens.invalidate(token);
        const fresh = await tokens.get();
        response = await send(method, path, fresh.token, options);
      }
      return validated(schema, response.body, { method, path, status: response.statusCode });
    } catch (err) {
      throw scrubError(err, method, path);
    }
  };
}

const isUnauthorized = (err: unknown): boolean =>
  isServiceError(err) && !(err instanceof InvalidResponseError) && err.status === 401;

/** Optional filters left undefined are omitted, not sent as "undefined". */
function definedOnly(query: Query | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) out[name] = value;
  return out;
}
