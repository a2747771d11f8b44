/** `npm run server -- --port N --data-dir DIR [--public-url URL] [--host H] [--trust-proxy]`, and the environment. */
import { parseArgs } from 'node:util';
import type { StartOptions } from './start';

export const USAGE = `usage: npm run server -- --port N --data-dir DIR [--public-url URL] [--host 127.0.0.1] [--trust-proxy]

  --port N          the port to listen on (default 8080; 0 picks a free one)
  --data-dir DIR    where the embedded Postgres keeps its data (not needed with DATABASE_URL)
  --public-url URL  the server's public https address, as the SMS service will call it
  --host H          the address to listen on (default 127.0.0.1; 0.0.0.0 in a container)
  --trust-proxy     behind a reverse proxy (Caddy): read the source address from X-Forwarded-For

environment: DATABASE_URL (a Postgres of your own), TORPEDO_PUBLIC_URL, TORPEDO_TRUST_PROXY=1`;

export function readConfig(argv: string[], env: NodeJS.ProcessEnv): StartOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'public-url': { type: 'string' },
      host: { type: 'string' },
      'trust-proxy': { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) throw new UsageError(USAGE);
  const port = Number(values.port ?? env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError(`--port: not a port: ${values.port}`);
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = values['data-dir'];
  if (!databaseUrl && !dataDir)
    throw new UsageError(`--data-dir is required when DATABASE_URL is not set\n\n${USAGE}`);
  const publicUrl = values['public-url'] ?? (env.TORPEDO_PUBLIC_URL || undefined);
  if (publicUrl !== undefined && !/^https?:\/\/[^/\s]+/.test(publicUrl)) {
    throw new UsageError(`--public-url: not an http(s) address: ${publicUrl}`);
  }
  return {
    port,
    host: values.host ?? env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl,
    publicUrl: publicUrl ?? null,
    trustProxy: values['trust-proxy'] ?? env.TORPEDO_TRUST_PROXY === '1',
  };
}

export class UsageError extends Error {}
