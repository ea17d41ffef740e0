import type { Migration } from '@propdesk/server-kit';

/**
 * Notification storage. Needs the auth-session tables (users, departments) to exist first.
 *
 * Why these indexes (the lists and the streams read only through them, at millions of rows):
 * - `(user_id, seq desc)` / `(department_id, seq desc)`, partial on the non-null target: a
 *   user's list is "latest 200 of one target, newest first" = one index range scan, read in
 *   order, stopped by the LIMIT; replay (`seq > lastEventId` of one target) is the same range
 *   scan from the other end. Partial indexes hold only the rows of their kind.
 * - `seq` unique: the fan-out's "rows after the last one seen" is a range scan on it.
 * - per-user state tables keyed `(user_id, notification_id)`: the anti-join "not hidden by me"
 *   and the "read by me" lookup are primary-key probes per listed row (at most 200 per list).
 *   The extra `(notification_id)` indexes serve the cascade when a notification is deleted.
 * - read-all is one row per user (`notification_read_marks.up_to_seq`) rather than a row per
 *   notification, so it costs the same at 10 or 10 million notifications, and "read" is
 *   `seq <= mark or a read row exists`.
 */
export const migrations: Migration[] = [
  {
    id: 'notifications-core/0001_notifications',
    up: `
      create table notifications (
        id uuid primary key default gen_random_uuid(),
        seq bigserial not null unique,
        user_id uuid references users (id) on delete cascade,
        department_id uuid references departments (id) on delete cascade,
        title text not null,
        body text,
        link text,
        category text not null default 'announcement',
        created_by uuid references users (id) on delete set null,
        created_on timestamptz not null default now(),
        constraint notifications_one_target check ((user_id is null) <> (department_id is null)),
        constraint notifications_title_length check (char_length(title) between 1 and 200)
      );
      create index notifications_user_seq_idx on notifications (user_id, seq desc) where user_id is not null;
      create index notifications_department_seq_idx on notifications (department_id, seq desc) where department_id is not null;

      create table notification_reads (
        user_id uuid not null references users (id) on delete cascade,
        notification_id uuid not null references notifications (id) on delete cascade,
        read_on timestamptz not null default now(),
        primary key (user_id, notification_id)
      );
      create index notification_reads_notification_idx on notification_reads (notification_id);

      create table notification_hidden (
        user_id uuid not null references users (id) on delete cascade,
        notification_id uuid not null references notifications (id) on delete cascade,
        hidden_on timestamptz not null default now(),
        primary key (user_id, notification_id)
      );
      create index notification_hidden_notification_idx on notification_hidden (notification_id);

      create table notification_read_marks (
        user_id uuid primary key references users (id) on delete cascade,
        up_to_seq bigint not null,
        marked_on timestamptz not null default now()
      );
    `,
  },
  {
    // Issue 29: the title and body by catalog key and parameters, so each reader gets them in their
    // language; `title` and `body` keep the English (older rows, typed announcements, the fallback).
    id: 'notifications-core/0002_notification_texts',
    up: `
      alter table notifications add column title_text jsonb;
      alter table notifications add column body_text jsonb;
    `,
  },
];
