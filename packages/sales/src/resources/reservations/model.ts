import type { Schedule } from '@propdesk/finance';
import { z } from 'zod';
import { DISCOUNT_KINDS } from './definition.js';

const decimalText = z.string().regex(/^\d{1,13}(\.\d{1,4})?$/, 'A number such as 2.5 or 150000.00');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');

/**
 * The request bodies of the reservation calls, declared once: the server validates with them, the
 * browser types its requests from them (so a field the server takes, e.g. `startDate`, is not lost).
 */
export const previewBody = z.strictObject({
  unit: z.uuid(),
  paymentPlan: z.uuid().nullable().optional(),
  offer: z.uuid().nullable().optional(),
  discountKind: z.enum(DISCOUNT_KINDS).optional(),
  discountValue: decimalText.nullable().optional(),
  startDate: isoDate.optional(),
});

/** `POST /api/reservations/preview`'s body. */
export type PreviewArgs = z.input<typeof previewBody>;

export const modifyBody = z.strictObject({
  unit: z.uuid().optional(),
  paymentPlan: z.uuid().optional(),
  offer: z.uuid().nullable().optional(),
  discountKind: z.enum(DISCOUNT_KINDS).optional(),
  discountValue: decimalText.nullable().optional(),
  reason: z.string().trim().min(1, 'Say why').max(300),
});

/** `POST /api/reservations/{id}/modify`'s body. */
export type ModifyBody = z.input<typeof modifyBody>;

/**
 * The reservation calls' answers, one type for both sides: the server writes them, the browser reads
 * them (`GET /api/reservations/{id}/revisions`, `POST /api/reservations/preview`).
 */

/**
 * `POST /api/reservations/preview`: prices, the installment schedule, and whether the discount needs
 * approval. `discountAmount`/`discountPct` are the whole discount, the plan's own included
 * (`planDiscountAmount`/`planDiscountPct`); the authority judges the rest.
 */
export type ReservationPreview = {
  unit: { id: string; code: string; project: string | null };
  listPrice: string;
  discountAmount: string;
  discountPct: string;
  planDiscountAmount: string;
  planDiscountPct: string;
  netPrice: string;
  discountKind: 'percent' | 'amount';
  discountValue: string;
  paymentPlan: string | null;
  schedule: Schedule | null;
  authorityPct: string | null;
  needsApproval: boolean;
  defaultSignBy: string;
  defaultFee: string | null;
};

/** One revision of a reservation: as it was, what was asked, and the result. */
export type ReservationRevision = {
  id: string;
  revision: number;
  status: 'pending' | 'approved' | 'rejected';
  before: Record<string, unknown>;
  changes: Record<string, unknown>;
  after: Record<string, unknown> | null;
  reason: string | null;
  requestedBy: string | null;
  requestedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  /** The names of the units, projects, plans and offers the revision's values refer to, by id. */
  labels: Record<string, string>;
};
