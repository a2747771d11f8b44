/**
 * A proxy between the app and a sandbox that remembers the headers of every
 * request: how a test learns the bearer tokens the service issued (they never
 * leave main, so the page cannot tell it).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingProxy {
  url: string;
  headers: http.IncomingHttpHeaders[];
  close(): Promise<void>;
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const headers: http.IncomingHttpHeaders[] = [];
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    headers.push(req.headers);
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
