import closeWithGrace from 'close-with-grace';
import { createUser, ensureRole, findUserId, grantRole, hashPassword } from '@propdesk/auth-session/server';
import { PASSWORD_RULE, passwordProblem } from '@propdesk/auth-session/model';
import { announcementRequestSchema } from '@propdesk/notifications-core/model';
import { notify } from '@propdesk/notifications-core/server';
import { audit, type Database } from '@propdesk/server-kit';
import { z } from 'zod';
import { parseArgs } from './args.js';
import { BACKUP_USAGE, RESTORE_USAGE, backupCommand, restoreCommand } from './backup/commands.js';
import { claimDataDir } from './backup/channel.js';
import { removePartialFiles } from './backup/files.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { openAppDatabase } from './database.js';
import { ENTITIES } from './domains.js';
import { startWorker } from './worker.js';

const USAGE = `Usage: node apps/server/dist/cli.js create-admin --username <name> [--full-name <name>]
The password comes from PROPDESK_ADMIN_PASSWORD or, when unset, from standard input (at least 12 characters).
Uses the same DATABASE_URL / PROPDESK_DATA_DIR as the server (stop the server first when it uses embedded PGlite).`;

/**
 * Opens and migrates the configured database for one command. The embedded one is claimed first
 * (its admin socket, backup/channel.ts): refused while a server or another command holds the folder.
 */
async function withAppDatabase<T>(config: AppConfig, role: string, fn: (db: Database) => Promise<T>): Promise<T> {
  const channel = config.databaseUrl || config.dataDir.startsWith('memory://') ? undefined : await claimDataDir(config.dataDir, role);
  try {
    const db = await openAppDatabase(config);
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  } finally {
    await channel?.close();
  }
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(Buffer.from(chunk as Buffer));
    if (process.stdin.isTTY && Buffer.concat(chunks).includes(10)) break;
  }
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

/** Creates (or resets) an administrator with every privilege of the registry. */
export async function createAdmin(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { command, flags } = parseArgs(argv);
  if (command !== 'create-admin') throw new Error(USAGE);
  const username = flags.get('username')?.trim();
  if (!username) throw new Error(`--username is required\n${USAGE}`);
  if (username.length > 100) throw new Error('The username is too long (100 characters at most)');
  const fullName = flags.get('full-name')?.trim() || 'Administrator';
  const password = env['PROPDESK_ADMIN_PASSWORD'] ?? (await readStdin());
  const problem = passwordProblem(password);
  if (problem) throw new Error(`The password does not keep the rule (${PASSWORD_RULE}): ${problem.toLowerCase()}`);

  const config = loadConfig(env);
  return withAppDatabase(config, 'create-admin', async (db) => {
    const passwordHash = await hashPassword(password, config.argon2);
    return db.transaction(async (tx) => {
      const privileges = ENTITIES.entities.flatMap((entity) => entity.actions.map((action) => ({ entityName: entity.name, fieldName: null, action })));
      const roleId = await ensureRole(tx, 'Administrator', 'Every action on every entity.', privileges);
      const existing = await findUserId(tx, username);
      if (existing) {
        await tx.query('update users set password_hash = $2, active = true, updated_at = now() where id = $1', [existing, passwordHash]);
        await grantRole(tx, existing, roleId);
        await audit(tx, { actorId: null, action: 'cli.create-admin', entity: 'user', entityId: existing, details: { username, updated: true } });
        return `Updated ${username}: new password, active, Administrator role.`;
      }
      const id = await createUser(tx, { username, fullName, passwordHash, roleIds: [roleId] });
      await audit(tx, { actorId: null, action: 'cli.create-admin', entity: 'user', entityId: id, details: { username } });
      return `Created administrator ${username}.`;
    });
  });
}

const NOTIFY_USAGE = `Usage: node apps/server/dist/cli.js notify (--username <name> | --department <name>) --title <text> [--body <text>] [--link </path or https URL>] [--category <name>]
Stores a notification with notify() in one transaction. A server running on the same PostgreSQL (DATABASE_URL) pushes it to the open streams at once.`;

/** The notify() demo: sends one notification to a user or a department from the command line. */
export async function sendNotification(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { command, flags } = parseArgs(argv);
  if (command !== 'notify') throw new Error(NOTIFY_USAGE);
  const username = flags.get('username')?.trim();
  const department = flags.get('department')?.trim();
  if (!username === !department) throw new Error(`Give exactly one of --username or --department\n${NOTIFY_USAGE}`);
  const parsed = announcementRequestSchema.safeParse({
    title: flags.get('title') ?? '',
    body: flags.get('body'),
    link: flags.get('link'),
    category: flags.get('category'),
    target: username ? { userId: username } : { departmentId: department },
  });
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
  const { title, body, link, category } = parsed.data;

  return withAppDatabase(loadConfig(env), 'notify', (db) =>
    db.transaction(async (tx) => {
      const found = username
        ? await tx.query<{ id: string }>('select id::text as id from users where lower(username) = lower($1)', [username])
        : await tx.query<{ id: string }>('select id::text as id from departments where lower(name) = lower($1)', [department]);
      const id = found.rows[0]?.id;
      if (!id) throw new Error(username ? `No user ${username}` : `No department ${department}`);
      const stored = await notify(tx, { ...(username ? { userId: id } : { departmentId: id }), title, body, link, category });
      await audit(tx, { actorId: null, action: 'cli.notify', entity: 'notification', entityId: stored.id, details: { username, department, title } });
      return `Sent notification ${stored.seq} to ${username ? `user ${username}` : `department ${department}`}.`;
    }),
  );
}

const WORKER_USAGE = `Usage: node apps/server/dist/cli.js worker [--tick-ms <ms>]
Runs every job (webhook deliveries, customer messages, lead expiry, the nightly backup…) without the HTTP API,
beside servers started with PROPDESK_JOBS=off, on the same PostgreSQL (DATABASE_URL; not the embedded database).
An outbox commit in any server wakes it at once (LISTEN); --tick-ms is how often it also looks for due jobs
(default 5000). Stops on SIGTERM or SIGINT once the run under way has ended.`;

const tickMsSchema = z.coerce.number().int().min(100).max(86_400_000).optional();

/** `worker`: the job runner alone (worker.ts) until SIGTERM/SIGINT; what it says once stopped. */
export async function runWorker(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { command, flags } = parseArgs(argv);
  if (command !== 'worker') throw new Error(WORKER_USAGE);
  const unknown = [...flags.keys()].filter((name) => name !== 'tick-ms');
  if (unknown.length > 0) throw new Error(`Unknown option --${unknown[0]}\n${WORKER_USAGE}`);
  const tickMs = tickMsSchema.safeParse(flags.get('tick-ms'));
  if (!tickMs.success) throw new Error(`--tick-ms must be a whole number of milliseconds from 100 to 86400000\n${WORKER_USAGE}`);
  const config = loadConfig(env);
  const worker = await startWorker(config, tickMs.data === undefined ? {} : { tickMs: tickMs.data });
  process.stdout.write(`Propdesk worker is running ${worker.runner.jobs.length} jobs.\n`);
  return new Promise<string>((resolve, reject) => {
    closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ signal, err }) => {
      if (err) worker.log.error({ err }, 'shutting down after an error');
      else worker.log.info({ signal }, 'shutting down');
      await worker.close().then(() => resolve('Propdesk worker stopped.'), reject);
    });
  });
}

const COMMANDS: Record<string, (argv: string[]) => Promise<string>> = {
  'create-admin': createAdmin,
  notify: sendNotification,
  backup: backupCommand,
  restore: restoreCommand,
  worker: runWorker,
};

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '');
if (invokedDirectly) {
  // Interrupted (Ctrl-C, a stop): a backup being written leaves no partial file behind. The worker
  // stops by itself on these signals (close-with-grace, as the server).
  for (const [signal, code] of process.argv[2] === 'worker' ? [] : ([['SIGINT', 130], ['SIGTERM', 143]] as const)) {
    process.once(signal, () => {
      removePartialFiles();
      process.exit(code);
    });
  }
  const run = COMMANDS[process.argv[2] ?? ''];
  const usage = [USAGE, NOTIFY_USAGE, BACKUP_USAGE, RESTORE_USAGE, WORKER_USAGE].join('\n\n');
  (run ? run(process.argv.slice(2)) : Promise.reject(new Error(usage))).then(
    (message) => {
      process.stdout.write(`${message}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
