// Helpers for the stream benchmark: sign-in over fetch, raw SSE clients over node:http (one socket
// each, no pooling), server RSS from /proc.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const loopback = (url) => {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:|\/)/.test(url)) throw new Error('benchmarks only target loopback');
};

function mergeCookies(response, jar) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return jar;
}
const serialise = (jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** Signs in; returns the cookie header, the CSRF token and the user's id and department id. */
export async function signIn(url, username, password) {
  loopback(url);
  const jar = mergeCookies(await fetch(`${url}/api/users/csrf-cookie`, { headers: { accept: 'application/json' } }), new Map());
  const response = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: serialise(jar), 'x-csrf-token': jar.get('XSRF-TOKEN') },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`login of ${username} answered ${response.status}: ${await response.text()}`);
  mergeCookies(response, jar);
  const { data } = await response.json();
  const payload = JSON.parse(Buffer.from(data.split('.')[1], 'base64url').toString('utf8'));
  return { cookie: serialise(jar), csrf: jar.get('XSRF-TOKEN'), userId: payload.data.id, departmentId: payload.data.department?.id };
}

/**
 * Opens one event stream; `onEvent(seq, at)` runs for each message (an `id:` and a `data:` line), `at`
 * being performance.now() when its chunk arrived. Resolves once the headers are in (200).
 */
export function openStream(url, path, cookie, onEvent) {
  loopback(url);
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}${path}`, { agent: false, headers: { accept: 'text/event-stream', cookie } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`stream answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      let ended = false;
      response.on('data', (chunk) => {
        const at = performance.now();
        buffer += chunk;
        let split = buffer.indexOf('\n\n');
        while (split >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          // A message has an id and data; an id-only block is the stream's position, not a message.
          const lineEnd = block.indexOf('\n');
          if (block.startsWith('id: ') && lineEnd > 0 && block.includes('\ndata: ')) onEvent(Number(block.slice(4, lineEnd)), at);
          split = buffer.indexOf('\n\n');
        }
      });
      const finish = () => (ended = true);
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', finish);
      resolve({
        close: () => request.destroy(),
        get ended() {
          return ended;
        },
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` at once. */
export async function pool(count, concurrency, task) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** Resident memory of a process in KiB (Linux). */
export function rssKib(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : NaN;
}
