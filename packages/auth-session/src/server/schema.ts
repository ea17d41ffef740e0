import type { Migration } from '@propdesk/server-kit';

/** Identity, sessions and login throttling. Ids are UUIDs (opaque strings in JSON). */
export const migrations: Migration[] = [
  {
    id: 'auth-session/0001_identity',
    up: `
      create table departments (
        id uuid primary key default gen_random_uuid(),
        name text not null,
        active boolean not null default true,
        created_at timestamptz not null default now()
      );
      create unique index departments_name_key on departments (lower(name));

      create table roles (
        id uuid primary key default gen_random_uuid(),
        name text not null,
        description text not null default '',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index roles_name_key on roles (lower(name));

      create table role_privileges (
        role_id uuid not null references roles (id) on delete cascade,
        entity_name text not null,
        field_name text,
        action text not null
      );
      create unique index role_privileges_key
        on role_privileges (role_id, lower(entity_name), coalesce(lower(field_name), ''), lower(action));

      create table users (
        id uuid primary key default gen_random_uuid(),
        username text not null,
        full_name text not null default '',
        email text,
        department_id uuid references departments (id),
        active boolean not null default true,
        password_hash text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index users_username_key on users (lower(username));

      create table user_roles (
        user_id uuid not null references users (id) on delete cascade,
        role_id uuid not null references roles (id) on delete cascade,
        primary key (user_id, role_id)
      );
      create index user_roles_role_idx on user_roles (role_id);

      create table sessions (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null references users (id) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz,
        revoked_reason text,
        ip text,
        user_agent text
      );
      create index sessions_user_idx on sessions (user_id) where revoked_at is null;

      create table refresh_tokens (
        token_hash text primary key,
        session_id uuid not null references sessions (id) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index refresh_tokens_session_idx on refresh_tokens (session_id);

      create table login_throttle (
        key text primary key,
        failures integer not null default 0,
        window_started_at timestamptz not null default now(),
        locked_until timestamptz
      );

      create table app_secrets (
        name text primary key,
        value text not null,
        created_at timestamptz not null default now()
      );
    `,
  },
];
