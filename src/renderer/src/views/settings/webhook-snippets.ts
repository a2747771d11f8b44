/**
 * How a receiver checks `X-SMSGo-Signature` (src/shared/webhook/signature.ts):
 * `sha256=` + the lowercase hex HMAC-SHA256 of the raw body, keyed with the
 * webhook secret, compared in constant time. No secret appears in them: the
 * receiver reads its own from its environment. The comments come in the UI's
 * language; test/core/api/webhook-snippets.test.ts runs the Node and Python ones
 * against real signatures.
 */
export interface SnippetWords {
  /** The body exactly as it arrived, before any JSON parsing. */
  rawBody: string;
  /** Not signed with your secret: refuse it. */
  reject: string;
  /** The secret lives outside the code. */
  secret: string;
}

export type SnippetLanguage = 'node' | 'php' | 'python';

export const SNIPPET_LANGUAGES: readonly { id: SnippetLanguage; label: string }[] = [
  { id: 'node', label: 'Node.js' },
  { id: 'php', label: 'PHP' },
  { id: 'python', label: 'Python' },
];

const node = (w: SnippetWords) => `import { createHmac, timingSafeEqual } from 'node:crypto';

// ${w.rawBody}
export function isFromSmsGo(rawBody, signatureHeader, secret) {
  const expected = 'sha256=' + createHmac('sha256', secret).update(rawBody).digest('hex');
  const a = Buffer.from(String(signatureHeader ?? ''));
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

// Express: app.post('/sms/webhook', express.raw({ type: '*/*' }), (req, res) => {
//   // ${w.secret}
//   const secret = process.env.SMSGO_WEBHOOK_SECRET;
//   if (!isFromSmsGo(req.body, req.get('X-SMSGo-Signature'), secret)) {
//     return res.sendStatus(401); // ${w.reject}
//   }
//   const event = JSON.parse(req.body.toString('utf8'));
//   res.sendStatus(200);
// });
`;

const php = (w: SnippetWords) => `<?php
// ${w.rawBody}
$rawBody = file_get_contents('php://input');
// ${w.secret}
$secret = getenv('SMSGO_WEBHOOK_SECRET');

$expected = 'sha256=' . hash_hmac('sha256', $rawBody, $secret);
$given = $_SERVER['HTTP_X_SMSGO_SIGNATURE'] ?? '';

if (!hash_equals($expected, $given)) {
    http_response_code(401); // ${w.reject}
    exit;
}

$event = json_decode($rawBody, true);
http_response_code(200);
`;

const python = (w: SnippetWords) => `import hashlib
import hmac
import os


# ${w.rawBody}
def is_from_smsgo(raw_body: bytes, signature_header: str | None, secret: str) -> bool:
    expected = "sha256=" + hmac.new(secret.encode(), raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode(), (signature_header or "").encode())


# Flask:
# @app.post("/sms/webhook")
# def sms_webhook():
#     # ${w.secret}
#     secret = os.environ["SMSGO_WEBHOOK_SECRET"]
#     if not is_from_smsgo(request.get_data(), request.headers.get("X-SMSGo-Signature"), secret):
#         abort(401)  # ${w.reject}
#     event = request.get_json()
#     return "", 200
`;

export function webhookSnippet(language: SnippetLanguage, words: SnippetWords): string {
  return { node, php, python }[language](words);
}
