import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import type { Database } from '@propdesk/server-kit';
import { BackupError } from './format.js';
import { writeBackup } from './write.js';

/**
 * The embedded database's admin channel (decision 143). PGlite runs inside the process that opened it and
 * a second process opening the same folder would corrupt it, so whoever opens a data directory first
 * listens on `<dataDir>/admin.sock` (mode 0600, inside a folder only its owner should read): a process
 * that finds it answering does not open the folder. The running server answers `POST /backup` on it with
 * a backup stream; a CLI command holding the folder answers that it is busy.
 */
export const ADMIN_SOCKET = 'admin.sock';

export function adminSocketPath(dataDir: string): string {
  if (process.platform === 'win32') return `\\\\.\\pipe\\propdesk-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
  return join(dataDir, ADMIN_SOCKET);
}

export type Holder = { pid: number; role: string };

type Log = { info(object: object, message: string): void; error(object: object, message: string): void };

export type AdminChannel = {
  /** From now on `POST /backup` streams a backup of `db` (the server calls it once its database is open). */
  serve(db: Database, log?: Log): void;
  /** Stops listening (a backup in progress is cut off: the CLI reports it and keeps no file). */
  close(): Promise<void>;
};

const isAbsent = (error: unknown) => ['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Sends one request on the socket; `null` when nobody listens there (no socket, or one left by a killed process). */
function ask(dataDir: string, method: 'GET' | 'POST', path: string): Promise<IncomingMessage | null> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ socketPath: adminSocketPath(dataDir), method, path, headers: { accept: 'application/json' } });
    outgoing.on('response', resolve);
    outgoing.on('error', (error) => (isAbsent(error) ? resolve(null) : reject(error)));
    outgoing.end();
  });
}

async function readJson(response: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The process holding the data directory now, or null. */
export async function dataDirHolder(dataDir: string): Promise<Holder | null> {
  const response = await ask(dataDir, 'GET', '/status');
  if (!response) return null;
  const body = await readJson(response);
  return { pid: Number(body['pid'] ?? 0), role: String(body['role'] ?? 'unknown') };
}

export const describeHolder = (holder: Holder) =>
  holder.role === 'server' ? `a Propdesk server (pid ${holder.pid}) is running on it` : `another Propdesk command (pid ${holder.pid}, ${holder.role}) is using it`;

/** Claims the data directory (refused when another process holds it), removing a socket left by a killed process. */
export async function claimDataDir(dataDir: string, role: string): Promise<AdminChannel> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const holder = await dataDirHolder(dataDir);
  if (holder) throw new BackupError(`The data directory ${dataDir} is in use: ${describeHolder(holder)}.`);
  const path = adminSocketPath(dataDir);
  if (process.platform !== 'win32') rmSync(path, { force: true });
  let database: { db: Database; log: Log | undefined } | undefined;
  const sockets = new Set<Socket>();
  const server: Server = createServer((incoming, response) => {
    void answer(incoming, response, role, database);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new BackupError(`Could not open the admin socket ${path} (${error.code ?? error.message}). Choose a PROPDESK_DATA_DIR with a shorter path.`)),
    );
    server.listen(path, () => resolve());
  });
  if (process.platform !== 'win32') chmodSync(path, 0o600);
  let closing: Promise<void> | undefined;
  return {
    serve(db, log) {
      database = { db, log };
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}

async function answer(incoming: IncomingMessage, response: ServerResponse, role: string, database: { db: Database; log: Log | undefined } | undefined) {
  const reply = (status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (incoming.method === 'GET' && incoming.url === '/status') return reply(200, { pid: process.pid, role });
  if (incoming.method !== 'POST' || incoming.url !== '/backup') return reply(404, { message: 'Not found' });
  if (!database) return reply(409, { message: `This data directory is in use by another Propdesk command (pid ${process.pid}, ${role}).` });
  const started = performance.now();
  response.writeHead(200, { 'content-type': 'application/gzip' });
  try {
    const summary = await writeBackup(database.db, response);
    database.log?.info({ ...summary, ms: Math.round(performance.now() - started) }, 'backup sent on the admin socket');
  } catch (error) {
    database.log?.error({ err: error }, 'backup on the admin socket failed');
    response.destroy();
  }
}

/**
 * Asks the process holding `dataDir` for a backup and copies it to `out`; false (and `out` untouched)
 * when no process holds the folder. A server that stops or dies mid-way rejects.
 */
export async function backupFromServer(dataDir: string, out: Writable): Promise<boolean> {
  const response = await ask(dataDir, 'POST', '/backup');
  if (!response) return false;
  if (response.statusCode !== 200) {
    const body = await readJson(response);
    throw new BackupError(typeof body['message'] === 'string' ? body['message'] : `The server answered ${response.statusCode}.`);
  }
  try {
    await pipeline(response, out);
  } catch {
    throw new BackupError('The server stopped sending the backup before it was complete (it stopped or failed; see its log). No backup was kept.');
  }
  return true;
}
