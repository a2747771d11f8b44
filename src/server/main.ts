/**
 * `npm run server`: Torpedo Server's entry. Prints `listening on <url>` when
 * ready, then `pairing code: NNNN-NNNN` (one use, valid 10 minutes) and the
 * hook's address to set as the account's webhook (the app does it on pairing).
 */
import { SERVER_PATHS } from '../shared/server-contract/v1';
import { UsageError, readConfig } from './config';
import { startServer } from './start';

async function main(): Promise<void> {
  const options = readConfig(process.argv.slice(2), process.env);
  const server = await startServer({
    ...options,
    logger: true,
    onWarning: (m) => console.error(`postgres: ${m}`),
  });
  console.log(`listening on ${server.url}`);
  console.log(`pairing code: ${server.pairingCode}`);
  const base = options.publicUrl ?? server.url;
  console.log(`webhook: ${base.replace(/\/+$/, '')}${SERVER_PATHS.hook(server.workspaceId)}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  if (err instanceof UsageError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(`torpedo server: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
