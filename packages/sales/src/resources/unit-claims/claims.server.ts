import { updateRecord, type Caller, type EngineContext, type ResourceHooks } from '@propdesk/records/server';
import { conflict, notFound, type HttpError, type Migration, type Queryable } from '@propdesk/server-kit';

/**
 * The unit's one live claim (issue 17): a hold, an EOI allocation or a reservation. At most one live
 * claim per unit is the database's rule (a partial unique index on `unit_id` where `released_at` is
 * null), not a check in code; every transition first takes the unit's row lock (`select ... for
 * update` on units), so claims of one unit queue behind each other, and each is idempotent (claiming
 * again for the same document, or releasing a released claim, does nothing). The unit's status
 * follows through the engine (`updateRecord`, so its version and history show it), and every change
 * of a unit's status is a row of `unit_status_events`, written by the units' update hook below
 * whatever path changed it.
 */
export const unitClaimMigrations: Migration[] = [
  {
    id: 'sales/0101_unit_claims',
    up: `
      create table unit_claims (
        id uuid primary key default gen_random_uuid(),
        unit_id uuid not null references units (id),
        kind text not null check (kind in ('hold', 'allocation', 'reservation')),
        document_resource text not null,
        document_id uuid not null,
        holder_id uuid references users (id),
        claimed_at timestamptz not null default now(),
        expires_at timestamptz,
        released_at timestamptz,
        released_reason text
      );
      -- The rule itself: one live claim per unit.
      create unique index unit_claims_live_key on unit_claims (unit_id) where released_at is null;
      create index unit_claims_document_idx on unit_claims (document_resource, document_id);
      create table unit_status_events (
        id bigserial primary key,
        unit_id uuid not null references units (id) on delete cascade,
        from_status text,
        to_status text not null,
        at timestamptz not null default now(),
        actor_id uuid references users (id),
        source text,
        action text,
        document_resource text,
        document_id uuid,
        reason text
      );
      create index unit_status_events_unit_idx on unit_status_events (unit_id, at desc, id desc);
      create index unit_status_events_at_idx on unit_status_events (at, unit_id);
    `,
  },
];

export type ClaimKind = 'hold' | 'allocation' | 'reservation';
export type ClaimDocument = { resource: string; id: string };

/** The unit status each claim kind puts the unit in. */
const STATUS_OF: Readonly<Record<ClaimKind, string>> = { hold: 'on_hold', allocation: 'reserved', reservation: 'reserved' };
const VERB_OF: Readonly<Record<ClaimKind, string>> = { hold: 'held by', allocation: 'allocated to', reservation: 'reserved by' };

/** Times in messages as people of the project read them (Cairo). */
export const DISPLAY_TIME_ZONE = 'Africa/Cairo';
const when = new Intl.DateTimeFormat('en-GB', { timeZone: DISPLAY_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** `26 Nov 2026, 14:30`. */
export const formatWhen = (value: Date | string) => when.format(new Date(value));

type LockedUnit = { id: string; code: string; status: string; project: string | null };
type LiveClaim = {
  id: string;
  kind: ClaimKind;
  document_resource: string;
  document_id: string;
  holder_id: string | null;
  holder: string | null;
  expires_at: Date | string | null;
};

/** The unit's row lock: every claim transition of a unit queues here. */
export async function lockUnit(tx: Queryable, unitId: string): Promise<LockedUnit> {
  const rows = await tx.query<LockedUnit>('select id::text as id, code, status, project_id::text as project from units where id = $1 for update', [unitId]);
  const unit = rows.rows[0];
  if (!unit) throw notFound('No such unit');
  return unit;
}

/** The unit's live claim with its holder's name, if any. */
export async function liveClaim(tx: Queryable, unitId: string): Promise<LiveClaim | null> {
  const rows = await tx.query<LiveClaim>(
    `select c.id::text as id, c.kind, c.document_resource, c.document_id::text as document_id, c.holder_id::text as holder_id,
            coalesce(nullif(u.full_name, ''), u.username) as holder, c.expires_at
       from unit_claims c left join users u on u.id = c.holder_id
      where c.unit_id = $1 and c.released_at is null`,
    [unitId],
  );
  return rows.rows[0] ?? null;
}

/** "Unit PH-B1-0304 is held by Nadia Sales until 26 Nov 2026, 14:30." */
export function claimedMessage(code: string, claim: Pick<LiveClaim, 'kind' | 'holder' | 'expires_at'>): string {
  const until = claim.expires_at ? ` until ${formatWhen(claim.expires_at)}` : '';
  return `Unit ${code} is ${VERB_OF[claim.kind]} ${claim.holder ?? 'someone else'}${until}.`;
}

/** A 409 naming who holds the unit until when, or the status that keeps it from being claimed. */
export async function unavailableError(tx: Queryable, unit: LockedUnit): Promise<HttpError> {
  const claim = await liveClaim(tx, unit.id);
  if (claim) return conflict(claimedMessage(unit.code, claim));
  return conflict(`Unit ${unit.code} is ${unit.status.replace(/_/g, ' ')}, not available.`);
}

/**
 * Refuses (409) when the unit is claimed or not available, after taking the unit's row lock. A
 * document that refers to a unit takes this lock before its row is inserted: the insert's foreign
 * key takes a share lock on the unit, and two such transactions each waiting for the other's share
 * lock to take the row lock would deadlock.
 */
export async function assertClaimable(tx: Queryable, unitId: string, exceptDocument?: ClaimDocument) {
  const unit = await lockUnit(tx, unitId);
  const claim = await liveClaim(tx, unitId);
  if (claim && exceptDocument && claim.document_resource === exceptDocument.resource && claim.document_id === exceptDocument.id) return unit;
  if (claim || unit.status !== 'available') throw await unavailableError(tx, unit);
  return unit;
}

/** What a unit status change carries to the events hook (`updateRecord`'s `extra`). */
type StatusExtra = { statusDocument?: ClaimDocument };

async function setUnitStatus(engine: EngineContext, tx: Queryable, caller: Caller, unitId: string, status: string, action: string, document: ClaimDocument | null, reason: string | null) {
  const extra: StatusExtra = document ? { statusDocument: document } : {};
  await updateRecord(engine, tx, engine.registry.get('units'), caller, unitId, { status }, { ignoreVersion: true, allowReadOnly: true, action, reason, extra });
}

export type ClaimInput = {
  unitId: string;
  kind: ClaimKind;
  document: ClaimDocument;
  holderId: string | null;
  expiresAt: Date | null;
  /** The unit's history action (default the kind). */
  action?: string;
  reason?: string | null;
};

/**
 * Claims an available unit for a document: the unit's row lock, then the claim row (the partial
 * unique index refuses a second live claim whatever the code above did), then the unit's status
 * through the engine. Claiming again for the same document changes nothing. A claimed or unavailable
 * unit is a 409 naming who holds it until when.
 */
export async function claimUnit(engine: EngineContext, tx: Queryable, caller: Caller, input: ClaimInput): Promise<{ claimId: string; created: boolean }> {
  const unit = await lockUnit(tx, input.unitId);
  const claim = await liveClaim(tx, unit.id);
  if (claim && claim.document_resource === input.document.resource && claim.document_id === input.document.id) return { claimId: claim.id, created: false };
  if (claim || unit.status !== 'available') throw await unavailableError(tx, unit);
  let claimId: string;
  try {
    await tx.query('savepoint unit_claim');
    const rows = await tx.query<{ id: string }>(
      `insert into unit_claims (unit_id, kind, document_resource, document_id, holder_id, expires_at) values ($1, $2, $3, $4, $5, $6) returning id::text as id`,
      [unit.id, input.kind, input.document.resource, input.document.id, input.holderId, input.expiresAt],
    );
    await tx.query('release savepoint unit_claim');
    claimId = rows.rows[0]!.id;
  } catch (error) {
    await tx.query('rollback to savepoint unit_claim');
    if ((error as { code?: string }).code === '23505') throw await unavailableError(tx, unit);
    throw error;
  }
  await setUnitStatus(engine, tx, caller, unit.id, STATUS_OF[input.kind], input.action ?? input.kind, input.document, input.reason ?? null);
  return { claimId, created: true };
}

/**
 * Releases a document's live claim and returns its unit to available (when the claim still set its
 * status). Idempotent: a document without a live claim (never claimed, or released already, by this
 * transaction or another) changes nothing and answers false.
 */
export async function releaseClaim(engine: EngineContext, tx: Queryable, caller: Caller, document: ClaimDocument, options: { action?: string; reason?: string | null } = {}): Promise<boolean> {
  const found = await tx.query<{ unit_id: string }>(
    'select unit_id::text as unit_id from unit_claims where document_resource = $1 and document_id = $2 and released_at is null',
    [document.resource, document.id],
  );
  const unitId = found.rows[0]?.unit_id;
  if (!unitId) return false;
  // Lock order: the unit first, then its claim (as claimUnit), so two releases cannot deadlock.
  const unit = await lockUnit(tx, unitId);
  const released = await tx.query<{ kind: ClaimKind }>(
    `update unit_claims set released_at = now(), released_reason = $3
      where document_resource = $1 and document_id = $2 and unit_id = $4 and released_at is null returning kind`,
    [document.resource, document.id, options.reason ?? null, unitId],
  );
  const kind = released.rows[0]?.kind;
  if (!kind) return false;
  if (unit.status === STATUS_OF[kind]) await setUnitStatus(engine, tx, caller, unit.id, 'available', options.action ?? 'release', document, options.reason ?? null);
  return true;
}

/** Moves a document's live claim to a new end time (an extension). */
export async function extendClaim(tx: Queryable, document: ClaimDocument, expiresAt: Date) {
  await tx.query('update unit_claims set expires_at = $3 where document_resource = $1 and document_id = $2 and released_at is null', [document.resource, document.id, expiresAt]);
}

/**
 * Hands a live claim to another document in place (a hold converted to a reservation, an allocation
 * becoming one), so the unit is never unclaimed in between; the unit's status follows the new kind.
 */
export async function transferClaim(engine: EngineContext, tx: Queryable, caller: Caller, from: ClaimDocument, to: ClaimDocument & { kind: ClaimKind; holderId: string | null; expiresAt: Date | null }) {
  const found = await tx.query<{ unit_id: string; kind: ClaimKind; holder_id: string | null; expires_at: Date | null }>(
    'select unit_id::text as unit_id, kind, holder_id::text as holder_id, expires_at from unit_claims where document_resource = $1 and document_id = $2 and released_at is null',
    [from.resource, from.id],
  );
  const claim = found.rows[0];
  const unitId = claim?.unit_id;
  if (!claim || !unitId) throw conflict('The claim to hand over is no longer live.');
  // Handing a claim to its own document as it already is changes nothing (a reservation confirmed in the transaction that made it).
  const sameEnd = (claim.expires_at === null && to.expiresAt === null) || (claim.expires_at !== null && to.expiresAt !== null && new Date(claim.expires_at).getTime() === to.expiresAt.getTime());
  if (from.resource === to.resource && from.id === to.id && claim.kind === to.kind && claim.holder_id === to.holderId && sameEnd) return;
  const unit = await lockUnit(tx, unitId);
  await tx.query(
    `update unit_claims set kind = $3, document_resource = $4, document_id = $5, holder_id = $6, expires_at = $7
      where document_resource = $1 and document_id = $2 and released_at is null`,
    [from.resource, from.id, to.kind, to.resource, to.id, to.holderId, to.expiresAt],
  );
  if (unit.status !== STATUS_OF[to.kind]) await setUnitStatus(engine, tx, caller, unit.id, STATUS_OF[to.kind], to.kind, to, null);
}

/**
 * The units' contribution: every change of a unit's status, whoever made it (a claim, a release,
 * block/unblock, a job), becomes an event in the same transaction, with the action and reason of the
 * history entry the engine has just written and the document the claim functions pass along.
 */
export const unitStatusHooks: ResourceHooks = {
  afterUpdate: async (tx, id, extra, changes, caller) => {
    const from = changes.before.status;
    const to = changes.after.status;
    if (from === to || typeof to !== 'string') return;
    // The entry the engine has just written, as it hands it over (read back only when it was folded into a creation).
    const entry = changes.history
      ? { rows: [changes.history] }
      : await tx.query<{ action: string; reason: string | null }>("select action, reason from record_history where resource = 'units' and record_id = $1 order by id desc limit 1", [id]);
    const document = (extra as StatusExtra).statusDocument;
    await tx.query(
      `insert into unit_status_events (unit_id, from_status, to_status, actor_id, source, action, document_resource, document_id, reason)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, from ?? null, to, caller.auth?.userId ?? null, caller.source, entry.rows[0]?.action ?? changes.action ?? null, document?.resource ?? null, document?.id ?? null, entry.rows[0]?.reason ?? null],
    );
  },
};
