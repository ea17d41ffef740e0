import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver took: its path, headers, raw body and when it came (ms since the epoch). */
export type Received = { path: string; headers: IncomingHttpHeaders; body: string; at: number };

/** What the receiver answers next: 204, 503 once then 204, 503 always, or nothing at all. */
export type ReceiverMode = 'ok' | 'fail-once' | 'fail' | 'hang';

/**
 * An HTTP receiver on 127.0.0.1 (webhooks, SMS providers) that keeps every request and answers
 * what `state.mode` says, or what `answer` gives when set (status, headers, a JSON body). Port 0: any
 * free port. `close()` ends its open connections too.
 */
export async function startReceiver(port = 0, answer?: (request: Received, count: number) => { status: number; headers?: Record<string, string>; json?: unknown }) {
  const received: Received[] = [];
  const state: { mode: ReceiverMode } = { mode: 'ok' };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const taken: Received = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(taken);
      if (answer) {
        const { status, headers = {}, json } = answer(taken, received.length);
        if (json === undefined) response.writeHead(status, headers).end();
        else response.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(json));
        return;
      }
      if (state.mode === 'hang') return;
      if (state.mode === 'fail' || state.mode === 'fail-once') {
        if (state.mode === 'fail-once') state.mode = 'ok';
        response.writeHead(503).end('down');
        return;
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    received,
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` every 20 ms until it holds; throws after `ms`. */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
