import type { ClaimKind } from '../unit-claims/model.js';

/**
 * The live inventory board's shapes (issue 17), shared by the server routes and the web board:
 * `GET /api/units/board?project=`, the messages of `GET /api/units/stream?project=`, and the
 * sales dashboard (`GET /api/sales/dashboard`). Money is a decimal string, never a float.
 */

/** A unit's one live claim as the board shows it: who holds it, until when, for which document. */
export type BoardClaim = {
  kind: ClaimKind;
  holderId: string | null;
  holder: string | null;
  expiresAt: string | null;
  documentResource: string;
  documentId: string;
};

export type BoardUnit = {
  id: string;
  code: string;
  block: string;
  floor: number;
  status: string;
  unitTypeId: string | null;
  unitType: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  areaM2: string | null;
  gardenM2: string | null;
  view: string | null;
  /** Left out (null) unless the caller may read the protected field. */
  basePrice: string | null;
  claim: BoardClaim | null;
};

export type BoardStatus = { name: string; label: string; color: string; sortOrder: number };

export type BoardPlan = {
  id: string;
  name: string;
  downPaymentPct: string;
  years: number;
  frequency: string;
  deliveryPct: string;
  maintenancePct: string;
  discountPct: string;
};

export type BoardBlock = { block: string; floors: number[]; counts: Record<string, number> };

export type Board = {
  project: { id: string; code: string; name: string; currency: string };
  statuses: BoardStatus[];
  blocks: BoardBlock[];
  counts: Record<string, number>;
  units: BoardUnit[];
  plans: BoardPlan[];
  /** Whether `basePrice` is shown to the caller. */
  prices: boolean;
  /** The stream position the board was read at: open the stream with it as `lastEventId`. */
  lastEventId: number;
};

/** One unit's change on the stream (`id:` is `seq`); the claim is the unit's claim when it was sent. */
export type BoardEvent = {
  seq: number;
  unitId: string;
  code: string;
  block: string;
  floor: number;
  from: string | null;
  to: string;
  at: string;
  action: string | null;
  actorName: string | null;
  /** The unit's status when the event was read (a later event may have moved it again). */
  status: string;
  claim: BoardClaim | null;
};

/** `event: reset` on the stream: more was missed than a replay carries; read the board again. */
export const BOARD_RESET_EVENT = 'reset';

/** The sales dashboard (`GET /api/sales/dashboard`); a part the caller may not read is null. Money by currency. */
export type SalesDashboard = {
  asOf: string;
  /** The unit statuses with their colours (reference data), for the inventory chart. */
  statuses: BoardStatus[];
  /** Units by project and status; `value` (the base prices) is null without the price's field privilege. */
  inventory: { projectId: string; project: string; currency: string; status: string; units: number; value: string | null }[];
  holds: { active: number; expiringToday: number; pending: number; byProject: { project: string; active: number; expiringToday: number }[] } | null;
  /** Per launch: EOIs, how many are paid, tokens given and the money collected (payments less refunds). */
  eois: { launchId: string; launch: string; project: string; currency: string; eois: number; paid: number; tokens: number; collected: string }[] | null;
  /** Per currency: waiting for approval, and confirmed this week and this month (Cairo), by net price. */
  reservations: { currency: string; waiting: number; waitingValue: string; week: number; weekValue: string; month: number; monthValue: string }[] | null;
  /** Per project since its launch (the last 52 weeks at most): reservations confirmed per week, count and net value. */
  velocity: { projectId: string; project: string; currency: string; launchDate: string | null; weeks: { week: string; units: number; value: string }[] }[] | null;
};
