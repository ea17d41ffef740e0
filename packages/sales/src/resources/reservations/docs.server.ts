import { recordDoc, type EngineContext } from '@propdesk/records/server';
import { dateString, decimalString, okEnvelope } from '@propdesk/server-kit';
import { z } from 'zod';
import { DISCOUNT_KINDS } from './definition.js';
import { REVISION_FIELDS } from './lifecycle.server.js';

/**
 * The answers of the reservation calls (preview, revisions, a customer's portfolio) (`routes.server.ts`), for the OpenAPI document only (server-kit
 * `RouteDocs`, decision 150): each schema follows the handler's query or the object it builds.
 * Nothing here validates a request or shapes an answer.
 */

/** A timestamp as PostgreSQL writes it as text ("2026-11-28 09:15:00.123+00"). */
const isoTimestamp = z.iso.datetime().meta({ description: 'A UTC timestamp in ISO 8601 ("2026-11-28T09:15:00.123Z")' });
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
