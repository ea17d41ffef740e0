import { deliverOutbox, outboxJob, type Database, type JobDefinition, type OutboxSender } from '@propdesk/server-kit';
import { defineJob } from '@propdesk/server-kit';
import { queueReminders } from './queue.server.js';
import { messageSender, type MessageDelivery, type PreparedMessages } from './send.server.js';
import { MESSAGE_OUTBOX_KIND } from './store.server.js';
import { cairoDay, loadMessageSecret, mailerFromConfig, messageConfigFromEnv, smsFromConfig } from './transport.server.js';

export const MESSAGE_JOB = 'sales.customer-messages';
export const REMINDER_JOB = 'sales.message-reminders';

const runtimes = new WeakMap<Database, Promise<MessageDelivery>>();

/** The delivery of one database's app: the mailer and SMS provider the environment configures, made on first use. */
export function messageDelivery(db: Database): Promise<MessageDelivery> {
  let found = runtimes.get(db);
  if (!found) {
    found = (async () => {
      const config = messageConfigFromEnv();
      return { mailer: mailerFromConfig(config), sms: smsFromConfig(config), publicUrl: config.publicUrl, secret: await loadMessageSecret(db) };
    })();
    runtimes.set(db, found);
    found.catch(() => runtimes.delete(db));
  }
  return found;
}

/** Forgets the delivery made for `db` (its SMTP pool closed): the next use reads the environment again (tests). */
export async function resetMessageDelivery(db: Database) {
  const found = runtimes.get(db);
  runtimes.delete(db);
  if (found) (await found.catch(() => null))?.mailer.close();
}

const clocks = new WeakMap<Database, () => Date>();

/**
 * The clock every sender of `db`'s messages reads (the app's own job included), or back to the real one
 * with null (tests: quiet hours at a chosen time, whichever run sends).
 */
export function setMessageClock(db: Database, now: (() => Date) | null) {
  if (now) clocks.set(db, now);
  else clocks.delete(db);
}

/** The outbox sender of messages, its delivery made on the first send. */
export function lazyMessageSender(db: Database, overrides: Partial<MessageDelivery> = {}): OutboxSender<PreparedMessages | undefined> {
  const base = messageSender(db, { mailer: null as never, sms: null, publicUrl: '', secret: '' });
  return {
    ...base,
    send: async (message, prepared) => {
      const clock = clocks.get(db);
      return messageSender(db, { ...(await messageDelivery(db)), ...(clock ? { now: clock } : {}), ...overrides }).send(message, prepared);
    },
  };
}

/** Sends the due messages now (what the job runs; tests call it, with a clock, to make time pass). */
export const deliverMessages = (db: Database, overrides: Partial<MessageDelivery> = {}) => deliverOutbox(db, lazyMessageSender(db, overrides));

export function messageJobs(db: Database): JobDefinition[] {
  return [
    outboxJob(MESSAGE_JOB, lazyMessageSender(db), { everyMs: 10_000 }),
    defineJob({ name: REMINDER_JOB, everyMs: 24 * 3_600_000, run: () => queueReminders(db, cairoDay(new Date())) }),
  ];
}

export { MESSAGE_OUTBOX_KIND };
