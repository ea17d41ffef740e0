import { fillNumberLater, lockedRecord, memoized, updateMany, updateRecord, type Caller, type EngineContext, type ResourceHooks, type UpdatedRow } from '@propdesk/records/server';
import { conflict, dataWord, notFound, type HttpError, type LocalText, type Migration, type Queryable, type Word } from '@propdesk/server-kit';
import { salesText, salesWord, unitState } from '../../server/i18n/catalog.js';
import type { RecordRow } from '@propdesk/records/model';
import type { ClaimKind } from './model.js';

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

export type { ClaimKind };
export type ClaimDocument = { resource: string; id: string };

/** The unit status each claim kind puts the unit in. */
const STATUS_OF: Readonly<Record<ClaimKind, string>> = { hold: 'on_hold', allocation: 'reserved', reservation: 'reserved' };
const VERB_OF: Readonly<Record<ClaimKind, string>> = { hold: 'held by', allocation: 'allocated to', reservation: 'reserved by' };

/** Times in messages as people of the project read them (Cairo). */
export const DISPLAY_TIME_ZONE = 'Africa/Cairo';
const when = new Intl.DateTimeFormat('en-GB', { timeZone: DISPLAY_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** `26 Nov 2026, 14:30`. */
export const formatWhen = (value: Date | string) => when.format(new Date(value));
const whenAr = new Intl.DateTimeFormat('ar-EG-u-nu-latn', { timeZone: DISPLAY_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** A time in a message: `formatWhen` in English, the month's Arabic name (Latin digits) in Arabic, isolated as data. */
export const whenWord = (value: Date | string): Word => ({ en: formatWhen(value), ar: `\u2068${whenAr.format(new Date(value))}\u2069` });

/** A unit as its row lock reads it: what a claim checks, and what pricing needs (one read for both). */
export type LockedUnit = { id: string; code: string; status: string; project: string | null; unit_type: string | null; base_price: string | null };
type LiveClaim = {
  id: string;
  kind: ClaimKind;
  document_resource: string;
  document_id: string;
  holder_id: string | null;
  holder: string | null;
  expires_at: Date | string | null;
};

/**
 * The unit's row lock: every claim transition of a unit queues here. With the engine (`engine`), the
 * lock is taken by the engine's own read of the unit (every field), which is kept for the unit's
 * status change in this transaction (`setUnitStatus`: its update does not read the unit again) until
 * the engine next writes a unit; where the claim follows, one statement of the claim (issue 26).
 */
export async function lockUnit(tx: Queryable, unitId: string, engine?: EngineContext): Promise<LockedUnit> {
  if (engine) return lockUnitRecord(engine, tx, unitId);
  const rows = await tx.query<LockedUnit>(
    'select id::text as id, code, status, project_id::text as project, unit_type_id::text as unit_type, base_price::text as base_price from units where id = $1 for update',
    [unitId],
  );
  const unit = rows.rows[0];
  if (!unit) throw notFound(salesText('noUnit'));
  return unit;
}

const keptUnitKey = (unitId: string) => `unit-claims:locked-unit:${unitId}`;

async function lockUnitRecord(engine: EngineContext, tx: Queryable, unitId: string): Promise<LockedUnit> {
  const read = await lockedRecord(engine, tx, engine.registry.get('units'), unitId);
  if (!read) throw notFound(salesText('noUnit'));
  const record = read.record;
  // Kept while no engine write of a unit (the claim's own status change among them) has happened since in this transaction.
  await memoized(tx, keptUnitKey(unitId), ['units'], () => Promise.resolve<RecordRow | null>(record));
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return { id: record.id, code: String(record.code), status: String(record.status), project: text(record.project), unit_type: text(record.unitType), base_price: text(record.basePrice) };
}

/** The unit as `lockUnit` read it with the engine in this transaction, when no engine write of a unit came since. */
function keptUnit(tx: Queryable, unitId: string): Promise<RecordRow | null> {
  return memoized(tx, keptUnitKey(unitId), ['units'], () => Promise.resolve<RecordRow | null>(null));
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

/** "Unit PH-B1-0304 is held by Nadia Sales until 26 Nov 2026, 14:30." (English; `claimedText` is the caller's.) */
export function claimedMessage(code: string, claim: Pick<LiveClaim, 'kind' | 'holder' | 'expires_at'>): string {
  const until = claim.expires_at ? ` until ${formatWhen(claim.expires_at)}` : '';
  return `Unit ${code} is ${VERB_OF[claim.kind]} ${claim.holder ?? 'someone else'}${until}.`;
}

/** `claimedMessage` by key: the same English, the caller's language in the envelope. */
export function claimedText(code: string, claim: Pick<LiveClaim, 'kind' | 'holder' | 'expires_at'>): LocalText {
  const holder = claim.holder === null ? salesWord('someoneElse') : dataWord(claim.holder);
  const params = { code: dataWord(code), claim: claim.kind, holder };
  return claim.expires_at ? salesText('unitClaimedUntil', { ...params, until: whenWord(claim.expires_at) }) : salesText('unitClaimed', params);
}

/** A 409 naming who holds the unit until when, or the status that keeps it from being claimed (`known`: the live claim just read under the unit's lock). */
export async function unavailableError(tx: Queryable, unit: Pick<LockedUnit, 'id' | 'code' | 'status'>, known?: LiveClaim | null): Promise<HttpError> {
  const claim = known === undefined ? await liveClaim(tx, unit.id) : known;
  if (claim) return conflict(claimedText(unit.code, claim));
  return conflict(salesText('unitNotAvailable', { code: dataWord(unit.code), status: unitState(unit.status) }));
}

/**
 * Refuses (409) when the unit is claimed or not available, after taking the unit's row lock. A
 * document that refers to a unit takes this lock before its row is inserted: the insert's foreign
 * key takes a share lock on the unit, and two such transactions each waiting for the other's share
 * lock to take the row lock would deadlock.
 */
export async function assertClaimable(tx: Queryable, unitId: string, exceptDocument?: ClaimDocument, engine?: EngineContext) {
  const unit = await lockUnit(tx, unitId, engine);
  const claim = await liveClaim(tx, unitId);
  if (claim && exceptDocument && claim.document_resource === exceptDocument.resource && claim.document_id === exceptDocument.id) return unit;
  if (claim || unit.status !== 'available') throw await unavailableError(tx, unit, claim);
  return unit;
}

/** What a unit status change carries to the events hook (`updateRecord`'s `extra`). */
type StatusExtra = { statusDocument?: ClaimDocument };

async function setUnitStatus(engine: EngineContext, tx: Queryable, caller: Caller, unitId: string, status: string, action: string, document: ClaimDocument | null, reason: string | null) {
  const extra: StatusExtra = document ? { statusDocument: document } : {};
  // The unit as this transaction's lock read it (`lockUnit` with the engine), when the engine has written no unit since.
  const kept = await keptUnit(tx, unitId);
  const locked = kept ? { locked: kept } : {};
  // The status is plain text and nobody reads the answer: the unit is not read again after the UPDATE or its hooks (issue 26).
  await updateRecord(engine, tx, engine.registry.get('units'), caller, unitId, { status }, { ignoreVersion: true, allowReadOnly: true, action, reason, extra, afterFromWrite: true, readsAnswer: true, ...locked });
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
export async function claimUnit(engine: EngineContext, tx: Queryable, caller: Caller, input: ClaimInput, checked?: LockedUnit): Promise<{ claimId: string; created: boolean }> {
  // `checked`: the unit as this transaction read it with its row lock (`assertClaimable`), free then; the lock held since
  // keeps it so, and the index below refuses a second live claim whatever this skips (two statements of a reservation).
  const unit = checked?.id === input.unitId ? checked : await lockUnit(tx, input.unitId, engine);
  const claim = unit === checked ? null : await liveClaim(tx, unit.id);
  if (claim && claim.document_resource === input.document.resource && claim.document_id === input.document.id) return { claimId: claim.id, created: false };
  if (claim || unit.status !== 'available') throw await unavailableError(tx, unit, claim);
  // The partial unique index is the rule: a second live claim is not inserted (its arbiter), so the refusal leaves the
  // transaction usable for the 409 without a savepoint around the INSERT (two statements of every claim).
  const rows = await tx.query<{ id: string }>(
    `insert into unit_claims (unit_id, kind, document_resource, document_id, holder_id, expires_at) values ($1, $2, $3, $4, $5, $6)
     on conflict (unit_id) where released_at is null do nothing returning id::text as id`,
    [unit.id, input.kind, input.document.resource, input.document.id, input.holderId, input.expiresAt],
  );
  const claimId = rows.rows[0]?.id;
  if (claimId === undefined) throw await unavailableError(tx, unit);
  await setUnitStatus(engine, tx, caller, unit.id, STATUS_OF[input.kind], input.action ?? input.kind, input.document, input.reason ?? null);
  return { claimId, created: true };
}

/**
 * `claimUnit` for many units at once (a bulk publish), with the same rules in a few statements: the
 * units' row locks in one `select ... for update` (in id order, so it queues behind and cannot
 * deadlock with another claim), their live claims in one read, every unit checked before anything is
 * written (the first one claimed or unavailable, in the order given, is a 409 naming who holds it),
 * the claim rows in one INSERT (the partial unique index still refuses a second live claim), and the
 * units' statuses through the engine's `updateMany` (a version, a history row and a status event per
 * unit). A unit claimed already for the same document changes nothing. Answers the claims in order.
 */
export async function claimUnits(engine: EngineContext, tx: Queryable, caller: Caller, inputs: readonly ClaimInput[]): Promise<{ claimId: string; created: boolean }[]> {
  if (inputs.length === 0) return [];
  const unitIds = inputs.map((input) => input.unitId);
  if (new Set(unitIds).size !== unitIds.length) throw conflict(salesText('unitTwiceInBatch'));
  const locked = await tx.query<Pick<LockedUnit, 'id' | 'code' | 'status' | 'project'>>('select id::text as id, code, status, project_id::text as project from units where id = any($1::uuid[]) order by id for update', [unitIds]);
  const units = new Map(locked.rows.map((unit) => [unit.id, unit]));
  const live = await tx.query<{ id: string; unit_id: string; document_resource: string; document_id: string }>(
    'select id::text as id, unit_id::text as unit_id, document_resource, document_id::text as document_id from unit_claims where unit_id = any($1::uuid[]) and released_at is null',
    [unitIds],
  );
  const claims = new Map(live.rows.map((claim) => [claim.unit_id, claim]));
  const answers: ({ claimId: string; created: boolean } | null)[] = [];
  const fresh: ClaimInput[] = [];
  for (const input of inputs) {
    const unit = units.get(input.unitId);
    if (!unit) throw notFound(salesText('noUnit'));
    const claim = claims.get(unit.id);
    if (claim && claim.document_resource === input.document.resource && claim.document_id === input.document.id) {
      answers.push({ claimId: claim.id, created: false });
      continue;
    }
    if (claim || unit.status !== 'available') throw await unavailableError(tx, unit);
    answers.push(null);
    fresh.push(input);
  }
  let made: { id: string; unit_id: string }[] = [];
  if (fresh.length > 0) {
    try {
      await tx.query('savepoint unit_claims');
      const rows = await tx.query<{ id: string; unit_id: string }>(
        `insert into unit_claims (unit_id, kind, document_resource, document_id, holder_id, expires_at)
         select * from unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::uuid[], $6::timestamptz[]) returning id::text as id, unit_id::text as unit_id`,
        [fresh.map((input) => input.unitId), fresh.map((input) => input.kind), fresh.map((input) => input.document.resource), fresh.map((input) => input.document.id), fresh.map((input) => input.holderId), fresh.map((input) => input.expiresAt)],
      );
      await tx.query('release savepoint unit_claims');
      made = rows.rows;
    } catch (error) {
      await tx.query('rollback to savepoint unit_claims');
      if ((error as { code?: string }).code === '23505') {
        // Someone claimed one of them meanwhile (the locks make this rare): name the first.
        const taken = await tx.query<{ unit_id: string }>('select unit_id::text as unit_id from unit_claims where unit_id = any($1::uuid[]) and released_at is null', [fresh.map((input) => input.unitId)]);
        const first = fresh.find((input) => taken.rows.some((row) => row.unit_id === input.unitId)) ?? fresh[0]!;
        throw await unavailableError(tx, units.get(first.unitId)!);
      }
      throw error;
    }
  }
  const claimOf = new Map(made.map((row) => [row.unit_id, row.id]));
  // The units' statuses, one batch per history action.
  const byAction = new Map<string, ClaimInput[]>();
  for (const input of fresh) {
    const action = input.action ?? input.kind;
    const group = byAction.get(action);
    if (group) group.push(input);
    else byAction.set(action, [input]);
  }
  for (const [action, group] of byAction) {
    await updateMany(
      engine,
      tx,
      engine.registry.get('units'),
      caller,
      group.map((input) => ({ id: input.unitId, values: { status: STATUS_OF[input.kind] }, reason: input.reason ?? null, extra: { statusDocument: input.document } satisfies StatusExtra })),
      { allowReadOnly: true, action },
    );
  }
  return answers.map((answer, index) => answer ?? { claimId: claimOf.get(inputs[index]!.unitId)!, created: true });
}

/**
 * `transferClaim` for many documents at once (the claims of a bulk publish handed to its
 * reservations): one UPDATE of the live claims; the units whose status the new kind changes follow
 * through the engine's `updateMany`. A claim no longer live is a 409.
 */
export async function transferClaims(engine: EngineContext, tx: Queryable, caller: Caller, moves: readonly { from: ClaimDocument; to: ClaimDocument & { kind: ClaimKind; holderId: string | null; expiresAt: Date | null } }[]) {
  if (moves.length === 0) return;
  const moved = await tx.query<{ unit_id: string; status: string; kind: ClaimKind; resource: string; id: string }>(
    `update unit_claims c set kind = m.kind, document_resource = m.to_resource, document_id = m.to_id, holder_id = m.holder_id, expires_at = m.expires_at
       from unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::uuid[], $6::uuid[], $7::timestamptz[]) as m(from_resource, from_id, kind, to_resource, to_id, holder_id, expires_at), units u
      where c.document_resource = m.from_resource and c.document_id = m.from_id and c.released_at is null and u.id = c.unit_id
      returning c.unit_id::text as unit_id, u.status, c.kind, m.to_resource as resource, m.to_id::text as id`,
    [
      moves.map((move) => move.from.resource),
      moves.map((move) => move.from.id),
      moves.map((move) => move.to.kind),
      moves.map((move) => move.to.resource),
      moves.map((move) => move.to.id),
      moves.map((move) => move.to.holderId),
      moves.map((move) => move.to.expiresAt),
    ],
  );
  if (moved.rows.length !== moves.length) throw conflict(salesText('claimNotLive'));
  const follow = moved.rows.filter((row) => row.status !== STATUS_OF[row.kind]);
  await updateMany(
    engine,
    tx,
    engine.registry.get('units'),
    caller,
    follow.map((row) => ({ id: row.unit_id, values: { status: STATUS_OF[row.kind] }, extra: { statusDocument: { resource: row.resource, id: row.id } } satisfies StatusExtra })),
    { allowReadOnly: true, action: follow[0]?.kind ?? 'transfer' },
  );
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
  // The live claim and its unit's row lock (and status) in one statement: the unit is still locked before its claim is written.
  const found = await tx.query<{ unit_id: string; status: string; kind: ClaimKind; holder_id: string | null; expires_at: Date | null }>(
    `select u.id::text as unit_id, u.status, c.kind, c.holder_id::text as holder_id, c.expires_at
       from unit_claims c join units u on u.id = c.unit_id
      where c.document_resource = $1 and c.document_id = $2 and c.released_at is null for update of u`,
    [from.resource, from.id],
  );
  const claim = found.rows[0];
  if (!claim) throw conflict(salesText('claimNotLive'));
  // Handing a claim to its own document as it already is changes nothing (a reservation confirmed in the transaction that made it).
  const sameEnd = (claim.expires_at === null && to.expiresAt === null) || (claim.expires_at !== null && to.expiresAt !== null && new Date(claim.expires_at).getTime() === to.expiresAt.getTime());
  if (from.resource === to.resource && from.id === to.id && claim.kind === to.kind && claim.holder_id === to.holderId && sameEnd) return;
  const moved = await tx.query<{ kind: ClaimKind }>(
    `update unit_claims set kind = $3, document_resource = $4, document_id = $5, holder_id = $6, expires_at = $7
      where document_resource = $1 and document_id = $2 and released_at is null returning kind`,
    [from.resource, from.id, to.kind, to.resource, to.id, to.holderId, to.expiresAt],
  );
  // Released while this transaction waited for the unit's lock (the read above saw it live): nothing to hand over.
  if (moved.rows.length === 0) throw conflict(salesText('claimNotLive'));
  if (claim.status !== STATUS_OF[to.kind]) await setUnitStatus(engine, tx, caller, claim.unit_id, STATUS_OF[to.kind], to.kind, to, null);
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
    // A reason naming a document whose number is left to the commit gets it there (decision 353).
    fillNumberLater(tx, entry.rows[0]?.reason, { table: 'unit_status_events', column: 'reason', keyColumn: 'unit_id', key: id });
  },
  // The engine's batch writes: one event row per unit whose status changed, in one INSERT.
  afterUpdateMany: async (tx, rows: readonly UpdatedRow[], caller) => {
    const changed = rows.filter((row) => row.changes.before.status !== row.changes.after.status && typeof row.changes.after.status === 'string');
    if (changed.length === 0) return;
    const folded = changed.filter((row) => !row.changes.history).map((row) => row.id);
    const entries = new Map<string, { action: string; reason: string | null }>();
    if (folded.length > 0) {
      const read = await tx.query<{ record_id: string; action: string; reason: string | null }>(
        "select distinct on (record_id) record_id::text as record_id, action, reason from record_history where resource = 'units' and record_id = any($1::uuid[]) order by record_id, id desc",
        [folded],
      );
      for (const row of read.rows) entries.set(row.record_id, row);
    }
    const entryOf = (row: UpdatedRow) => row.changes.history ?? entries.get(row.id);
    const documentOf = (row: UpdatedRow) => (row.extra as StatusExtra).statusDocument;
    await tx.query(
      `insert into unit_status_events (unit_id, from_status, to_status, actor_id, source, action, document_resource, document_id, reason)
       select e.unit_id, e.from_status, e.to_status, $1, $2, e.action, e.document_resource, e.document_id, e.reason
         from unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::uuid[], $9::text[]) with ordinality as e(unit_id, from_status, to_status, action, document_resource, document_id, reason, n)
        order by e.n`,
      [
        caller.auth?.userId ?? null,
        caller.source,
        changed.map((row) => row.id),
        changed.map((row) => (row.changes.before.status as string | null | undefined) ?? null),
        changed.map((row) => row.changes.after.status as string),
        changed.map((row) => entryOf(row)?.action ?? row.changes.action ?? null),
        changed.map((row) => documentOf(row)?.resource ?? null),
        changed.map((row) => documentOf(row)?.id ?? null),
        changed.map((row) => entryOf(row)?.reason ?? null),
      ],
    );
    for (const row of changed) fillNumberLater(tx, entryOf(row)?.reason, { table: 'unit_status_events', column: 'reason', keyColumn: 'unit_id', key: row.id });
  },
};
