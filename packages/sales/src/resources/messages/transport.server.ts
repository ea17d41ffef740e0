import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Queryable } from '@propdesk/server-kit';
import nodemailer, { type Transporter } from 'nodemailer';

/**
 * How customer messages leave (issue 28), from the environment:
 * - `PROPDESK_SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…`): e-mail through that server; without
 *   it each e-mail is written as an `.eml` file under `PROPDESK_MAIL_DIR` (default `<data dir>/mail`).
 * - `PROPDESK_MAIL_FROM`: the From address (default `Propdesk <no-reply@propdesk.invalid>`).
 * - `PROPDESK_SMS_URL` and `PROPDESK_SMS_TOKEN` (and `PROPDESK_SMS_FROM`): SMS through that HTTP provider; off without them.
 * - `PROPDESK_PUBLIC_URL`: where customers reach the unsubscribe link (default `http://localhost:3000`).
 */
export type MessageConfig = {
  smtpUrl: string | null;
  mailFrom: string;
  mailDir: string;
  sms: { url: string; token: string; from: string | null } | null;
  publicUrl: string;
};

const blank = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

/** Whether SMS is set up (`messageConfigFromEnv().sms` is not null), without working out the rest of the configuration. */
export const smsConfigured = (env: NodeJS.ProcessEnv = process.env): boolean => blank(env['PROPDESK_SMS_URL']) !== null && blank(env['PROPDESK_SMS_TOKEN']) !== null;

export function messageConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MessageConfig {
  const smsUrl = blank(env['PROPDESK_SMS_URL']);
  const smsToken = blank(env['PROPDESK_SMS_TOKEN']);
  return {
    smtpUrl: blank(env['PROPDESK_SMTP_URL']),
    mailFrom: blank(env['PROPDESK_MAIL_FROM']) ?? 'Propdesk <no-reply@propdesk.invalid>',
    mailDir: resolve(blank(env['PROPDESK_MAIL_DIR']) ?? join(blank(env['PROPDESK_DATA_DIR']) ?? './data', 'mail')),
    sms: smsUrl && smsToken ? { url: smsUrl, token: smsToken, from: blank(env['PROPDESK_SMS_FROM']) } : null,
    publicUrl: (blank(env['PROPDESK_PUBLIC_URL']) ?? 'http://localhost:3000').replace(/\/+$/, ''),
  };
}

export type Mail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  lang: 'ar' | 'en';
  unsubscribeUrl: string | null;
  attachments: { filename: string; content: Buffer; contentType: string }[];
};

/** Where an e-mail went: `smtp` (the server's answer names its id) or `file` (the .eml's path). */
export type MailResult = { transport: 'smtp' | 'file'; providerId: string };

export type Mailer = {
  readonly transport: 'smtp' | 'file';
  send(mail: Mail): Promise<MailResult>;
  close(): void;
}

function nodemailerMessage(from: string, mail: Mail) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // The message's id is its idempotency key: a second send after a crash carries the same Message-ID.
    messageId: `<${mail.id}@propdesk>`,
    headers: { 'Content-Language': mail.lang, 'X-Propdesk-Message': mail.id },
    ...(mail.unsubscribeUrl ? { list: { unsubscribe: { url: mail.unsubscribeUrl, comment: 'Unsubscribe' } } } : {}),
    attachments: mail.attachments,
  };
}

/** The id the SMTP server gave (`250 2.0.0 Ok: queued as 4ABC`), else our Message-ID. */
export function smtpProviderId(response: string | undefined, messageId: string): string {
  const queued = /queued as ([\w.-]+)/i.exec(response ?? '');
  return queued?.[1] ?? messageId;
}

/**
 * E-mail through an SMTP server: a pool of up to 5 connections kept open between messages, cut after 20 s of
 * silence, well within the outbox's lease. (The options go in one object with the URL: Nodemailer reads a
 * second argument as defaults for each message, not as the transport's options.)
 */
export function smtpMailer(url: string, from: string): Mailer {
  const transporter: Transporter = nodemailer.createTransport({ url, pool: true, maxConnections: 5, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never);
  return {
    transport: 'smtp',
    send: async (mail) => {
      const info = (await transporter.sendMail(nodemailerMessage(from, mail))) as { response?: string; messageId: string };
      return { transport: 'smtp', providerId: smtpProviderId(info.response, info.messageId) };
    },
    close: () => transporter.close(),
  };
}

/** Without an SMTP server: each e-mail as `<dir>/<day>/<id>.eml` (written whole, then renamed), so a fresh machine still shows them. */
export function fileMailer(dir: string, from: string): Mailer {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: 'file',
    send: async (mail) => {
      const info = (await transporter.sendMail(nodemailerMessage(from, mail))) as { message: Buffer };
      const day = new Date().toISOString().slice(0, 10);
      const folder = join(dir, day);
      await mkdir(folder, { recursive: true });
      const path = join(folder, `${mail.id}.eml`);
      const partial = `${path}.${randomBytes(4).toString('hex')}.partial`;
      await writeFile(partial, info.message);
      await rename(partial, path);
      return { transport: 'file', providerId: path };
    },
    close: () => transporter.close(),
  };
}

export const mailerFromConfig = (config: MessageConfig): Mailer => (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : fileMailer(config.mailDir, config.mailFrom));

// ---------------------------------------------------------------------------------------------
// SMS

export type Sms = { to: string; text: string; idempotencyKey: string };

/** An SMS provider: sends one text, answers the provider's id, throws when it was not accepted. */
export type SmsProvider = {
  readonly name: string;
  send(sms: Sms): Promise<{ providerId: string }>;
}

/**
 * A provider reached by one HTTP POST: JSON `{ to, from, text, reference }` with
 * `Authorization: Bearer <token>` and `Idempotency-Key: <message id>`; a 2xx answer with `{ id }` (or
 * `messageId`) is accepted, anything else is a failure naming the status. Cut after 15 s.
 */
export function httpSmsProvider(options: { url: string; token: string; from: string | null; timeoutMs?: number }): SmsProvider {
  return {
    name: 'http',
    send: async (sms) => {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}`, 'idempotency-key': sms.idempotencyKey },
        body: JSON.stringify({ to: sms.to, from: options.from, text: sms.text, reference: sms.idempotencyKey }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`The SMS provider answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
      let id: unknown = null;
      try {
        const body = JSON.parse(text) as { id?: unknown; messageId?: unknown };
        id = body.id ?? body.messageId ?? null;
      } catch {
        id = null;
      }
      return { providerId: id === null || id === undefined ? `http:${sms.idempotencyKey}` : String(id) };
    },
  };
}

export const smsFromConfig = (config: MessageConfig): SmsProvider | null => (config.sms ? httpSmsProvider(config.sms) : null);

// ---------------------------------------------------------------------------------------------
// Quiet hours: no SMS between 21:00 and 09:00 Cairo time.

const CAIRO = 'Africa/Cairo';
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 9;

// Made once: a formatter costs far more to make than to use.
const CAIRO_CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: CAIRO, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

function cairoParts(at: Date) {
  const parts = CAIRO_CLOCK.formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** When an SMS may go at the earliest: null now, else the next 09:00 in Cairo. */
export function smsQuietUntil(now: Date): Date | null {
  const local = cairoParts(now);
  if (local.hour >= QUIET_UNTIL_HOUR && local.hour < QUIET_FROM_HOUR) return null;
  // Cairo's offset now (wall clock read as UTC minus the instant).
  const offsetMs = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second) - Math.floor(now.getTime() / 1000) * 1000;
  const nextDay = local.hour >= QUIET_FROM_HOUR ? 1 : 0;
  return new Date(Date.UTC(local.year, local.month - 1, local.day + nextDay, QUIET_UNTIL_HOUR, 0, 0) - offsetMs);
}

/** Cairo's calendar day (`YYYY-MM-DD`) at `at`. */
export function cairoDay(at: Date): string {
  const local = cairoParts(at);
  return `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Unsubscribe tokens: `<customer>.<channel>.<HMAC>`, signed with PROPDESK_SECRET (or a secret kept in the database).

export async function loadMessageSecret(db: Queryable, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const configured = blank(env['PROPDESK_SECRET']);
  if (configured) return configured;
  await db.query("insert into app_secrets (name, value) values ('messages', $1) on conflict (name) do nothing", [randomBytes(32).toString('base64url')]);
  const found = await db.query<{ value: string }>("select value from app_secrets where name = 'messages'");
  return found.rows[0]!.value;
}

/**
 * The secret unsubscribe links are checked with, never made here: reading a link writes nothing, and
 * while no message was ever signed (no secret yet) no link can be valid (null).
 */
export async function readMessageSecret(db: Queryable, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const configured = blank(env['PROPDESK_SECRET']);
  if (configured) return configured;
  const found = await db.query<{ value: string }>("select value from app_secrets where name = 'messages'");
  return found.rows[0]?.value ?? null;
}

const signature = (secret: string, customerId: string, channel: string) => createHmac('sha256', secret).update(`propdesk:unsubscribe:${customerId}:${channel}`).digest('base64url');

export const unsubscribeToken = (secret: string, customerId: string, channel: 'email' | 'sms') => `${customerId}.${channel}.${signature(secret, customerId, channel)}`;

/** The customer and channel a token names, or null for a token not signed by us. */
export function readUnsubscribeToken(secret: string, token: string): { customerId: string; channel: 'email' | 'sms' } | null {
  const match = /^([0-9a-f-]{36})\.(email|sms)\.([\w-]{20,100})$/i.exec(token);
  if (!match) return null;
  const [, customerId, channel, given] = match;
  const expected = Buffer.from(signature(secret, customerId!, channel!));
  const actual = Buffer.from(given!);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { customerId: customerId!.toLowerCase(), channel: channel as 'email' | 'sms' };
}
