import type { Queryable } from '@propdesk/server-kit';

export type ThrottleOptions = {
  /** Failures per account within the window before the account is locked. */
  accountMaxFailures: number;
  /** Failures per client address within the window before the address is locked. */
  addressMaxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
};

export const DEFAULT_THROTTLE: ThrottleOptions = { accountMaxFailures: 5, addressMaxFailures: 30, windowSeconds: 900, lockSeconds: 900 };

export const accountKey = (username: string) => `account:${username.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

/** Seconds until the longest current lock of these keys ends; 0 when none is locked. */
export async function lockedFor(db: Queryable, keys: readonly string[]): Promise<number> {
  const result = await db.query<{ seconds: number | string | null }>(
    `select ceil(extract(epoch from max(locked_until) - now()))::int as seconds
       from login_throttle where key = any($1::text[]) and locked_until > now()`,
    [keys],
  );
  return Number(result.rows[0]?.seconds ?? 0);
}

/** Counts one failure for a key (atomically, so it holds across processes); locks at the limit. */
export async function recordFailure(db: Queryable, key: string, max: number, options: ThrottleOptions): Promise<void> {
  const result = await db.query<{ failures: number }>(
    `insert into login_throttle (key, failures, window_started_at) values ($1, 1, now())
     on conflict (key) do update set
       failures = case when login_throttle.window_started_at < now() - $2::int * interval '1 second'
                       then 1 else login_throttle.failures + 1 end,
       window_started_at = case when login_throttle.window_started_at < now() - $2::int * interval '1 second'
                       then now() else login_throttle.window_started_at end
     returning failures`,
    [key, options.windowSeconds],
  );
  if ((result.rows[0]?.failures ?? 0) >= max) {
    await db.query(
      `update login_throttle set locked_until = now() + $2::int * interval '1 second', failures = 0, window_started_at = now()
        where key = $1`,
      [key, options.lockSeconds],
    );
  }
}

export async function clearKey(db: Queryable, key: string): Promise<void> {
  await db.query('delete from login_throttle where key = $1', [key]);
}
