import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';

export type SseEvent = { id: string | undefined; event: string; data: string };

/** The base URL of an app listening on a free loopback port. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** The Cookie header an agent's jar would send to `path`. */
export function cookieHeader(jar: Map<string, { value: string; path: string }>, path: string): string {
  return [...jar]
    .filter(([, cookie]) => path.startsWith(cookie.path))
    .map(([name, cookie]) => `${name}=${cookie.value}`)
    .join('; ');
}

/**
 * A minimal EventSource over real HTTP (no automatic reconnect): collects events and comments
 * and lets a test wait for them.
 */
export async function openSse(url: string, headers: Record<string, string> = {}) {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  /** Ids of id-only blocks (the server's position messages), in order. */
  const positions: string[] = [];
  let body = '';
  let waiters: (() => void)[] = [];
  let ended = false;
  let destroy = () => undefined as unknown;
  let resolveEnd!: () => void;
  const endedPromise = new Promise<void>((resolve) => (resolveEnd = resolve));
  const wake = () => {
    const current = waiters;
    waiters = [];
    for (const waiter of current) waiter();
  };
  const finish = () => {
    if (ended) return;
    ended = true;
    resolveEnd();
    wake();
  };

  const parse = (block: string) => {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
    }
    if (data.length > 0) events.push({ id, event, data: data.join('\n') });
    else if (id !== undefined) positions.push(id);
  };

  const response = await new Promise<{ status: number; headers: IncomingHttpHeaders; text: () => Promise<string> }>((resolve, reject) => {
    const req = httpRequest(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      res.setEncoding('utf8');
      const isStream = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
      let text = '';
      res.on('data', (chunk: string) => {
        if (!isStream) {
          text += chunk;
          return;
        }
        body += chunk;
        let split = body.indexOf('\n\n');
        while (split >= 0) {
          parse(body.slice(0, split));
          body = body.slice(split + 2);
          split = body.indexOf('\n\n');
        }
        wake();
      });
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => (ended ? Promise.resolve(text) : endedPromise.then(() => text)),
      });
    });
    req.on('error', (error) => {
      finish();
      reject(error);
    });
    req.end();
    destroy = () => req.destroy();
  });

  const client = {
    status: response.status,
    headers: response.headers,
    text: response.text,
    events,
    comments,
    positions,
    get ended() {
      return ended;
    },
    whenEnded: endedPromise,
    destroy: () => void destroy(),
    /** Resolves when `predicate` holds; rejects after `timeoutMs`. */
    async waitFor(predicate: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${events.length} events, ended=${ended}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 100));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    async waitForEvents(count: number, timeoutMs = 5000) {
      await client.waitFor(() => events.length >= count, timeoutMs, `${count} events`);
      return events.slice(0, count);
    },
  };
  return client;
}

export type SseClient = Awaited<ReturnType<typeof openSse>>;
