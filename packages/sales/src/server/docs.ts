import { recordDoc, type EngineContext } from '@propdesk/records/server';
import { dateString, dateTimeString, decimalString, okEnvelope } from '@propdesk/server-kit';
import { z } from 'zod';
import { COMMISSION_STATES, COMMISSION_TRIGGERS } from '../resources/commissions/definition.js';
import { DISCOUNT_KINDS } from '../resources/reservations/definition.js';
import { REVISION_FIELDS } from '../resources/reservations/lifecycle.server.js';
import { CLAIM_KINDS } from '../resources/unit-claims/model.js';

/**
 * What the sales calls beside the engine's answer, for the OpenAPI document only (server-kit
 * `RouteDocs`, decision 150). Each schema follows the handler's query or the object it builds, and
 * the shared answer types of the resource's model.ts (`Board`, `SalesDashboard`, `CustomerStatement`,
 * ...). Nothing here validates a request or shapes an answer.
 */

const month = z.string().regex(/^\d{4}-\d{2}$/).meta({ description: 'A month, YYYY-MM' });
/** A timestamp as PostgreSQL writes it as text ("2026-11-28 09:15:00.123+00"). */
const isoTimestamp = z.iso.datetime().meta({ description: 'A UTC timestamp in ISO 8601 ("2026-11-28T09:15:00.123Z")' });
const countsByStatus = z.record(z.string(), z.int()).meta({ description: 'Units by status name' });

/** An engine record of this resource (one answer's `data`). */
export const recordOf = (ctx: EngineContext, resource: string) => okEnvelope(recordDoc(ctx.registry, ctx.registry.get(resource)));
/** A list of engine records of this resource, not paged (`data` is the array). */
export const recordsOf = (ctx: EngineContext, resource: string) => okEnvelope(z.array(recordDoc(ctx.registry, ctx.registry.get(resource))));

// Units: story and availability (resources/unit-claims), board and dashboard (resources/unit-board).
export const unitStoryDoc = okEnvelope(
  z.array(
    z.object({
      id: z.string(),
      at: dateTimeString,
      from: z.string().nullable(),
      to: z.string(),
      actorId: z.uuid().nullable(),
      actorName: z.string().nullable(),
      source: z.string().nullable(),
      action: z.string().nullable(),
      document: z.object({ resource: z.string(), id: z.uuid(), label: z.string().nullable() }).nullable(),
      reason: z.string().nullable(),
    }),
  ),
);
export const availabilityDoc = z.object({
  status: z.literal('OK'),
  data: z.object({
    date: dateString,
    asOf: dateTimeString,
    counts: countsByStatus,
    units: z.array(z.object({ id: z.uuid(), code: z.string(), block: z.string(), floor: z.int() })).meta({ description: 'The available units, this page' }),
  }),
  total: z.int().meta({ description: 'Available units in all' }),
  page: z.int(),
  pageSize: z.int(),
});
const boardStatus = z.object({ name: z.string(), label: z.string(), color: z.string(), sortOrder: z.int() });
const boardClaim = z.object({
  kind: z.enum(CLAIM_KINDS),
  holderId: z.uuid().nullable(),
  holder: z.string().nullable(),
  expiresAt: dateTimeString.nullable(),
  documentResource: z.string(),
  documentId: z.uuid(),
});
export const boardDoc = okEnvelope(
  z.object({
    project: z.object({ id: z.uuid(), code: z.string(), name: z.string(), currency: z.string() }),
    statuses: z.array(boardStatus),
    blocks: z.array(z.object({ block: z.string(), floors: z.array(z.int()), counts: countsByStatus })),
    counts: countsByStatus,
    units: z.array(
      z.object({
        id: z.uuid(),
        code: z.string(),
        block: z.string(),
        floor: z.int(),
        status: z.string(),
        unitTypeId: z.uuid().nullable(),
        unitType: z.string().nullable(),
        bedrooms: z.int().nullable(),
        bathrooms: z.int().nullable(),
        areaM2: decimalString.nullable(),
        gardenM2: decimalString.nullable(),
        view: z.string().nullable(),
        basePrice: decimalString.nullable().meta({ description: 'Null unless the caller may read the price' }),
        claim: boardClaim.nullable(),
      }),
    ),
    plans: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        downPaymentPct: decimalString,
        years: z.int(),
        frequency: z.string(),
        deliveryPct: decimalString,
        maintenancePct: decimalString,
        discountPct: decimalString,
      }),
    ),
    prices: z.boolean().meta({ description: 'Whether basePrice is shown to the caller' }),
    lastEventId: z.int().meta({ description: 'Open the stream with it as lastEventId' }),
  }),
);
export const salesDashboardDoc = okEnvelope(
  z.object({
    asOf: dateTimeString,
    statuses: z.array(boardStatus),
    inventory: z.array(z.object({ projectId: z.uuid(), project: z.string(), currency: z.string(), status: z.string(), units: z.int(), value: decimalString.nullable() })),
    holds: z
      .object({ active: z.int(), expiringToday: z.int(), pending: z.int(), byProject: z.array(z.object({ project: z.string(), active: z.int(), expiringToday: z.int() })) })
      .nullable()
      .meta({ description: 'Null when the caller may not read holds' }),
    eois: z
      .array(z.object({ launchId: z.uuid(), launch: z.string(), project: z.string(), currency: z.string(), eois: z.int(), paid: z.int(), tokens: z.int(), collected: decimalString }))
      .nullable(),
    reservations: z
      .array(z.object({ currency: z.string(), waiting: z.int(), waitingValue: decimalString, week: z.int(), weekValue: decimalString, month: z.int(), monthValue: decimalString }))
      .nullable(),
    velocity: z
      .array(
        z.object({
          projectId: z.uuid(),
          project: z.string(),
          currency: z.string(),
          launchDate: dateString.nullable(),
          weeks: z.array(z.object({ week: dateString.meta({ description: 'The Monday of the week' }), units: z.int(), value: decimalString })),
        }),
      )
      .nullable(),
  }),
);

// Reservations (resources/reservations).
const scheduleDoc = z.object({
  price: decimalString,
  discount: decimalString,
  netPrice: decimalString,
  lines: z.array(
    z.object({
      seq: z.int(),
      kind: z.enum(['down_payment', 'installment', 'delivery', 'maintenance', 'fee']),
      dueDate: dateString,
      amount: decimalString,
      pctOfNet: decimalString,
    }),
  ),
  total: decimalString,
});
export const reservationPreviewDoc = okEnvelope(
  z.object({
    unit: z.object({ id: z.uuid(), code: z.string(), project: z.uuid().nullable() }),
    listPrice: decimalString,
    discountAmount: decimalString,
    discountPct: decimalString,
    planDiscountAmount: decimalString,
    planDiscountPct: decimalString,
    netPrice: decimalString,
    discountKind: z.enum(DISCOUNT_KINDS),
    discountValue: decimalString,
    paymentPlan: z.uuid().nullable(),
    schedule: scheduleDoc.nullable().meta({ description: 'Null without a payment plan' }),
    authorityPct: decimalString.nullable(),
    needsApproval: z.boolean(),
    defaultSignBy: dateString,
    defaultFee: decimalString.nullable(),
  }),
);
/** A reservation's values a revision keeps (`REVISION_FIELDS`): ids, decimal strings, the discount kind and the revision number. */
const revisionValue = z.union([z.string(), z.number(), z.null()]);
const revisionValues = z.object(Object.fromEntries(REVISION_FIELDS.map((name) => [name, revisionValue])) as Record<(typeof REVISION_FIELDS)[number], typeof revisionValue>);
export const revisionsDoc = okEnvelope(
  z.array(
    z.object({
      id: z.uuid(),
      revision: z.int(),
      status: z.enum(['pending', 'approved', 'rejected']),
      before: revisionValues.meta({ description: 'The reservation as it was' }),
      changes: revisionValues.partial().meta({ description: 'What was asked: unit, paymentPlan, offer, discountKind, discountValue' }),
      after: revisionValues.extend({ planDiscountAmount: decimalString.optional() }).nullable().meta({ description: 'The reservation as the revision makes it' }),
      reason: z.string().nullable(),
      requestedBy: z.string().nullable(),
      requestedAt: isoTimestamp,
      decidedBy: z.string().nullable(),
      decidedAt: isoTimestamp.nullable(),
      decisionReason: z.string().nullable(),
      labels: z.record(z.uuid(), z.string()).meta({ description: 'The names of the units, projects, plans and offers the values name, by id' }),
    }),
  ),
);
export const portfolioDoc = (ctx: EngineContext) => {
  const section = (resource: string) => z.array(recordDoc(ctx.registry, ctx.registry.get(resource))).nullable().meta({ description: 'Null when the caller may not read them' });
  return okEnvelope(
    z.object({
      leads: section('leads'),
      eois: section('eois'),
      eoiPayments: section('eoi-payments'),
      holds: section('hold-requests'),
      reservations: section('reservations'),
      reservationPayments: section('reservation-payments'),
    }),
  );
};

// Contracts (resources/contracts).
export const stepActionsDoc = okEnvelope(
  z.array(
    z.object({
      id: z.uuid().meta({ description: 'The action: POST /api/contracts/{id}/steps/{action}' }),
      name: z.string(),
      label: z.string(),
      fromStepName: z.string(),
      toStep: z.uuid(),
      toStepName: z.string(),
      toStepFinal: z.boolean(),
      needsReason: z.boolean(),
    }),
  ),
);
export const rescheduleDoc = okEnvelope(z.object({ version: z.int().meta({ description: 'The new schedule version' }), total: decimalString }));
export const printsDoc = okEnvelope(
  z.array(z.object({ id: z.uuid(), lang: z.enum(['ar', 'en']), sha256: z.string().regex(/^[0-9a-f]{64}$/), printedAt: dateTimeString, printedBy: z.uuid().nullable(), printedByName: z.string().nullable() })),
);

// Cheques and collections (resources/cheques, collection-settings, collections).
export const bounceChargeDoc = okEnvelope(z.object({ project: z.uuid(), amount: decimalString.nullable().meta({ description: 'Null: no bounce charge' }) }));
export const depositCalendarDoc = okEnvelope(
  z.object({
    from: dateString.meta({ description: 'The Monday' }),
    to: dateString.meta({ description: 'The Sunday' }),
    banks: z.array(
      z.object({
        bank: z.uuid().nullable(),
        bankName: z.string(),
        count: z.int(),
        total: decimalString,
        cheques: z.array(z.object({ id: z.uuid(), number: z.string(), dueDate: dateString, amount: decimalString, drawer: z.string(), customer: z.string(), late: z.boolean() })),
      }),
    ),
  }),
);
const range = z.object({ from: dateString, to: dateString });
export const collectionsDashboardDoc = okEnvelope(
  z.object({
    asOf: dateTimeString,
    today: dateString,
    week: range,
    month: range,
    due: z.array(
      z.object({
        currency: z.string(),
        weekRows: z.int(),
        week: decimalString,
        weekCovered: decimalString,
        monthRows: z.int(),
        month: decimalString,
        monthCovered: decimalString,
        overdueRows: z.int(),
        overdue: decimalString,
      }),
    ),
    aging: z.array(
      z.object({
        projectId: z.uuid(),
        project: z.string(),
        currency: z.string(),
        agentId: z.uuid().nullable(),
        agent: z.string().nullable(),
        d0_30: decimalString,
        d31_60: decimalString,
        d61_90: decimalString,
        d90: decimalString,
        total: decimalString,
      }),
    ),
    expected: z.array(z.object({ currency: z.string(), month, rows: z.int(), amount: decimalString, covered: decimalString })),
    cheques: z
      .array(z.object({ bankId: z.string(), bank: z.string(), rows: z.int(), amount: decimalString, lateRows: z.int(), late: decimalString }))
      .nullable()
      .meta({ description: 'Null without cheque read' }),
  }),
);
export const statementDoc = okEnvelope(
  z.object({
    customer: z.object({ id: z.uuid(), name: z.string() }),
    asOf: dateString,
    lines: z.array(
      z.object({
        date: dateString,
        kind: z.enum(['charge', 'receipt', 'cheque']),
        reference: z.string(),
        description: z.string(),
        code: z.string().nullable(),
        charge: decimalString.nullable(),
        credit: decimalString.nullable(),
        covering: decimalString.nullable(),
        balance: decimalString,
      }),
    ),
    charges: decimalString,
    receipts: decimalString,
    balance: decimalString.meta({ description: 'Owed now; negative when paid ahead' }),
    covered: decimalString,
    notYetDue: decimalString,
    remaining: decimalString,
  }),
);

// Commissions (resources/commissions).
export const brokerStatementDoc = okEnvelope(
  z.object({
    broker: z.object({ id: z.uuid(), name: z.string(), companyName: z.string().nullable(), licenseNo: z.string() }),
    asOf: dateString,
    lines: z.array(
      z.object({
        id: z.uuid(),
        number: z.string(),
        contract: z.string().meta({ description: "The contract's number" }),
        project: z.string(),
        customer: z.string().nullable(),
        accruedOn: dateString,
        basis: decimalString,
        rate: z.string(),
        amount: decimalString,
        trigger: z.enum(COMMISSION_TRIGGERS),
        status: z.enum(COMMISSION_STATES),
        earnedOn: dateString.nullable(),
        paidOn: dateString.nullable(),
        paymentReference: z.string().nullable(),
        recoverable: decimalString,
        recovered: decimalString,
        recoveredOn: dateString.nullable(),
        recoveryReference: z.string().nullable(),
        reason: z.string().nullable(),
      }),
    ),
    totals: z.object({
      accrued: decimalString,
      payable: decimalString,
      approved: decimalString,
      paid: decimalString,
      reversed: decimalString,
      toRecover: decimalString,
      recovered: decimalString,
      owed: decimalString,
      netPaid: decimalString,
    }),
  }),
);
export const commissionBrokersDoc = okEnvelope(z.array(z.object({ id: z.uuid(), name: z.string(), lines: z.int(), owed: decimalString })));
export const evaluateBodyDoc = z.strictObject({ contract: z.uuid().optional().meta({ description: 'Only this contract; all of them when left out' }) }).meta({ description: 'Optional: the body may be left out' });
export const evaluateDoc = okEnvelope(z.object({ contracts: z.int(), accrued: z.int(), changed: z.int() }));
