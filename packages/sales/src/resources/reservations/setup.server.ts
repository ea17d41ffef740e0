import { memoized, type Caller } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';
import { DEFAULT_SIGN_BY_DAYS, reservations } from './definition.js';
import { DISPLAY_TIME_ZONE } from '../unit-claims/index.server.js';

export { reservationLink } from './links.js';

/** A project's reservation rules (its Reservation Setup, else the defaults of domain.md). */
export type ReservationSetup = {
  signByDays: number;
  defaultFee: string | null;
  feeOnCancel: 'refund' | 'forfeit';
  /** Who approves discounts beyond authority and modifications: the setup's department, else Finance. */
  approverDepartment: string | null;
  projectName: string;
};

/** Read once per transaction (a bulk publish makes thousands of reservations of one project). */
export function reservationSetupFor(tx: Queryable, projectId: string | null): Promise<ReservationSetup> {
  return memoized(tx, `reservation-setup:${projectId ?? ''}`, ['reservation-setups', 'projects', 'departments'], () => readReservationSetup(tx, projectId));
}

async function readReservationSetup(tx: Queryable, projectId: string | null): Promise<ReservationSetup> {
  const rows = await tx.query<{ sign_by_days: number | null; default_fee: string | null; fee_on_cancel: string | null; approver_department_id: string | null; project_name: string | null }>(
    `select s.sign_by_days, s.default_fee::text as default_fee, s.fee_on_cancel, s.approver_department_id::text as approver_department_id, p.name as project_name
       from projects p left join reservation_setups s on s.project_id = p.id and s.active
      where p.id = $1`,
    [projectId],
  );
  const row = rows.rows[0];
  let department = row?.approver_department_id ?? null;
  if (!department) {
    const finance = await tx.query<{ id: string }>("select id::text as id from departments where lower(name) = 'finance' order by id limit 1");
    department = finance.rows[0]?.id ?? null;
  }
  return {
    signByDays: row?.sign_by_days ?? DEFAULT_SIGN_BY_DAYS,
    defaultFee: row?.default_fee ?? null,
    feeOnCancel: row?.fee_on_cancel === 'forfeit' ? 'forfeit' : 'refund',
    approverDepartment: department,
    projectName: row?.project_name ?? 'this project',
  };
}

/**
 * The largest discount (percent, as text) the caller may give without approval: the highest of
 * their roles' Discount Authority rows, '0' for none. Null means no limit: the server's own writes
 * (jobs, the demo) and anyone who may approve reservations.
 */
export async function discountAuthorityOf(tx: Queryable, caller: Caller): Promise<string | null> {
  if (!caller.auth) return null;
  if (caller.auth.checker.can(reservations.entity, 'approve')) return null;
  const userId = caller.auth.userId;
  return memoized(tx, `discount-authority:${userId}`, ['discount-authorities', 'users', 'roles'], async () => {
    const rows = await tx.query<{ max_pct: string | null }>(
      `select max(d.max_pct)::text as max_pct from discount_authorities d join user_roles ur on ur.role_id = d.role_id
        where ur.user_id = $1 and d.active`,
      [userId],
    );
    return rows.rows[0]?.max_pct ?? '0';
  });
}

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
let lastDay: { minute: number; day: string } | undefined;
/**
 * Today's date where the project is (Cairo), YYYY-MM-DD. Formatted once a minute (a reservation asks
 * several times): a day begins on a whole minute in every time zone, so within one UTC minute the
 * date is the same.
 */
export function todayInCairo(now = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastDay?.minute !== minute) lastDay = { minute, day: dayFormat.format(now) };
  return lastDay.day;
}
/** `date` plus `days` days, YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
