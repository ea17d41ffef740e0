import { notify, publishRecordChanges } from '@propdesk/notifications-core/server';
import { OUTBOX_CHANNEL, type Database, type JobRunner } from '@propdesk/server-kit';
import pino, { type Logger, type LoggerOptions } from 'pino';
import { dataDirHolder, describeHolder } from './backup/channel.js';
import type { AppConfig } from './config.js';
import { openAppDatabase } from './database.js';
import { createEngine } from './domains.js';
import { createAppJobRunner } from './jobs.js';
import { loggerOptions } from './logging.js';

/** Why the worker would not start (told to the operator as it is, without a stack). */
export class WorkerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerError';
  }
}

export type WorkerOptions = {
  /** Use this database (PostgreSQL, migrated) instead of opening DATABASE_URL; the caller closes it. */
  database?: Database;
  /** How often the runner looks for due jobs (default 5 s): outbox commits wake it at once anyway. */
  tickMs?: number;
  /** How often the lead validity job falls due (default 5 minutes). */
  leadExpiryIntervalMs?: number;
  /** Where the log goes (tests capture it); standard output by default. */
  logStream?: { write(line: string): void };
};

export type Worker = {
  readonly runner: JobRunner;
  readonly log: Logger;
  /** Stops the runner (a run under way ends first) and closes the database it opened. */
  close(): Promise<void>;
};

/**
 * The job runner alone, in a process of its own (`node apps/server/dist/cli.js worker`): the same jobs
 * as the API server's (jobs.ts), no HTTP. Beside API processes started with PROPDESK_JOBS=off, so the
 * outbox's sends (webhooks, customer messages) and the other timed work do not share their event loop.
 * It LISTENs on the outbox channel: a commit in any API process wakes the kind's job at once.
 *
 * PostgreSQL only: the embedded database (PGlite) is opened by one process, the server's.
 */
export async function startWorker(config: AppConfig, options: WorkerOptions = {}): Promise<Worker> {
  if (!options.database && !config.databaseUrl) throw new WorkerError(await embeddedRefusal(config.dataDir));
  if (options.database?.kind === 'pglite') throw new WorkerError(await embeddedRefusal(config.dataDir));
  const { stream, ...rest } = loggerOptions(config, options.logStream) as LoggerOptions & { stream: pino.DestinationStream };
  const log = pino(rest, stream).child({ process: 'worker' });
  const db = options.database ?? (await openAppDatabase(config));
  try {
    // The same engine as the server's: what a job writes runs the same hooks, and open screens hear of
    // it (the record-changes NOTIFY reaches the API processes' streams). Sessions live in the API
    // processes, which hear of role and user changes by the database's own NOTIFY: nothing to drop here.
    const { context } = createEngine(db, { notify, argon2: config.argon2, announceAuthChange: async () => undefined }, { publishChanges: publishRecordChanges });
    const runner = createAppJobRunner(db, context, config, {
      tickMs: options.tickMs,
      leadExpiryIntervalMs: options.leadExpiryIntervalMs,
      listenForOutbox: true,
      onError: (error, job) => log.error({ err: error, job }, job ? 'scheduled job failed' : 'job runner could not reach the database'),
    });
    await runner.start();
    log.info({ jobs: runner.jobs.map((job) => job.name), listening: OUTBOX_CHANNEL }, 'worker started');
    let closing: Promise<void> | undefined;
    return {
      runner,
      log,
      close: () =>
        (closing ??= (async () => {
          await runner.stop();
          if (!options.database) await db.close();
          log.info('worker stopped');
          log.flush();
        })()),
    };
  } catch (error) {
    if (!options.database) await db.close();
    throw error;
  }
}

/** The refusal on the embedded database, saying who holds its folder when a process does. */
async function embeddedRefusal(dataDir: string): Promise<string> {
  const holder = dataDir.startsWith('memory://') ? null : await dataDirHolder(dataDir).catch(() => null);
  return (
    'The worker runs beside API servers on PostgreSQL (DATABASE_URL): the embedded database ' +
    `(PROPDESK_DATA_DIR ${dataDir}) can be opened by one process only` +
    (holder ? `, and ${describeHolder(holder)}` : '') +
    '. With the embedded database, run the server alone with PROPDESK_JOBS=all (the default): it runs the jobs itself.'
  );
}
