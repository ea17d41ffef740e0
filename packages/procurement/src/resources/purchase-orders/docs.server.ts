import { dateString, dateTimeString, decimalString, okEnvelope } from '@propdesk/server-kit';
import { z } from 'zod';

/**
 * What an order's calls of `routes.server.ts` answer, for the OpenAPI document only (server-kit
 * `RouteDocs`, decision 150): each schema follows the handler's query or object, field by field.
 * Nothing here validates a request or shapes an answer.
 */

/** `GET /api/purchase-orders/{id}/approvals`: the tiers the order's total needs, each with its standing decision. */
export const approvalsDoc = okEnvelope(
  z.object({
    tiers: z.array(
      z.object({
        level: z.int(),
        name: z.string(),
        aboveAmount: decimalString,
        roleId: z.uuid(),
        roleName: z.string(),
        decision: z.object({ tierLevel: z.int(), userId: z.uuid(), userName: z.string(), comment: z.string().nullable(), decidedOn: dateTimeString }).nullable(),
      }),
    ),
    next: z.int().nullable().meta({ description: 'The level whose decision is awaited (only while pending approval)' }),
  }),
);

/** `GET /api/purchase-orders/{id}/receipts`: goods received, oldest first. */
export const receiptsDoc = okEnvelope(
  z.array(
    z.object({
      id: z.uuid(),
      line: z.uuid(),
      description: z.string(),
      quantity: decimalString,
      receivedOn: dateString,
      overReceiptReason: z.string().nullable(),
      receivedBy: z.string().nullable().meta({ description: "The receiver's full name" }),
    }),
  ),
);
