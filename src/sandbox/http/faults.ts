/**
 * Fault injection for non-admin routes, driven by POST /__sandbox/faults.
 *
 * A rule names a route as `METHOD /path`, matched against both the concrete
 * path (`GET /v1/sms/3f…/show`) and the route's pattern (`GET /v1/sms/{id}/show`);
 * `*` matches every request and `* /path` any method. Rules are tried in order;
 * a matching rule with `count` left uses one of its count, then fires with its
 * `probability` (seeded); when it does not fire the next rules are tried.
 */
import { z } from 'zod';
import { ERROR_CODES, HEADERS } from '../../core/api/wire';
import type { Reply } from './http-io';
import { mulberry32 } from '../simulation/rng';

export const FAULT_KINDS = [
  'status',
  'delay',
  'drop-before-commit',
  'drop-after-commit',
  'timeout-after-commit',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const DEFAULT_DELAY_MS = 1_000;
export const DEFAULT_TIMEOUT_HOLD_MS = 30_000;

export const faultRuleSchema = z
  .object({
    route: z.string().min(1),
    fault: z.enum(FAULT_KINDS),
    probability: z.number().min(0).max(1).optional(),
    count: z.number().int().positive().optional(),
    status: z.number().int().min(200).max(599).optional(),
    delayMs: z.number().int().min(0).max(600_000).optional(),
  })
  .refine((r) => r.fault !== 'status' || r.status !== undefined, {
    path: ['status'],
    message: 'required when fault is "status"',
  });

export const faultsRequestSchema = z.object({
  seed: z.number().int().optional(),
  rules: z.array(faultRuleSchema).max(100),
});

export type FaultRule = z.infer<typeof faultRuleSchema>;

interface ActiveRule {
  rule: FaultRule;
  method: string;
  path: string;
  remaining: number;
}

function parseRoute(route: string): { method: string; path: string } {
  const trimmed = route.trim();
  if (trimmed === '*') return { method: '*', path: '*' };
  const space = trimmed.indexOf(' ');
  if (space < 0) return { method: '*', path: trimmed };
  return { method: trimmed.slice(0, space).toUpperCase(), path: trimmed.slice(space + 1).trim() };
}

export class Faults {
  private rules: ActiveRule[] = [];
  private random: () => number;

  constructor(private readonly defaultSeed: number) {
    this.random = mulberry32(defaultSeed);
  }

  get count(): number {
    return this.rules.length;
  }

  /** Replaces every rule. */
  set(rules: FaultRule[], seed = this.defaultSeed): void {
    this.random = mulberry32(seed);
    this.rules = rules.map((rule) => ({
      rule,
      ...parseRoute(rule.route),
      remaining: rule.count ?? Infinity,
    }));
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault to inject into this request, if any. */
  pick(method: string, path: string, pattern: string | undefined): FaultRule | null {
    for (const active of this.rules) {
      if (active.remaining <= 0) continue;
      if (active.method !== '*' && active.method !== method) continue;
      if (active.path !== '*' && active.path !== path && active.path !== pattern) continue;
      active.remaining--;
      if (this.random() < (active.rule.probability ?? 1)) return active.rule;
    }
    return null;
  }
}

const STATUS_CODES: Record<number, string> = {
  409: ERROR_CODES.providerOutOfStock,
  429: ERROR_CODES.rateLimited,
  503: ERROR_CODES.paymentUnavailable,
  500: 'internal_error',
  502: 'internal_error',
};

/** The answer of a `status` fault: the status with the body the service gives for it. */
export function faultReply(status: number): Reply {
  const code = STATUS_CODES[status] ?? `http_${status}`;
  const headers: Record<string, string> = status === 429 ? { [HEADERS.retryAfter]: '1' } : {};
  if (status === 204 || status === 304) return { status, headers };
  return { status, headers, body: { code, message: `Injected fault: HTTP ${status}.` } };
}
