import type { Migration } from '@propdesk/server-kit';

/** The procurement domain's own tables before the engine's (none: its documents are resources). */
export const migrations: Migration[] = [];

/**
 * Tables that refer to the engine's document tables, so they run after `resourceMigrations`:
 * approval decisions, receipts of goods and quotation attachments.
 */
export const lateMigrations: Migration[] = [
  {
    id: 'procurement/0001_approvals_receipts_attachments',
    up: `
      create table po_approvals (
        id uuid primary key default gen_random_uuid(),
        order_id uuid not null references purchase_orders (id) on delete cascade,
        tier_level integer not null,
        tier_name text not null,
        user_id uuid not null references users (id),
        comment text,
        decided_on timestamptz not null default now(),
        superseded boolean not null default false
      );
      create unique index po_approvals_tier_key on po_approvals (order_id, tier_level) where not superseded;
      create unique index po_approvals_person_key on po_approvals (order_id, user_id) where not superseded;

      create table po_receipts (
        id uuid primary key default gen_random_uuid(),
        order_id uuid not null references purchase_orders (id) on delete cascade,
        line_id uuid not null references purchase_order_lines (id) on delete cascade,
        quantity numeric not null check (quantity > 0),
        received_on date not null default current_date,
        over_receipt_reason text,
        received_by uuid references users (id),
        created_on timestamptz not null default now()
      );
      create index po_receipts_order_idx on po_receipts (order_id);

      create table quotation_attachments (
        quotation_id uuid primary key references quotations (id) on delete cascade,
        file_name text not null,
        content_type text not null,
        size integer not null,
        content bytea not null,
        uploaded_by uuid references users (id),
        uploaded_on timestamptz not null default now()
      );
    `,
  },
];
