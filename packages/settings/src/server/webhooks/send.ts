import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { OutboxOutcome } from '@propdesk/server-kit';
import { checkWebhookUrl, UrlRefused } from './address.js';

/** A receiver that has not answered in this long is cut (issue 27). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is read of an answer's body (and dropped): enough to drain it. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** `sha256=<hex HMAC-SHA256 of the raw body with the secret>`: the `X-Propdesk-Signature` header. */
export const signBody = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

// Kept-alive connections per process: a receiver taking many deliveries is not reconnected each time.
const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 32 }), https: new https.Agent({ keepAlive: true, maxSockets: 32 }) };

export type Delivery = { url: string; secret: string; event: string; deliveryId: string; body: string };

/**
 * POSTs one delivery: the URL is checked again now (DNS can change since it was saved) and the
 * connection goes to the very addresses checked (the request's own `lookup` hands them over, so a
 * second resolution cannot swap them); redirects are not followed (a 3xx is a failed try); cut at 10 s.
 */
export async function postDelivery(delivery: Delivery, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<OutboxOutcome> {
  let checked;
  try {
    checked = await checkWebhookUrl(delivery.url);
  } catch (error) {
    if (error instanceof UrlRefused) return { ok: false, code: null, error: `Refused: ${error.message}` };
    throw error;
  }
  const { url, addresses } = checked;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    const family = typeof options === 'object' && options ? options.family : undefined;
    const fitting = addresses.filter((entry) => !family || entry.family === family);
    const list = fitting.length > 0 ? fitting : addresses;
    if (typeof options === 'object' && options && (options as { all?: boolean }).all) (callback as unknown as (error: null, list: { address: string; family: number }[]) => void)(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  };
  const secure = url.protocol === 'https:';
  const body = Buffer.from(delivery.body, 'utf8');
  return new Promise<OutboxOutcome>((resolve) => {
    let settled = false;
    const done = (outcome: OutboxOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        lookup: pinned,
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': 'Propdesk-Webhooks/1',
          'x-propdesk-event': delivery.event,
          'x-propdesk-delivery': delivery.deliveryId,
          'x-propdesk-signature': signBody(delivery.secret, delivery.body),
        },
      },
      (response) => {
        const code = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const finish = () => done(code >= 200 && code < 300 ? { ok: true, code } : { ok: false, code, error: code >= 300 && code < 400 ? `Answered ${code} (redirects are not followed)` : `Answered ${code}` });
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    request.on('error', (error) => done({ ok: false, code: null, error: error.message || error.name }));
    request.end(body);
  });
}
