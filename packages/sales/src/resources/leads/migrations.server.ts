import type { Migration } from '@propdesk/server-kit';

/** The sales domain's tables that come before the resource tables (none yet). */
export const migrations: Migration[] = [];

/**
 * Tables and indexes on top of the engine's resource tables (leads, customers), so they run after
 * `resourceMigrations` (apps/server/src/database.ts).
 */
export const dataMigrations: Migration[] = [
  {
    id: 'sales/0001_lead_ownership',
    up: `
      create index if not exists leads__email_lower__idx on leads (lower(email));
      create index if not exists leads__created__idx on leads (created_on desc, id);
      -- The row scope's count reads only owner and team: an index-only scan instead of the whole table.
      create index if not exists leads__owner_team__idx on leads (assigned_to_id, sales_team_id);
      create index if not exists leads__expiry__idx on leads (valid_until) where assigned_to_id is not null;
      create table lead_claims (
        id uuid primary key default gen_random_uuid(),
        lead_id uuid not null references leads (id) on delete cascade,
        claimant_id uuid not null references users (id),
        reason text,
        status text not null default 'pending' check (status in ('pending', 'granted', 'refused')),
        notified_id uuid references users (id),
        created_on timestamptz not null default now()
      );
      create unique index lead_claims_pending_key on lead_claims (lead_id, claimant_id) where status = 'pending';
      create table lead_round_robin (
        team_id uuid primary key references sales_teams (id) on delete cascade,
        turn bigint not null default 0
      );
    `,
  },
];
