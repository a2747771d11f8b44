/**
 * The sandbox's HTTP plumbing: handlers return a `Reply` (or throw an
 * `HttpError`) instead of writing to the response, so that the fault layer can
 * decide afterwards to answer, drop the connection or hold it open.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODES, HEADERS } from '../../core/api/wire';

export interface FieldError {
  field: string;
  message: string;
}

export interface Reply {
  status: number;
  /** Serialised as JSON; `undefined` sends no body (204, 302). */
  body?: unknown;
  /** Sent as plain text instead of a JSON body (an error answer that is not JSON: answer-shapes.ts). */
  text?: string;
  headers?: Record<string, string>;
}

/**
 * Large enough for the largest request the wire facts allow: 5000 messages of
 * 1600 characters, where a client that escapes non-ASCII JSON (Python's
 * default) spends up to 12 bytes per character (`\uD83D\uDE00`), about 100 MB.
 */
export const BODY_LIMIT_BYTES = 128 * 1024 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toReply(): Reply {
    const body: { code: string; message: string; errors?: FieldError[] } = {
      code: this.code,
      message: this.message,
    };
    if (this.errors) body.errors = this.errors;
    return { status: this.status, body, headers: this.headers };
  }
}

export const ok = (body: unknown, status = 200): Reply => ({ status, body });
export const noContent = (): Reply => ({ status: 204 });

export function validationError(errors: FieldError[]): HttpError {
  return new HttpError(422, ERROR_CODES.validationError, 'The request failed validation.', errors);
}

export function fieldError(field: string, message: string): HttpError {
  return validationError([{ field, message }]);
}

export function notFound(what: string): HttpError {
  return new HttpError(404, ERROR_CODES.notFound, `${what} not found.`);
}

export function badRequest(message: string): HttpError {
  return new HttpError(400, ERROR_CODES.badRequest, message);
}

export function rateLimited(retryAfterSec: number, message = 'Too many requests.'): HttpError {
  return new HttpError(429, ERROR_CODES.rateLimited, message, undefined, {
    [HEADERS.retryAfter]: String(Math.max(1, Math.ceil(retryAfterSec))),
  });
}

/**
 * Reads the whole body. Past `limit` bytes the rest is read and dropped, then
 * a 413 is thrown, so that the client still gets to read the answer.
 */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () => {
      if (size > limit) reject(new HttpError(413, 'payload_too_large', `The body exceeds ${limit} bytes.`));
      else resolve(Buffer.concat(chunks, size));
    });
    req.on('error', reject);
    req.on('aborted', () => reject(new Error('request aborted')));
  });
}

/** `undefined` for an empty body; a 400 for anything that is not JSON. */
export function parseJsonBody(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('The body is not valid JSON.');
  }
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return;
  const headers: Record<string, string | number> = { ...reply.headers };
  if (reply.text !== undefined) {
    const payload = Buffer.from(reply.text, 'utf8');
    headers['Content-Type'] = 'text/plain; charset=utf-8';
    headers['Content-Length'] = payload.length;
    res.writeHead(reply.status, headers);
    res.end(payload);
    return;
  }
  if (reply.body === undefined) {
    headers['Content-Length'] = 0;
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  const payload = Buffer.from(JSON.stringify(reply.body), 'utf8');
  headers['Content-Type'] = 'application/json';
  headers['Content-Length'] = payload.length;
  res.writeHead(reply.status, headers);
  res.end(payload);
}
