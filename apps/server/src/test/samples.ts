import type { Database } from '@propdesk/server-kit';
import { columnOf, labelFieldOf, type FieldDef, type Registry, type ResourceDef } from '@propdesk/records/model';
import { MESSAGE_LANGUAGES, MESSAGE_TEMPLATES } from '@propdesk/sales/server';

/**
 * Valid records for any resource definition, made from the definition alone, so the contract
 * suite covers a new resource without new test code. A resource whose cross-field rule the
 * generic values cannot meet names its values in SAMPLE_OVERRIDES.
 */
export const SAMPLE_OVERRIDES: Readonly<Record<string, (n: number) => Record<string, unknown>>> = {
  'payment-plans': () => ({ downPaymentPct: '10', years: 5, frequency: 'quarterly', deliveryPct: '10', deliveryAfterMonths: 36, maintenancePct: '5', discountPct: '0' }),
  // No plan: a generic pick may be another project's plan (refused: pickMatch).
  'unit-offers': () => ({ discountPct: '5', discountAmount: null, validFrom: '2026-01-01', validTo: '2026-12-31', paymentPlan: null }),
  'broker-project-templates': () => ({ commissionType: 'percent', pct: '2.5', amount: null, tiers: null, payableOn: 'contract_signed', payableSharePct: null }),
  'broker-contracts': () => ({ startDate: '2026-01-01', endDate: '2026-12-31' }),
  // A public address written as an IP (no DNS in tests; 203.0.113.0/24 is for documentation), known events.
  webhooks: (n) => ({ url: `https://203.0.113.${n % 250}/hook`, events: ['commission.approved'] }),
  'lead-validity-configs': () => ({ validityDays: 30, reminderDaysBefore: 3, channel: null }),
  // Demo tiers hold levels 1 to 3.
  'approval-tiers': (n) => ({ level: 4 + (n % 17) }),
  customers: (n) => ({ kind: 'individual', nationalId: `2900101${String(1_000_000 + (n % 9_000_000)).slice(-7)}`, passportNo: null, companyName: null }),
  // No project: an imported lead of a project a team sells is dealt round-robin to that team's agents
  // (decision 46), out of the test user's sight, and the import's count would depend on which demo
  // project the sample happened to pick.
  leads: (n) => ({ phone2: null, budgetMin: '1000000.00', budgetMax: `${2_000_000 + n}.00`, projects: null }),
  // A quotation line answers a line of its own quotation's request, or none.
  'quotation-lines': () => ({ requestLine: null }),
  // A hold names a customer or a lead, for hours within its project's longest hold.
  'hold-requests': () => ({ lead: null, hours: 2, project: null }),
  // With extensions, a hold lasts at least its longest single hold.
  'hold-request-setups': () => ({ maxHoldHours: 48, maxTotalHours: 168 }),
  // A reservation within everyone's authority, signed by its project's default date, without an offer of another project.
  reservations: () => ({ discountKind: 'percent', discountValue: '1', signBy: null, offer: null, fee: '1000.00', project: null }),
  // A small fee payment without a cheque.
  'reservation-payments': (n) => ({ kind: 'fee', amount: `${1 + (n % 9)}.00`, bank: null, chequeNumber: null, chequeDate: null }),
  'reservation-buyers': () => ({ share: '50' }),
  // A launch's window is open now; its amounts name real unit types (none here); a token prefix is letters and digits.
  'eoi-setups': (n) => ({ opensAt: '2026-01-01T00:00:00.000Z', closesAt: '2099-12-31T00:00:00.000Z', amounts: null, tokenPrefix: `S${n % 1000}`, paymentPlan: null }),
  // An EOI names a customer (no lead to make one from) and preferences of real unit types (none here).
  eois: () => ({ lead: null, customerIdNumber: null, preferences: null }),
  // A small payment in, never reaching the amount due (the EOI stays submitted and the payment editable).
  'eoi-payments': (n) => ({ kind: 'payment', amount: `${1 + (n % 9)}.00`, bank: null, chequeNumber: null, chequeDate: null, reason: null }),
  // A contract's parties default to its reservation's buyers; a receipt on account (no contract: generic picks belong to other customers).
  contracts: () => ({ parties: null, contractDate: '2026-11-24' }),
  receipts: (n) => ({ contract: null, amount: `${100 + (n % 900)}.00` }),
  // A cheque on account (no contract), replacing none.
  cheques: (n) => ({ contract: null, replaces: null, amount: `${100 + (n % 900)}.00` }),
};

/**
 * Resources whose records only the server makes (a commission is accrued from a contract with a
 * broker; `POST` is 422): the suite reads a demo record of theirs as it does a read-only resource's.
 */
export const SERVER_CREATED: ReadonlySet<string> = new Set(['commissions']);

/** Values that must come from the database (a lead every user sees: one in the unassigned pool). */
export const SAMPLE_LOOKUPS: Readonly<Record<string, (db: Database) => Promise<Record<string, unknown>>>> = {
  'lead-activities': async (db) => ({ lead: (await db.query<{ id: string }>('select id::text from leads where assigned_to_id is null order by created_on, id limit 1')).rows[0]?.id ?? null }),
  // A quotation answers a request still open for ordering (a demo one).
  quotations: async (db) => ({
    request: (await db.query<{ id: string }>("select id::text from purchase_requests where status in ('approved', 'partially_ordered') order by number limit 1")).rows[0]?.id ?? null,
  }),
  // An EOI of a launch whose window is open, for a customer with no EOI in it yet.
  eois: async (db) => ({
    setup: (await db.query<{ id: string }>("select id::text from eoi_setups where status = 'open' and opens_at <= now() and closes_at > now() order by created_on, id limit 1")).rows[0]?.id ?? null,
    customer: (await db.query<{ id: string }>('select c.id::text from customers c where not exists (select 1 from eois e where e.customer_id = c.id) order by c.created_on desc, c.id limit 1')).rows[0]?.id ?? null,
  }),
  // A payment in cash on a submitted EOI of an open window that still owes more than the sample.
  'eoi-payments': async (db) => ({
    method: (await db.query<{ id: string }>("select id::text from payment_methods where kind = 'cash' order by name limit 1")).rows[0]?.id ?? null,
    eoi:
      (
        await db.query<{ id: string }>(
          `select e.id::text from eois e join eoi_setups s on s.id = e.setup_id and s.status = 'open' and s.closes_at > now()
            where e.status = 'submitted' and e.amount_due - e.paid_amount > 100 order by e.number limit 1`,
        )
      ).rows[0]?.id ?? null,
  }),
  // A reservation takes a priced unit nobody claims, on a plan every project may use.
  reservations: async (db) => ({
    unit:
      (
        await db.query<{ id: string }>(
          `select u.id::text from units u where u.active and u.status = 'available' and u.base_price is not null
              and not exists (select 1 from unit_claims c where c.unit_id = u.id and c.released_at is null)
            order by u.code, u.id limit 1`,
        )
      ).rows[0]?.id ?? null,
    paymentPlan: (await db.query<{ id: string }>('select id::text from payment_plans where project_id is null order by name limit 1')).rows[0]?.id ?? null,
  }),
  // Buyers are added while the reservation is a draft; payments taken while it is open.
  'reservation-buyers': async (db) => ({ reservation: (await db.query<{ id: string }>("select id::text from reservations where status = 'draft' order by number limit 1")).rows[0]?.id ?? null }),
  'reservation-payments': async (db) => ({ reservation: (await db.query<{ id: string }>("select id::text from reservations where status = 'confirmed' order by number limit 1")).rows[0]?.id ?? null }),
  // A contract is made from a confirmed reservation not yet contracted, with a template every project may use.
  contracts: async (db) => ({
    reservation:
      (await db.query<{ id: string }>("select r.id::text from reservations r where r.status = 'confirmed' and not exists (select 1 from contracts c where c.reservation_id = r.id) order by r.number desc limit 1")).rows[0]?.id ?? null,
    template: (await db.query<{ id: string }>('select id::text from contract_templates where project_id is null order by name limit 1')).rows[0]?.id ?? null,
  }),
  // One authority per role: a role that has none yet.
  'discount-authorities': async (db) => ({ role: (await db.query<{ id: string }>('select r.id::text from roles r where not exists (select 1 from discount_authorities d where d.role_id = r.id) order by r.name, r.id limit 1')).rows[0]?.id ?? null }),
  // One setup per project: a project that has none yet (a new one when every project has its setup).
  'reservation-setups': async (db) => {
    const free = await db.query<{ id: string }>('select p.id::text from projects p where not exists (select 1 from reservation_setups s where s.project_id = p.id) order by p.created_on, p.id limit 1');
    if (free.rows[0]) return { project: free.rows[0].id };
    const made = await db.query<{ id: string }>(
      "insert into projects (name, code, status, currency) select 'Reservation sample ' || n, 'RS' || n, 'planned', 'EGP' from (select count(*) + 1 as n from projects) c returning id::text",
    );
    return { project: made.rows[0]!.id };
  },
  // One wording per project, template and language (`unique: ['project', 'language']` on template):
  // a triple no row holds yet, active or not (the generic pick is always the first of each).
  'message-templates': async (db) => {
    const free = await db.query<{ project: string; template: string; language: string }>(
      `select p.id::text as project, t.template, l.language
         from projects p
         cross join unnest($1::text[]) with ordinality as t (template, tn)
         cross join unnest($2::text[]) with ordinality as l (language, ln)
        where p.active and not exists (select 1 from message_templates m where m.project_id = p.id and m.template = t.template and m.language = l.language)
        order by p.created_on, p.id, t.tn, l.ln limit 1`,
      [[...MESSAGE_TEMPLATES], [...MESSAGE_LANGUAGES]],
    );
    return free.rows[0] ?? {};
  },
  // A hold asks for an available unit nobody holds, in a project whose holds wait for approval.
  'hold-requests': async (db) => ({
    unit:
      (
        await db.query<{ id: string }>(
          `select u.id::text from units u join hold_request_setups s on s.project_id = u.project_id and s.requires_approval
            where u.active and u.status = 'available' and not exists (select 1 from unit_claims c where c.unit_id = u.id and c.released_at is null)
            order by u.created_on, u.id limit 1`,
        )
      ).rows[0]?.id ?? null,
  }),
};

/** Extra body keys a resource's screen adds to the generated calls (users need a first password). */
export const EXTRA_CREATE: Readonly<Record<string, () => Record<string, unknown>>> = {
  users: () => ({ password: 'a long enough passphrase' }),
  webhooks: () => ({ secret: 'a sample secret of 16+' }),
};

let counter = 0;

function scalar(field: FieldDef, name: string, n: number): unknown {
  switch (field.kind) {
    case 'text':
      return `${field.label.slice(0, 20)} ${n}${field.maxLength && field.maxLength < 20 ? '' : ' sample'}`.slice(0, field.maxLength ?? 200);
    case 'longtext':
      return `Notes ${n}`;
    case 'email':
      return `sample${n}@example.com`;
    case 'phone':
      return `+2010${String(10_000_000 + n).slice(-8)}`;
    case 'url':
      return `https://example.com/${n}`;
    case 'color':
      return '#1a73e8';
    case 'integer': {
      const min = field.min ?? 0;
      const max = field.max ?? min + 1000;
      return Math.min(max, min + 1 + (n % Math.max(1, max - min)));
    }
    case 'decimal':
      return '12.5';
    case 'money':
      return '1500.00';
    case 'percent':
      return '5';
    case 'boolean':
      return false;
    case 'date':
      return '2026-03-15';
    case 'datetime':
      return '2026-03-15T09:30:00.000Z';
    case 'enum':
      return field.default ?? field.options![0];
    case 'json':
      return null;
    default:
      return `${name} ${n}`;
  }
}

/**
 * An existing active record of a resource (demo data or made here), for references: the `skip`-th,
 * so two references to one resource point at different records; for a unique reference, one the
 * referring table does not use yet.
 */
async function anyRecordId(db: Database, def: ResourceDef, skip = 0, unusedIn?: { table: string; column: string }): Promise<string | null> {
  const where = [def.hasActive === false ? 'true' : 'active'];
  if (unusedIn) where.push(`id not in (select "${unusedIn.column}" from "${unusedIn.table}" where "${unusedIn.column}" is not null)`);
  const rows = await db.query<{ id: string }>(
    `select id::text as id from "${def.table}" where ${where.join(' and ')} order by created_on, id limit 1 offset ${skip}`,
  );
  return rows.rows[0]?.id ?? null;
}

/** A short text no row of the table holds yet (codes of two letters collide with real ones). */
async function freeText(db: Database, def: ResourceDef, name: string, field: FieldDef, n: number): Promise<string> {
  const limit = field.maxLength ?? 200;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  for (let attempt = 0; attempt < 2000; attempt += 1) {
    const seed = n * 31 + attempt * 7919;
    let text = `Z${seed.toString(36).toUpperCase()}`;
    if (text.length > limit) text = Array.from({ length: limit }, (_unused, index) => alphabet[Math.floor(seed / alphabet.length ** index) % alphabet.length]).join('');
    const taken = await db.query(`select 1 from "${def.table}" where lower("${columnOf(name, field)}") = lower($1)`, [text]);
    if (taken.rows.length === 0) return text;
  }
  throw new Error(`No free value for ${def.name}.${name}`);
}

export type Sample = { values: Record<string, unknown>; csv: Record<string, string> };

/** A valid create body for `def`, and the same record as CSV cells (references by name). */
export async function sampleFor(db: Database, registry: Registry, def: ResourceDef, depth = 0): Promise<Sample> {
  counter += 1;
  const n = Number(`${process.pid % 1000}${counter}`);
  const values: Record<string, unknown> = {};
  const csv: Record<string, string> = {};
  const override = { ...(SAMPLE_OVERRIDES[def.name]?.(n) ?? {}), ...((await SAMPLE_LOOKUPS[def.name]?.(db)) ?? {}) };
  const usedTargets = new Map<string, number>();
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.readOnly || field.hidden || (def.numbering && def.numbering.field === name)) continue;
    if (name in override) {
      if (override[name] !== null) values[name] = override[name];
      continue;
    }
    if (!field.required && !field.unique && field.kind !== 'reference' && n % 2 === 0) continue;
    if (field.kind === 'reference' || field.kind === 'references') {
      if (!field.required && depth > 0) continue;
      const target = registry.get(field.ref!);
      const skip = usedTargets.get(target.name) ?? 0;
      usedTargets.set(target.name, skip + 1);
      let id = await anyRecordId(db, target, skip, field.unique === true ? { table: def.table, column: columnOf(name, field) } : undefined);
      if (!id && depth < 3) id = await createDirect(db, registry, target, depth + 1);
      if (!id) continue;
      values[name] = field.kind === 'references' ? [id] : id;
      const label = await db.query<{ label: string }>(
        `select "${columnOf(labelFieldOf(target), target.fields[labelFieldOf(target)])}"::text as label from "${target.table}" where id = $1`,
        [id],
      );
      csv[name] = label.rows[0]?.label ?? '';
      continue;
    }
    const value = field.unique && field.kind === 'text' ? await freeText(db, def, name, field, n) : scalar(field, name, n);
    if (value === null) continue;
    values[name] = value;
    csv[name] = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  }
  for (const [name, value] of Object.entries(override)) if (value !== null && !(name in csv)) csv[name] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return { values, csv };
}

/** Inserts a sample straight into the table (for a referenced resource with no rows yet). */
async function createDirect(db: Database, registry: Registry, def: ResourceDef, depth: number): Promise<string | null> {
  if (def.existingTable) return null;
  const { values } = await sampleFor(db, registry, def, depth);
  const columns = Object.keys(values).map((name) => `"${columnOf(name, def.fields[name])}"`);
  const params = Object.entries(values).map(([name, value]) => (def.fields[name]?.kind === 'json' ? JSON.stringify(value) : value));
  const placeholders = params.map((_value, index) => `$${index + 1}`);
  const result = await db.query<{ id: string }>(
    `insert into "${def.table}" (${columns.join(', ')}) values (${placeholders.join(', ')}) returning id::text as id`,
    params,
  );
  return result.rows[0]?.id ?? null;
}
