import type { Migration } from '@propdesk/server-kit';

/**
 * The database tells every process when a board changes: triggers raise `pg_notify('unit_board',
 * <project id>)` (or '' for every project) inside each transaction that writes what a board shows, so
 * PostgreSQL delivers it at commit, and never for a rollback, whatever code path wrote it. Units (any
 * field), their claims and status events name their project; unit types, statuses and a holder's
 * name concern every board; payment plans name theirs, or every board for a plan of all projects.
 * Within one transaction equal payloads fold into one NOTIFY. The hub reads the events table on each
 * (the stream); the snapshots mark the project's boards stale (`snapshot.server.ts`).
 */
export const unitBoardNotifyMigrations: Migration[] = [
  {
    id: 'sales/0601_unit_board_notify',
    up: `
      create or replace function unit_board_notify_project(project uuid) returns void language plpgsql as $$
      begin
        perform pg_notify('unit_board', coalesce(project::text, ''));
      end $$;
      create or replace function unit_board_notify_unit() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'DELETE' then perform unit_board_notify_project(new.project_id); end if;
        if tg_op = 'DELETE' or (tg_op = 'UPDATE' and new.project_id is distinct from old.project_id) then perform unit_board_notify_project(old.project_id); end if;
        return null;
      end $$;
      create or replace function unit_board_notify_of_unit() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'DELETE' then perform unit_board_notify_project((select project_id from units where id = new.unit_id)); end if;
        if tg_op = 'DELETE' or (tg_op = 'UPDATE' and new.unit_id is distinct from old.unit_id) then
          perform unit_board_notify_project((select project_id from units where id = old.unit_id));
        end if;
        return null;
      end $$;
      create or replace function unit_board_notify_all() returns trigger language plpgsql as $$
      begin
        perform pg_notify('unit_board', '');
        return null;
      end $$;
      create or replace function unit_board_notify_plan() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'DELETE' then perform unit_board_notify_project(new.project_id); end if;
        if tg_op <> 'INSERT' then perform unit_board_notify_project(old.project_id); end if;
        return null;
      end $$;
      create or replace function unit_board_notify_project_row() returns trigger language plpgsql as $$
      begin
        perform unit_board_notify_project(coalesce(new.id, old.id));
        return null;
      end $$;
      create trigger units_unit_board after insert or update or delete on units for each row execute function unit_board_notify_unit();
      create trigger unit_claims_unit_board after insert or update or delete on unit_claims for each row execute function unit_board_notify_of_unit();
      create trigger unit_status_events_unit_board after insert on unit_status_events for each row execute function unit_board_notify_of_unit();
      create trigger unit_types_unit_board after insert or update or delete on unit_types for each statement execute function unit_board_notify_all();
      create trigger unit_statuses_unit_board after insert or update or delete on unit_statuses for each statement execute function unit_board_notify_all();
      create trigger payment_plans_unit_board after insert or update or delete on payment_plans for each row execute function unit_board_notify_plan();
      create trigger projects_unit_board after update or delete on projects for each row execute function unit_board_notify_project_row();
      create trigger users_unit_board after update of full_name, username on users for each row
        when (old.full_name is distinct from new.full_name or old.username is distinct from new.username) execute function unit_board_notify_all();
    `,
  },
];
