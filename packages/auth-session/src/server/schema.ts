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
  {
    // Issue 7: the in-process session cache is invalidated by NOTIFY, raised here by the
    // database itself in the writing transaction, so every path that changes a session, a user,
    // a user's roles or a role's privileges (API, records bulk/import, CLI, plain SQL) is heard.
    id: 'auth-session/0002_auth_change_notify',
    up: `
      create function propdesk_auth_changed() returns trigger language plpgsql as $$
      declare
        scope text;
      begin
        if tg_table_name = 'sessions' then scope := 's:' || coalesce(old.id, new.id)::text;
        elsif tg_table_name = 'users' then scope := 'u:' || coalesce(old.id, new.id)::text;
        elsif tg_table_name = 'user_roles' then
          if tg_op = 'DELETE' then scope := 'u:' || old.user_id::text; else scope := 'u:' || new.user_id::text; end if;
          if tg_op = 'UPDATE' then perform pg_notify('propdesk_auth', 'u:' || old.user_id::text); end if;
        else
          if tg_op = 'DELETE' then scope := 'r:' || old.role_id::text; else scope := 'r:' || new.role_id::text; end if;
          if tg_op = 'UPDATE' then perform pg_notify('propdesk_auth', 'r:' || old.role_id::text); end if;
        end if;
        perform pg_notify('propdesk_auth', scope);
        -- Sessions that ended (or a user deactivated or moved) also tell the notification streams.
        if tg_op = 'DELETE' and tg_table_name in ('sessions', 'users') then perform pg_notify('propdesk_sessions', '');
        elsif tg_op = 'UPDATE' and tg_table_name = 'sessions' then
          if old.revoked_at is null and new.revoked_at is not null then perform pg_notify('propdesk_sessions', ''); end if;
        elsif tg_op = 'UPDATE' and tg_table_name = 'users' then
          if old.active and not new.active or old.department_id is distinct from new.department_id then perform pg_notify('propdesk_sessions', ''); end if;
        end if;
        return null;
      end $$;
      create trigger sessions_auth_changed after update of revoked_at, expires_at, user_id or delete on sessions
        for each row execute function propdesk_auth_changed();
      create trigger users_auth_changed after update of active, username, department_id or delete on users
        for each row execute function propdesk_auth_changed();
      create trigger user_roles_auth_changed after insert or update or delete on user_roles
        for each row execute function propdesk_auth_changed();
      create trigger role_privileges_auth_changed after insert or update or delete on role_privileges
        for each row execute function propdesk_auth_changed();
    `,
  },
  {
    // Issue 27: API keys. Only the key's sha-256 is kept (with a short prefix to tell keys apart);
    // each key acts through a service user of its own (kind 'apiKey', never signs in) holding the
    // key's roles, so privileges, row scope, history and the rate limit work as for any user, and a
    // revocation deactivates that user: the users trigger's NOTIFY drops it from every process's cache.
    // The records engine adds its columns (version, created_on, role_ids …) from the settings definition.
    id: 'auth-session/0003_api_keys',
    up: `
      alter table users add column kind text not null default 'person';
      create table api_keys (
        id uuid primary key default gen_random_uuid(),
        name text not null,
        key_hash text not null,
        prefix text not null,
        user_id uuid not null references users (id),
        expires_at timestamptz,
        last_used_at timestamptz,
        revoked_at timestamptz
      );
      create unique index api_keys_key_hash_key on api_keys (key_hash);
    `,
  },
  {
    // Issue 29: the account's language, a preference of the user's own (like the password hash, not a
    // field of the users definition): null until chosen, then the browser's language decides.
    id: 'auth-session/0004_user_language',
    up: `
      alter table users add column language text;
      alter table users add constraint users_language_check check (language in ('ar', 'en'));
    `,
  },
  {
    // Issue 29: the session cache keeps the account's language (the envelope's words), so a change of
    // language drops the user's cached sessions in every process, as a change of username does.
    id: 'auth-session/0005_user_language_notify',
    up: `
      drop trigger users_auth_changed on users;
      create trigger users_auth_changed after update of active, username, department_id, language or delete on users
        for each row execute function propdesk_auth_changed();
    `,
  },
];
