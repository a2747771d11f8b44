/**
 * Webhook settings beyond reading them (AccountService does that): set or
 * disable the URL, rotate the signing secret, and "send a test event".
 *
 * The test event: in demo mode the demo the host runs (the sandbox) delivers
 * its own signed sample, exactly as it delivers real events.
 * Against a service account (test or live) there is no such route, so Torpedo
 * signs a sample `sms.status` event with the account's secret, the way
 * the service does (webhook-signature.ts), and POSTs it to the URL itself:
 * the result says `simulated: true` so the UI can label it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import got, { RequestError } from 'got';
import { z } from 'zod';
import type { WebhookTestFailure, WebhookTestResult, WebhookView } from '../../shared/dto';
import { APP_ERROR_CODES } from '../../shared/app-error';
import { type ParsedInputOf } from '../../shared/ipc-contract';
import { isLoopbackHttpUrl } from '../../shared/contract/account';
import type { AccountService } from './account-service';
import { maskSecret } from './mask-secret';
import { webhookFailureOf } from './webhook-failure';
import { HEADERS, WEBHOOK_EVENTS } from '../api/wire';
import { signWebhookBody } from '../../shared/webhook/signature';
import type { WebhookConfig, WebhookEvent } from '../api/wire-schemas';
import { AppFailure } from '../app-failure';
import type { ServiceCacheRepo } from '../db/service-cache-repo';
import type { SessionManager } from '../session/session-module';
import { bindAccount } from './service-access';

export type WebhookUpdateInput = ParsedInputOf<'account:updateWebhook'>;

/** Same key and shape AccountService.webhook() caches: never the secret itself. */
export const WEBHOOK_CACHE_KEY = 'webhook';
/** A receiver slower than this is reported as not answering. */
export const WEBHOOK_TEST_TIMEOUT_MS = 5_000;
/** A number that the sandbox always reports delivered (magic phone). */
const SAMPLE_PHONE = '+5511900000003';

const sandboxTestAnswer = z.object({
  delivered: z.boolean(),
  status: z.number().int().nullable(),
  latencyMs: z.number(),
  error: z.string().optional(),
});

export class WebhookSettings {
  constructor(
    private readonly session: SessionManager,
    private readonly account: AccountService,
    private readonly cache: ServiceCacheRepo,
    private readonly now: () => Date,
  ) {}

  async update(input: WebhookUpdateInput): Promise<WebhookView> {
    // The real service cannot reach this computer: a loopback receiver only makes sense for demo and test.
    if (input.url && isLoopbackHttpUrl(input.url) && this.session.info().mode === 'live') {
      throw new AppFailure(APP_ERROR_CODES.invalidInput, 'Some fields are not valid.', {
        fields: [{ field: 'url', message: 'A live account needs an https:// address the service can reach' }],
      });
    }
    const bound = bindAccount(this.session, this.account);
    const saved = await bound.call((c) =>
      c.updateWebhook({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.rotateSecret ? { rotate_secret: true } : {}),
      }),
    );
    const view = { url: saved.url, hasSecret: saved.secret !== null, maskedSecret: mask(saved) };
    this.cache.put(bound.profile, WEBHOOK_CACHE_KEY, view);
    return { ...view, fetchedAt: this.now().toISOString(), stale: false };
  }

  async sendTest(): Promise<WebhookTestResult> {
    const demo = this.session.runningDemo();
    if (this.session.info().mode === 'demo' && demo) {
      // The demo's sandbox delivers to this computer only (its promise: nothing leaves it).
      const answer = sandboxTestAnswer.parse(await demo.sendTestEvent());
      return {
        ...answer,
        simulated: false,
        ...(answer.delivered ? {} : { failure: failureOf(answer.status, answer.error ?? '') }),
      };
    }
    const config = await bindAccount(this.session, this.account).call((c) => c.webhook());
    if (!config.url) return notSent('no_url', 'No webhook address is set.');
    if (!config.secret) return notSent('no_secret', 'The account has no webhook secret to sign with.');
    return this.deliverSigned(config.url, config.secret);
  }

  private async deliverSigned(url: string, secret: string): Promise<WebhookTestResult> {
    const body = JSON.stringify(sampleEvent());
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      const response = await got.post(url, {
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Torpedo webhook test',
          [HEADERS.signature]: await signWebhookBody(body, secret),
        },
        throwHttpErrors: false,
        followRedirect: false,
        retry: { limit: 0 },
        timeout: { request: WEBHOOK_TEST_TIMEOUT_MS },
      });
      const status = response.statusCode;
      const delivered = status >= 200 && status < 300;
      return {
        delivered,
        status,
        latencyMs: latency(),
        simulated: true,
        ...(delivered ? {} : { failure: 'rejected', error: `The receiver answered HTTP ${status}.` }),
      };
    } catch (error) {
      // Only the failure's kind: the URL may carry a token in its query.
      const code = error instanceof RequestError ? error.code : 'unknown';
      return {
        delivered: false,
        status: null,
        latencyMs: latency(),
        simulated: true,
        failure: webhookFailureOf(code),
        error: `The receiver could not be reached (${code}).`,
      };
    }
  }
}

const mask = (config: WebhookConfig) => (config.secret ? maskSecret(config.secret) : null);

const notSent = (failure: WebhookTestFailure, error: string): WebhookTestResult => ({
  delivered: false,
  status: null,
  latencyMs: 0,
  simulated: true,
  failure,
  error,
});

/** A status came back: the receiver refused the event; none: why it could not be reached. */
const failureOf = (status: number | null, detail: string): WebhookTestFailure =>
  status !== null ? 'rejected' : /no webhook/i.test(detail) ? 'no_url' : webhookFailureOf(detail);

/**
 * A sample delivery report in the service's format (facts, "Outbound webhook
 * events"): an `sms.status` event, phone without `+`. `sentAt` is the real
 * time of sending, read from the system clock rather than the core's
 * injectable one, because receivers built with the official SDKs compare it
 * with their own clock to refuse replays.
 */
export function sampleEvent(): WebhookEvent {
  return {
    id: `evt_test_${randomBytes(12).toString('hex')}`,
    event: WEBHOOK_EVENTS.status,
    sentAt: new Date().toISOString(),
    test: true,
    data: {
      sendId: randomUUID(),
      phone: SAMPLE_PHONE.replace(/^\+/, ''),
      status: 'delivered',
      messageId: randomUUID(),
      code: null,
      reference: 'webhook-test',
    },
  };
}
