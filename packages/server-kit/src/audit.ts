import type { Migration } from './migrations.js';
import type { Queryable } from './db.js';

export type AuditEntry = {
  actorId?: string | null | undefined;
  action: string;
  entity?: string | null | undefined;
  entityId?: string | null | undefined;
  ip?: string | null | undefined;
  requestId?: string | null | undefined;
  details?: Record<string, unknown> | undefined;
};

/** The kit's own tables. */
export const migrations: Migration[] = [
  {
    id: 'server-kit/0001_audit_log',
    up: `
      create table audit_log (
        id bigint generated always as identity primary key,
        occurred_at timestamptz not null default now(),
        actor_id text,
        action text not null,
        entity text,
        entity_id text,
        ip text,
        request_id text,
        details jsonb not null default '{}'::jsonb
      );
      create index audit_log_entity_idx on audit_log (entity, entity_id, occurred_at);
      create index audit_log_actor_idx on audit_log (actor_id, occurred_at);
      create index audit_log_action_idx on audit_log (action, occurred_at);
    `,
  },
];

/** Records one event; pass the transaction that made the change so both commit together. */
export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    'insert into audit_log (actor_id, action, entity, entity_id, ip, request_id, details) values ($1, $2, $3, $4, $5, $6, $7)',
    [
      entry.actorId ?? null,
      entry.action,
      entry.entity ?? null,
      entry.entityId ?? null,
      entry.ip ?? null,
      entry.requestId ?? null,
      JSON.stringify(entry.details ?? {}),
    ],
  );
}
