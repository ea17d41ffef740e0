/**
 * The reservation calls' answers, one type for both sides: the server writes them, the browser reads
 * them (`GET /api/reservations/{id}/revisions`).
 */

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
