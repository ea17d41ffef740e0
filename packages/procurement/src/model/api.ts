import { z } from 'zod';

const id = z.uuid({ error: 'Must be a record id' });
const quantity = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{1,10}(\.\d{1,4})?$/.test(value) && Number(value) > 0, { message: 'Must be a positive number with at most 4 decimals' });

/** `POST /api/purchase-requests/{id}/award`: the whole request to one quotation, or each line to a quotation. */
export const awardSchema = z.union([
  z.strictObject({ quotation: id }),
  z.strictObject({
    lines: z
      .array(z.strictObject({ requestLine: id, quotation: id }))
      .min(1, { message: 'Award at least one line' })
      .max(1000),
  }),
]);
export type AwardRequest = z.infer<typeof awardSchema>;

/** `POST /api/purchase-orders/{id}/receipts`: quantities received now, per order line. */
export const receiptSchema = z.strictObject({
  receivedOn: z.iso.date({ error: 'Must be a date' }).optional(),
  lines: z
    .array(z.strictObject({ line: id, quantity }))
    .min(1, { message: 'Receive at least one line' })
    .max(1000),
  overReceiptReason: z.string().trim().max(2000).optional(),
});
export type ReceiptRequest = z.infer<typeof receiptSchema>;

export type ComparisonCell = {
  quotation: string;
  quotationLine: string;
  unitPrice: string;
  quantity: string;
  total: string;
  leadTimeDays: number | null;
  lowest: boolean;
};

/** `GET /api/purchase-requests/{id}/comparison`: suppliers as columns, request lines as rows. */
export type ComparisonView = {
  request: { id: string; number: string; title: string; status: string };
  columns: { quotation: string; number: string; supplier: string; supplierName: string; validUntil: string; expired: boolean; status: string; total: string; lowestTotal: boolean; leadTimeDays: number | null; hasAttachment: boolean }[];
  rows: { requestLine: string; description: string; quantity: string; unit: string; orderedQuantity: string; cells: Record<string, ComparisonCell | null> }[];
};

/** `GET /api/purchase-orders/{id}/approvals`: the tiers the order's amount needs, who decided each, whose turn it is. */
export type ApprovalsView = {
  tiers: { level: number; name: string; aboveAmount: string; roleName: string; decision: { userName: string; comment: string | null; decidedOn: string } | null }[];
  next: number | null;
};

/** One row of `GET /api/purchase-orders/{id}/receipts`: goods received against an order line. */
export type ReceiptRow = { id: string; line: string; description: string; quantity: string; receivedOn: string; overReceiptReason: string | null; receivedBy: string | null };

/** `GET /api/procurement/dashboard`: open requests by status, orders awaiting approval, spend by project this month. */
export type ProcurementDashboard = {
  requestsByStatus: { status: string; count: number }[];
  awaitingApproval: { count: number; total: string };
  spendByProject: { project: string; total: string }[];
};

/** `POST /api/purchase-requests/{id}/award` answer's data: the draft orders created, one per supplier. */
export type AwardResult = { orders: { number: string; supplier: string }[] };

/** One line of `GET /api/purchase-requests/{id}/lines`, as a quotation's line picks it. */
export type RequestLineOption = { id: string; description: string; quantity: string; unit: string };
