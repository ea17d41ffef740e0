import { memoized } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';
import type { EOI_SETUP_STATES } from './definition.js';

/**
 * What other documents may read of EOI launches (setups), as a relation to join (one statement): the
 * sales dashboard names each launch and its project; an EOI payment's refund tells the launch's refund
 * approvers. Columns keep their types.
 */
export const EOI_SETUP_FACTS = '(select id, name, project_id, approver_department_id from eoi_setups)';

export type SetupRow = {
  id: string;
  name: string;
  project_id: string;
  opens_at: Date | string;
  closes_at: Date | string;
  amount: string;
  amounts: { unitType?: string; amount?: string | number }[] | null;
  max_eois_per_customer: number;
  refundable: boolean | null;
  token_prefix: string;
  status: (typeof EOI_SETUP_STATES)[number];
  approver_department_id: string | null;
  payment_plan_id: string | null;
  opened: boolean;
  closed: boolean;
};

/**
 * A launch's row (its lock taken when asked). Read once per transaction and lock mode (an EOI write
 * per allocation of a bulk publish reads it); the engine forgets it when the transaction writes a launch.
 */
export function setupRow(tx: Queryable, id: string, lock: '' | 'for share' | 'for update' = ''): Promise<SetupRow | null> {
  return memoized(tx, `eoi-setup:${id}:${lock}`, ['eoi-setups'], () => readSetupRow(tx, id, lock));
}

async function readSetupRow(tx: Queryable, id: string, lock: '' | 'for share' | 'for update'): Promise<SetupRow | null> {
  const rows = await tx.query<SetupRow>(
    `select id::text as id, name, project_id::text as project_id, opens_at, closes_at, amount::text as amount, amounts,
            max_eois_per_customer, refundable, token_prefix, status, approver_department_id::text as approver_department_id,
            payment_plan_id::text as payment_plan_id, now() >= opens_at as opened, now() >= closes_at as closed
       from eoi_setups where id = $1 ${lock}`,
    [id],
  );
  return rows.rows[0] ?? null;
}
