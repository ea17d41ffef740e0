import { documentNumber, effectOf, lockedRecord, memoized, numberInText, runAction, updateRecord, type Caller, type DomainNotify, type EngineContext, type ResourceHooks } from '@propdesk/records/server';
import type { RecordRow } from '@propdesk/records/model';
import { HttpError, text, unprocessable, type LocalText, type Queryable } from '@propdesk/server-kit';
import { holdState, salesCatalog } from '../../server/i18n/catalog.js';
import { notice, noticeWhen } from '../../server/i18n/notice.js';
import { approversIn } from './approvers.server.js';
import { keptHold } from './facts.server.js';
import { holdRequests } from './definition.js';
import { assertClaimable, claimUnit, extendClaim, formatWhen, releaseClaim, transferClaim } from '../unit-claims/index.server.js';
import { publishClaimChange } from '../unit-board/index.server.js';
import { holdLink } from './links.js';

const CATEGORY = 'sales';
const RESOURCE = holdRequests.name;
const doc = (id: string) => ({ resource: RESOURCE, id });

/** A project's hold rules (its Hold Request Setup, else the field's defaults of domain.md). */
export type HoldSetup = {
  maxHoldHours: number;
  maxActiveHoldsPerAgent: number;
  requiresApproval: boolean;
  approverDepartment: string | null;
  maxExtensions: number;
  maxTotalHours: number;
  projectName: string;
};

export const DEFAULT_SETUP: Omit<HoldSetup, 'projectName'> = {
  maxHoldHours: 48,
  maxActiveHoldsPerAgent: 3,
  requiresApproval: true,
  approverDepartment: null,
  maxExtensions: 2,
  maxTotalHours: 168,
};

/** A project's hold rules, read once per transaction (a hold's create and its approval at once both ask). */
export function setupFor(tx: Queryable, projectId: string | null): Promise<HoldSetup> {
  return memoized(tx, `hold-setup:${projectId ?? ''}`, ['hold-request-setups', 'projects'], () => readSetup(tx, projectId));
}

async function readSetup(tx: Queryable, projectId: string | null): Promise<HoldSetup> {
  const rows = await tx.query<{
    max_hold_hours: number;
    max_active_holds_per_agent: number;
    requires_approval: boolean | null;
    approver_department_id: string | null;
    max_extensions: number | null;
    max_total_hours: number | null;
    project_name: string | null;
  }>(
    `select s.max_hold_hours, s.max_active_holds_per_agent, s.requires_approval, s.approver_department_id::text as approver_department_id,
            s.max_extensions, s.max_total_hours, p.name as project_name
       from projects p left join hold_request_setups s on s.project_id = p.id and s.active
      where p.id = $1`,
    [projectId],
  );
  const row = rows.rows[0];
  if (!row || row.max_hold_hours === null || row.max_hold_hours === undefined) return { ...DEFAULT_SETUP, projectName: row?.project_name ?? 'this project' };
  return {
    maxHoldHours: row.max_hold_hours,
    maxActiveHoldsPerAgent: row.max_active_holds_per_agent,
    requiresApproval: row.requires_approval !== false,
    approverDepartment: row.approver_department_id,
    maxExtensions: row.max_extensions ?? DEFAULT_SETUP.maxExtensions,
    maxTotalHours: row.max_total_hours ?? DEFAULT_SETUP.maxTotalHours,
    projectName: row.project_name ?? 'this project',
  };
}

const userOf = (caller: Caller) => caller.auth?.userId ?? null;
const hoursAfter = (from: Date, hours: number) => new Date(from.getTime() + hours * 3_600_000);

type HoldRow = {
  id: string;
  /** Null only while a hold just asked waits for its number (`documentNumber`). */
  number: string | null;
  status: string;
  unit_id: string;
  unit_code: string;
  project_id: string | null;
  requested_by_id: string | null;
  hours: number;
  total_hours: number | null;
  extensions: number;
  extension_hours: number | null;
  expires_at: Date | string | null;
};

export async function holdRow(tx: Queryable, id: string): Promise<HoldRow | null> {
  const rows = await tx.query<HoldRow>(
    `select h.id::text as id, h.number, h.status, h.unit_id::text as unit_id, u.code as unit_code, h.project_id::text as project_id,
            h.requested_by_id::text as requested_by_id, h.hours, h.total_hours, coalesce(h.extensions, 0)::int as extensions, h.extension_hours, h.expires_at
       from hold_requests h join units u on u.id = h.unit_id where h.id = $1`,
    [id],
  );
  return rows.rows[0] ?? null;
}

/** Refuses an extension beyond the project's limits, naming the limit. */
export function assertExtensionAllowed(hold: Pick<HoldRow, 'extensions' | 'total_hours' | 'hours'>, setup: HoldSetup, extra: number) {
  if (hold.extensions >= setup.maxExtensions) {
    throw unprocessable(text(salesCatalog, 'holdMaxExtensions', { max: setup.maxExtensions, project: setup.projectName, done: String(hold.extensions) }));
  }
  const total = (hold.total_hours ?? hold.hours) + extra;
  if (total > setup.maxTotalHours) {
    throw unprocessable(text(salesCatalog, 'holdMaxTotalHours', { max: String(setup.maxTotalHours), project: setup.projectName, extra: String(extra), total: String(total) }));
  }
}

/** A request that waits for an approver: the hold, who asked, the title and the hours asked (`more`: an extension's). */
type Asked = { id: string; requester: string | null; title: LocalText; hours: number; more: boolean };

/** "24 hours, waiting for …" (or "40 more hours, …") as each reader reads it. */
const waitingFor = (asked: Asked, whose: 'Waiting' | 'YourDecision' | 'ApproverDecision') =>
  notice(`noticeHold${asked.more ? 'More' : ''}Hours${whose}`, { hours: asked.hours, shown: String(asked.hours) });

/**
 * Tells who asked that the request waits for approval, and each approver (the project's approver
 * department's users who may approve holds, the requester left out) that it waits for their decision.
 * A department with no such user is told as a department, in words that fit anyone in it.
 */
async function askApproval(notify: DomainNotify, tx: Queryable, setup: HoldSetup, asked: Asked, caller: Caller) {
  const common = { link: holdLink(asked.id), category: CATEGORY, createdBy: userOf(caller) };
  if (asked.requester) await notify(tx, { userId: asked.requester, title: asked.title, body: waitingFor(asked, 'Waiting'), ...common });
  if (!setup.approverDepartment) return;
  const approvers = await approversIn(tx, setup.approverDepartment, holdRequests.entity, 'approve', asked.requester);
  for (const userId of approvers) await notify(tx, { userId, title: asked.title, body: waitingFor(asked, 'YourDecision'), ...common });
  if (approvers.length === 0) await notify(tx, { departmentId: setup.approverDepartment, title: asked.title, body: waitingFor(asked, 'ApproverDecision'), ...common });
}

/**
 * Hold requests on the engine: the requester and project set by the server; the project's limits
 * (hours, active holds per agent) refused with the limit named; a unit someone else holds refused
 * with who holds it until when; approval claims the unit (one live claim, `unit_claims`) and puts it
 * on hold until `expiresAt`, counted from approval; a project whose setup needs no approval approves
 * at once; reject, release and expiry release the claim; extensions within the limits through approval.
 */
export function holdRequestHooks(engine: EngineContext, notify: DomainNotify): ResourceHooks {
  const notifyRequester = async (tx: Queryable, record: RecordRow, title: LocalText, body: string | LocalText, caller: Caller) => {
    const requester = typeof record.requestedBy === 'string' ? record.requestedBy : null;
    if (requester && requester !== userOf(caller)) await notify(tx, { userId: requester, title, body, link: holdLink(record.id), category: CATEGORY, createdBy: userOf(caller) });
  };
  const notifyApprovers = (tx: Queryable, setup: HoldSetup, asked: Asked, caller: Caller) => askApproval(notify, tx, setup, asked, caller);

  /** Claims the unit and answers the values the approval writes with the state change. */
  const approval = async (tx: Queryable, id: string, current: RecordRow, caller: Caller) => {
    const hold = (await holdRow(tx, id))!;
    const now = new Date();
    const expiresAt = hoursAfter(now, hold.hours);
    // The claim's reason names the hold; a number still left to the commit (a hold just asked) is written there by its statement.
    const number = hold.number ?? (await numberInText(tx, holdRequests, id));
    await claimUnit(engine, tx, effectOf(caller), { unitId: hold.unit_id, kind: 'hold', document: doc(id), holderId: hold.requested_by_id, expiresAt, action: 'hold', reason: `${number}: ${String(current.reason ?? '')}`.slice(0, 300) });
    return { approvedAt: now.toISOString(), approvedBy: userOf(caller), expiresAt: expiresAt.toISOString(), totalHours: hold.hours };
  };

  return {
    onImport: true,
    // Asks for one unit queue in this process, not on its row lock holding a pooled connection.
    createQueueKey: (values) => (typeof values.unit === 'string' ? `unit:${values.unit}` : null),
    // The number is taken at the commit, or where a text names it first (`documentNumber`).
    numberAtCommit: true,
    beforeCreate: async (tx, _extra, caller, values) => {
      const requester = userOf(caller);
      const unitId = String(values.unit);
      const unit = await assertClaimable(tx, unitId);
      const setup = await setupFor(tx, unit.project);
      const hours = Number(values.hours ?? holdRequests.fields.hours!.default);
      if (hours > setup.maxHoldHours) throw unprocessable(text(salesCatalog, 'holdMaxHours', { max: String(setup.maxHoldHours), project: setup.projectName, hours: String(hours) }));
      if (requester) {
        // One agent's requests queue here, so two at once cannot both pass the count.
        await tx.query("select pg_advisory_xact_lock(hashtext('sales.hold-agent'), hashtext($1))", [requester]);
        const active = await tx.query<{ n: number }>(
          "select count(*)::int as n from hold_requests where requested_by_id = $1 and project_id = $2 and status in ('pending', 'approved')",
          [requester, unit.project],
        );
        const count = active.rows[0]?.n ?? 0;
        if (count >= setup.maxActiveHoldsPerAgent) {
          throw unprocessable(text(salesCatalog, 'holdMaxActive', { max: String(setup.maxActiveHoldsPerAgent), project: setup.projectName, count: String(count) }));
        }
      }
      return { requested_by_id: requester, project_id: unit.project, extensions: 0 };
    },
    afterCreate: async (tx, id, _extra, caller) => {
      const hold = (await holdRow(tx, id))!;
      const setup = await setupFor(tx, hold.project_id);
      if (!setup.requiresApproval) {
        // No approval needed: approved at once, through the engine's action (claim, history, event).
        await runAction(engine, tx, holdRequests, effectOf(caller), id, 'approve', holdRequests.actions!.approve!, { reason: 'Approved at once: the project needs no approval' });
        return;
      }
      const number = hold.number ?? (await documentNumber(tx, holdRequests, id));
      await notifyApprovers(tx, setup, { id, requester: hold.requested_by_id, title: notice('noticeHoldRequested', { unit: hold.unit_code, number: String(number) }), hours: hold.hours, more: false }, caller);
    },
    beforeUpdate: async (tx, _id, values, before) => {
      // A person's edit of a pending request: the unit and hours are checked again.
      const added: Record<string, unknown> = {};
      if (values.unit !== undefined && values.unit !== before.unit) added.project = (await assertClaimable(tx, String(values.unit))).project;
      if (values.hours !== undefined && values.hours !== before.hours) {
        const setup = await setupFor(tx, typeof before.project === 'string' ? before.project : null);
        if (Number(values.hours) > setup.maxHoldHours) throw unprocessable(text(salesCatalog, 'holdMaxHours', { max: String(setup.maxHoldHours), project: setup.projectName, hours: String(values.hours) }));
      }
      return added;
    },
    actions: {
      approve: {
        before: async (tx, id, current, caller) => ({ values: await approval(tx, id, current, caller) }),
        after: async (tx, _id, record, caller) => {
          if (!record.expiresAt) return;
          await notifyRequester(tx, record, notice('noticeHoldApproved', { number: String(record.number) }), notice('noticeHoldOnHoldUntil', { until: noticeWhen(String(record.expiresAt)) }), caller);
        },
      },
      reject: {
        after: (tx, _id, record, caller, reason) => notifyRequester(tx, record, notice('noticeHoldRejected', { number: String(record.number) }), reason ?? notice('noticeRejected'), caller),
      },
      release: {
        before: async (_tx, _id, current, caller) => {
          const me = userOf(caller);
          // No session: the server's own release (a job, a reservation taking over).
          const approver = caller.auth ? caller.auth.checker.can(holdRequests.entity, 'approve') : true;
          if (current.requestedBy !== me && !approver) throw new HttpError(423, text(salesCatalog, 'holdReleaseRefused'));
        },
        after: async (tx, id, record, caller, reason) => {
          await releaseClaim(engine, tx, effectOf(caller), doc(id), { action: 'release', reason: reason ?? `${String(record.number)} released` });
          await notifyRequester(tx, record, notice('noticeHoldReleased', { number: String(record.number) }), reason ?? notice('noticeUnitAvailableAgain'), caller);
        },
      },
      extend: {
        before: async (tx, id, _current, caller) => {
          const hold = (await holdRow(tx, id))!;
          if (!hold.extension_hours) throw unprocessable(text(salesCatalog, 'holdNoExtension', { number: String(hold.number) }));
          const setup = await setupFor(tx, hold.project_id);
          assertExtensionAllowed(hold, setup, hold.extension_hours);
          const expiresAt = hoursAfter(new Date(hold.expires_at!), hold.extension_hours);
          await extendClaim(tx, doc(id), expiresAt);
          // Open boards see the new time (the unit stays on hold: no status change announces it).
          await publishClaimChange(tx, caller, hold.unit_id, { action: 'extend', reason: `${hold.number} extended until ${formatWhen(expiresAt.toISOString())}`.slice(0, 300), document: doc(id) });
          return {
            values: { expiresAt: expiresAt.toISOString(), extensions: hold.extensions + 1, totalHours: (hold.total_hours ?? hold.hours) + hold.extension_hours, extensionHours: null, reminderSentAt: null },
          };
        },
        after: (tx, _id, record, caller) => notifyRequester(tx, record, notice('noticeHoldExtended', { number: String(record.number) }), notice('noticeHoldOnHoldUntil', { until: noticeWhen(String(record.expiresAt)) }), caller),
      },
      declineExtension: {
        before: async (tx, id) => {
          const hold = (await holdRow(tx, id))!;
          if (!hold.extension_hours) throw unprocessable(text(salesCatalog, 'holdNoExtension', { number: String(hold.number) }));
          return { values: { extensionHours: null } };
        },
        after: (tx, _id, record, caller, reason) => notifyRequester(tx, record, notice('noticeHoldExtensionDeclined', { number: String(record.number) }), reason ?? notice('noticeDeclined'), caller),
      },
    },
  };
}

/**
 * The holder asks for more hours (`POST /api/hold-requests/{id}/extend`): refused beyond the
 * project's limits; where the project needs approval the extension waits for an approver's `extend`
 * action (approvers notified), else it applies at once.
 */
export async function requestExtension(engine: EngineContext, notify: DomainNotify, tx: Queryable, caller: Caller, id: string, hours: number) {
  const current = await tx.query<{ id: string }>('select id::text as id from hold_requests where id = $1 for update', [id]);
  if (!current.rows[0]) return null;
  const hold = (await holdRow(tx, id))!;
  if (hold.requested_by_id !== userOf(caller)) throw new HttpError(423, text(salesCatalog, 'holdExtendRefused'));
  if (hold.status !== 'approved') throw unprocessable(text(salesCatalog, 'holdExtendOnlyApproved', { status: holdState(hold.status) }));
  if (hold.extension_hours) throw unprocessable(text(salesCatalog, 'holdExtensionWaiting', { hours: String(hold.extension_hours), number: String(hold.number) }));
  const setup = await setupFor(tx, hold.project_id);
  if (hours > setup.maxHoldHours) throw unprocessable(text(salesCatalog, 'holdExtensionMaxHours', { max: String(setup.maxHoldHours), project: setup.projectName, hours: String(hours) }));
  assertExtensionAllowed(hold, setup, hours);
  const record = await updateRecord(engine, tx, holdRequests, caller, id, { extensionHours: hours }, { ignoreVersion: true, allowReadOnly: true, action: 'requestExtension', reason: `${hours} more hours` });
  if (!setup.requiresApproval) return runAction(engine, tx, holdRequests, effectOf(caller), id, 'extend', holdRequests.actions!.extend!, { reason: 'Extended at once: the project needs no approval' });
  await askApproval(notify, tx, setup, { id, requester: hold.requested_by_id, title: notice('noticeHoldExtensionAsked', { unit: hold.unit_code, number: String(hold.number) }), hours, more: true }, caller);
  return record;
}

/**
 * For the reservation code: an approved hold becomes a reservation. The hold turns `converted` (through
 * the engine) and its live claim is handed to the reservation in place, so the unit is never free in
 * between and turns `reserved`. A hold in another state is a 422 naming it.
 */
export async function convertHold(engine: EngineContext, tx: Queryable, caller: Caller, holdId: string, reservation: { resource: string; id: string; holderId: string | null; expiresAt: Date | null }) {
  // The hold as the engine reads it, with its row lock: its state is checked on that read, which is its update's own (issue 26).
  // Locked and read so already when the reservation checked its source (`lockedHold` with the engine): not read again.
  const locked = (await keptHold(tx, holdId)) ?? (await lockedRecord(engine, tx, holdRequests, holdId))?.record;
  if (!locked) throw new HttpError(404, text(salesCatalog, 'holdNotFound'));
  const status = String(locked.status);
  if (status !== 'approved') throw unprocessable(text(salesCatalog, 'holdReserveOnlyApproved', { status: holdState(status) }));
  // The state and the cleared extension are plain values: the hold is not read again after its UPDATE (nor after its hooks, for the record answered).
  const record = await updateRecord(engine, tx, holdRequests, caller, holdId, { status: 'converted', extensionHours: null }, {
    ignoreVersion: true,
    allowReadOnly: true,
    action: 'convert',
    reason: `Reserved (${reservation.resource} ${reservation.id})`,
    locked,
    afterFromWrite: true,
    readsAnswer: true,
  });
  await transferClaim(engine, tx, effectOf(caller), doc(holdId), { kind: 'reservation', resource: reservation.resource, id: reservation.id, holderId: reservation.holderId, expiresAt: reservation.expiresAt });
  return record;
}
