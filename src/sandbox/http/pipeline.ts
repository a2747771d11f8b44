/**
 * One request, start to end: bring the world up to now, route, inject the
 * fault a rule asks for, authenticate, read and parse the body, run the
 * handler, then answer (or, for the *-after-commit faults, do not).
 * Admin routes are never faulted.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODES } from '../../core/api/wire';
import { shapeErrorReply } from './answer-shapes';
import { minimalReply } from './minimal-answers';
import { DEFAULT_DELAY_MS, DEFAULT_TIMEOUT_HOLD_MS, faultReply, type FaultRule } from './faults';
import { HttpError, parseJsonBody, readBody, writeReply, type Reply } from './http-io';
import { ADMIN_PREFIX } from '../routes/admin';
import { authenticate } from '../routes/auth';
import type { BaseContext, Match, Router } from './router';
import type { TimerSet } from '../simulation/timers';
import type { World } from '../world';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export class Pipeline {
  constructor(
    private readonly world: World,
    private readonly api: Router,
    private readonly admin: Router,
    private readonly timers: TimerSet,
    private readonly markDirty: () => void,
    private readonly log: (line: string) => void,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const method = (req.method ?? 'GET').toUpperCase();
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    } catch {
      writeReply(res, new HttpError(400, ERROR_CODES.badRequest, 'Malformed request target.').toReply());
      return;
    }
    const path = url.pathname;
    this.world.tick();
    const isAdmin = path.startsWith(ADMIN_PREFIX);
    const match = (isAdmin ? this.admin : this.api).match(method, path);
    const fault = isAdmin ? null : this.world.faults.pick(method, path, match?.route.pattern);
    const done = (what: string) =>
      this.log(`${method} ${path} ${what} (${Math.round(performance.now() - started)} ms)`);

    if (fault?.fault === 'drop-before-commit') {
      req.socket.destroy();
      done('dropped before commit (fault)');
      return;
    }
    if (fault?.fault === 'delay' && !(await this.timers.sleep(fault.delayMs ?? DEFAULT_DELAY_MS))) return;

    const answer =
      fault?.fault === 'status' ? await this.injected(req, fault) : await this.run(req, method, url, match);
    const shapes = this.world.shapes;
    const shaped = isAdmin ? answer : shapeErrorReply(answer, shapes);
    const reply = !isAdmin && shapes.minimal ? minimalReply(method, match?.route.pattern, shaped) : shaped;

    if (fault?.fault === 'drop-after-commit') {
      req.socket.destroy();
      done(`${reply.status}, dropped after commit (fault)`);
      return;
    }
    if (fault?.fault === 'timeout-after-commit') {
      const hold = fault.delayMs ?? DEFAULT_TIMEOUT_HOLD_MS;
      this.timers.after(hold, () => req.socket.destroy());
      done(`${reply.status}, held ${hold} ms then dropped (fault)`);
      return;
    }
    writeReply(res, reply);
    done(`${reply.status}${fault ? ` (fault: ${fault.fault})` : ''}`);
  }

  private async injected(req: IncomingMessage, fault: FaultRule): Promise<Reply> {
    await readBody(req).catch(() => undefined);
    return faultReply(fault.status ?? 500);
  }

  private async run(req: IncomingMessage, method: string, url: URL, match: Match | null): Promise<Reply> {
    try {
      if (!match) {
        await readBody(req).catch(() => undefined);
        throw new HttpError(404, ERROR_CODES.notFound, `No route for ${method} ${url.pathname}.`);
      }
      const { route, params } = match;
      const auth = route.auth ? authenticate(this.world, req.headers) : null;
      const raw = await readBody(req);
      const ctx: BaseContext = {
        method,
        path: url.pathname,
        pattern: route.pattern,
        params,
        query: url.searchParams,
        headers: req.headers,
        body: BODY_METHODS.has(method) ? parseJsonBody(raw) : undefined,
      };
      const reply = route.auth ? await route.handler({ ...ctx, ...auth! }) : await route.handler(ctx);
      if (route.mutates) this.markDirty();
      return reply;
    } catch (err) {
      if (err instanceof HttpError) return err.toReply();
      this.log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return { status: 500, body: { code: 'internal_error', message: 'Internal sandbox error.' } };
    }
  }
}
