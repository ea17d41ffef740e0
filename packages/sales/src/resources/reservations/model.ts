import type { Schedule } from '@propdesk/finance';

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
