import { LEAD_EXPIRY_JOB } from '@propdesk/sales/server';
import { createJobRunner, defineJob, type Database, type JobDefinition, type JobRunner } from '@propdesk/server-kit';
import type { DomainContext } from '@propdesk/records/server';
import { nightlyBackupJobs } from './backup/job.js';
import type { AppConfig } from './config.js';
import { DOMAINS } from './domains.js';

export type AppJobsOptions = {
  /** How often the lead validity job falls due (default 5 minutes); 0: the runner does not tick (tests run jobs by hand). */
  leadExpiryIntervalMs?: number | undefined;
  /** How often the runner looks for due jobs (default 5 s; 0: never by itself). */
  tickMs?: number | undefined;
  /** Wake the outbox jobs on the commits of other processes too (LISTEN, PostgreSQL): the worker's runner. */
  listenForOutbox?: boolean | undefined;
  /** Told of a failed run and of a tick that could not reach the database. */
  onError: (error: unknown, job: string | null) => void;
};

/** Every job of the product: each domain's, then the nightly backup (PROPDESK_BACKUP_DIR). */
export function appJobDefinitions(context: DomainContext, config: Pick<AppConfig, 'backup'>, leadExpiryIntervalMs?: number): JobDefinition[] {
  const definitions = DOMAINS.flatMap((domain) => domain.jobs?.(context) ?? []).map((job) =>
    job.name === LEAD_EXPIRY_JOB && leadExpiryIntervalMs ? defineJob({ ...job, everyMs: leadExpiryIntervalMs }) : job,
  );
  definitions.push(...nightlyBackupJobs(config.backup));
  return definitions;
}

/**
 * The one runner for every domain's timed work (scheduled_jobs): a due job runs once across processes,
 * and what fell due while no process ran runs when it starts. The API server (PROPDESK_JOBS=all) and
 * the worker process (`cli.js worker`) both make theirs here, so they run the very same jobs.
 */
export function createAppJobRunner(db: Database, context: DomainContext, config: Pick<AppConfig, 'backup'>, options: AppJobsOptions): JobRunner {
  const leadEvery = options.leadExpiryIntervalMs;
  return createJobRunner(db, appJobDefinitions(context, config, leadEvery), {
    tickMs: options.tickMs ?? (leadEvery === 0 ? 0 : undefined),
    onError: options.onError,
    listenForOutbox: options.listenForOutbox,
  });
}
