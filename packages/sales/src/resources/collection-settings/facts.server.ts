import { formatMoney } from '@propdesk/records/model';
import type { Queryable } from '@propdesk/server-kit';
import { contractFact } from '../contracts/facts.server.js';
import { DEFAULT_REMIND_DAYS_BEFORE } from './definition.js';

/** A project's collection settings as the ledger reads them (defaults where the project has no row). */
export type ProjectCollections = { project: string; projectName: string; settingsId: string | null; bounceCharge: string | null; remindDaysBefore: number };

/** The collection settings of a project (its active row, else the defaults: no bounce charge, reminded 7 days before). */
export async function projectCollections(tx: Queryable, projectId: string): Promise<ProjectCollections | null> {
  const rows = await tx.query<{ name: string; id: string | null; bounce_charge: string | null; remind_days_before: number | null }>(
    `select p.name, s.id::text as id, s.bounce_charge::text as bounce_charge, s.remind_days_before
       from projects p left join collection_settings s on s.project_id = p.id and s.active where p.id = $1`,
    [projectId],
  );
  const row = rows.rows[0];
  if (!row) return null;
  return { project: projectId, projectName: row.name, settingsId: row.id, bounceCharge: row.bounce_charge, remindDaysBefore: row.remind_days_before ?? DEFAULT_REMIND_DAYS_BEFORE };
}

/**
 * What a bounce of a cheque on this contract charges, in the words the bounce dialog shows, from
 * the same settings the bounce applies: the amount and the contract, or that the project has none.
 */
export async function bounceChargeOf(tx: Queryable, contractId: string | null): Promise<{ amount: string | null; note: string }> {
  if (!contractId) return { amount: null, note: 'It pays no contract, so no bounce charge is added.' };
  const contract = await contractFact(tx, contractId);
  const settings = contract?.project_id ? await projectCollections(tx, contract.project_id) : null;
  if (!contract || !settings) return { amount: null, note: 'No bounce charge is added.' };
  if (!settings.bounceCharge) return { amount: null, note: `${settings.projectName} has no bounce charge: none is added.` };
  return { amount: settings.bounceCharge, note: `The bounce charge of ${settings.projectName}, ${formatMoney(settings.bounceCharge)}, is added to ${contract.number}.` };
}

/**
 * Projects' collection settings as a relation to join (one statement): the reminders read the active
 * row's `remind_days_before` (`DEFAULT_REMIND_DAYS_BEFORE` where a project has none); a demo or an
 * upgrade asks whether a project has any row. Columns keep their types.
 */
export const COLLECTION_SETTING_FACTS = '(select id, project_id, active, bounce_charge, remind_days_before from collection_settings)';
