import { SESSIONS_ENDED_CHANNEL } from '@propdesk/auth-session/server';
import type { Queryable } from '@propdesk/server-kit';
import type { Notification } from '../model/index.js';
import { englishText, renderText, storedText, type Language, type NoticeBody, type NoticeText } from './texts.js';

/** The channel every process LISTENs on; the payload is the new row's `seq` (a hint only). */
export const NOTIFICATION_CHANNEL = 'propdesk_notifications';
/** Raised by auth-session whenever sessions may have ended; the streams re-check theirs. */
export const SESSION_CHANNEL = SESSIONS_ENDED_CHANNEL;
/** The lists answer at most this many, newest first. */
export const LIST_LIMIT = 200;

export type NotifyTarget = { userId: string; departmentId?: undefined } | { departmentId: string; userId?: undefined };

export type NotifyInput = NotifyTarget & {
  /** Typed text (an announcement), or a catalog key (`text(catalog, key, params)`) each reader gets in their language. */
  title: NoticeText;
  /** As the title; several keys are joined (`; `, in Arabic `؛ `). */
  body?: NoticeBody | null | undefined;
  link?: string | null | undefined;
  /** Default 'announcement'. */
  category?: string | undefined;
  /** The user who caused it, when there is one. */
  createdBy?: string | null | undefined;
};

/** A notification row as the queries below select it. */
export type NotificationRow = {
  id: string;
  seq: string | number;
  user_id: string | null;
  department_id: string | null;
  title: string;
  body: string | null;
  /** The title and body by key (null: typed, or stored before keys); see texts.ts. */
  title_text?: unknown;
  body_text?: unknown;
  link: string | null;
  category: string;
  created_on: Date | string;
  is_read?: boolean | null;
};

export const NOTIFICATION_COLUMNS = `n.id::text as id, n.seq, n.user_id::text as user_id, n.department_id::text as department_id,
  n.title, n.body, n.title_text, n.body_text, n.link, n.category, n.created_on`;

/** "Read by $1": a read row, or at or below the user's read-all mark. */
export const IS_READ_SQL = `(exists (select 1 from notification_reads r where r.user_id = $1::uuid and r.notification_id = n.id)
  or n.seq <= coalesce((select m.up_to_seq from notification_read_marks m where m.user_id = $1::uuid), 0))`;

/** "Not hidden by $1". */
export const NOT_HIDDEN_SQL = 'not exists (select 1 from notification_hidden h where h.user_id = $1::uuid and h.notification_id = n.id)';

/** A row as a reader sees it: its keyed title and body in the reader's language, else the stored English. */
export function toNotification(row: NotificationRow, isRead = row.is_read ?? false, language: Language = 'en'): Notification {
  const createdOn = row.created_on instanceof Date ? row.created_on : new Date(row.created_on);
  const base = {
    id: row.id,
    title: (row.title_text ? renderText(row.title_text, language) : null) ?? row.title,
    body: (row.body_text ? renderText(row.body_text, language) : null) ?? row.body,
    link: row.link,
    category: row.category,
    createdOn: createdOn.toISOString(),
    isRead: Boolean(isRead),
    seq: Number(row.seq),
  };
  return row.user_id ? { ...base, userId: row.user_id } : { ...base, departmentId: row.department_id };
}

/**
 * Stores a notification inside the caller's transaction and raises the NOTIFY in that same
 * transaction: PostgreSQL delivers it only on COMMIT, so a rolled-back change raises nothing.
 * Pass a transaction (`db.transaction(tx => notify(tx, ...))`); on a bare database each
 * statement commits alone and the notification is stored even if later work fails.
 */
export async function notify(tx: Queryable, input: NotifyInput): Promise<Notification> {
  const userId = input.userId ?? null;
  const departmentId = input.departmentId ?? null;
  if ((userId === null) === (departmentId === null)) throw new Error('notify: give exactly one of userId or departmentId');
  const title = englishText(input.title)!.trim();
  if (title.length === 0 || title.length > 200) throw new Error('notify: the title must be 1 to 200 characters');
  const titleText = storedText(input.title);
  const bodyText = storedText(input.body);
  const inserted = await tx.query<NotificationRow>(
    `insert into notifications as n (user_id, department_id, title, body, link, category, created_by, title_text, body_text)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)
     returning ${NOTIFICATION_COLUMNS}`,
    [
      userId,
      departmentId,
      title,
      englishText(input.body),
      input.link ?? null,
      input.category ?? 'announcement',
      input.createdBy ?? null,
      titleText === null ? null : JSON.stringify(titleText),
      bodyText === null ? null : JSON.stringify(bodyText),
    ],
  );
  const row = inserted.rows[0]!;
  await tx.query('select pg_notify($1, $2)', [NOTIFICATION_CHANNEL, String(row.seq)]);
  return toNotification(row, false);
}

export type Viewer = { userId: string; departmentId: string | null };

// Parameters: $1 the viewer, $2 the target (the viewer again, or their department).
const targetSql = (target: 'user' | 'department') => (target === 'user' ? 'n.user_id = $2::uuid' : 'n.department_id = $2::uuid');
const targetId = (viewer: Viewer, target: 'user' | 'department') => (target === 'user' ? viewer.userId : viewer.departmentId);

type Sql = { sql: string; params: unknown[] };

/** The list query (exported inside the package so a test can EXPLAIN exactly it). */
export function listQuery(viewer: Viewer, target: 'user' | 'department'): Sql {
  return {
    sql: `select ${NOTIFICATION_COLUMNS}, ${IS_READ_SQL} as is_read
            from notifications n
           where ${targetSql(target)} and ${NOT_HIDDEN_SQL}
           order by n.seq desc
           limit ${LIST_LIMIT}`,
    params: [viewer.userId, targetId(viewer, target)],
  };
}

/** The replay query: rows in (afterSeq, upToSeq], the newest `limit`, returned oldest first. */
export function replayQuery(viewer: Viewer, target: 'user' | 'department', range: { afterSeq: number; upToSeq: number }, limit: number): Sql {
  return {
    sql: `select * from (
            select ${NOTIFICATION_COLUMNS}, ${IS_READ_SQL} as is_read
              from notifications n
             where ${targetSql(target)} and n.seq > $3::bigint and n.seq <= $4::bigint and ${NOT_HIDDEN_SQL}
             order by n.seq desc
             limit ${Math.max(1, Math.floor(limit))}
          ) latest order by seq asc`,
    params: [viewer.userId, targetId(viewer, target), range.afterSeq, range.upToSeq],
  };
}

/** The caller's list of one target, newest first, in the caller's language; hidden ones left out, isRead per caller. */
export async function listNotifications(db: Queryable, viewer: Viewer, target: 'user' | 'department', language: Language = 'en'): Promise<Notification[]> {
  const { sql, params } = listQuery(viewer, target);
  const result = await db.query<NotificationRow>(sql, params);
  return result.rows.map((row) => toNotification(row, row.is_read ?? false, language));
}

/** What a stream missed in (`afterSeq`, `upToSeq`], oldest first (the newest `limit` of them). */
export async function replayNotifications(
  db: Queryable,
  viewer: Viewer,
  target: 'user' | 'department',
  range: { afterSeq: number; upToSeq: number },
  limit: number,
  language: Language = 'en',
): Promise<Notification[]> {
  const { sql, params } = replayQuery(viewer, target, range, limit);
  const result = await db.query<NotificationRow>(sql, params);
  return result.rows.map((row) => toNotification(row, row.is_read ?? false, language));
}

/** The id of a notification the viewer can see (own user one or own department's, not hidden), else null. */
export async function findVisible(db: Queryable, viewer: Viewer, id: string): Promise<string | null> {
  const result = await db.query<{ id: string }>(
    `select n.id::text as id from notifications n
      where n.id = $3::uuid and (n.user_id = $1::uuid or n.department_id = $2::uuid) and ${NOT_HIDDEN_SQL}`,
    [viewer.userId, viewer.departmentId, id],
  );
  return result.rows[0]?.id ?? null;
}
