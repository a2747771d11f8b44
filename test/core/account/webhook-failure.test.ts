import { describe, expect, it } from 'vitest';
import { webhookFailureOf } from '@core/account/webhook-failure';

describe('webhookFailureOf: a transport failure as a kind the window can word', () => {
  it.each([
    ['ENOTFOUND', 'not_found'],
    ['getaddrinfo ENOTFOUND loja.example', 'not_found'],
    ['EAI_AGAIN', 'not_found'],
    ['connect ECONNREFUSED 127.0.0.1:1', 'refused'],
    ['ETIMEDOUT', 'timeout'],
    ['timed out', 'timeout'],
    ['This operation was aborted', 'timeout'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['not delivered: this sandbox only delivers to addresses on this computer', 'demo_local_only'],
    ['ECONNRESET', 'unreachable'],
    ['unknown', 'unreachable'],
  ])('%j is %s', (detail, kind) => {
    expect(webhookFailureOf(detail)).toBe(kind);
  });
});
