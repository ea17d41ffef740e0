import { dateString, decimalString, okEnvelope } from '@propdesk/server-kit';
import { z } from 'zod';
import { OPEN_REQUEST_STATES, QUOTATION_STATES, REQUEST_STATES } from '../../model/index.js';

/**
 * What a request's calls of `routes.server.ts` answer, for the OpenAPI document only (server-kit
 * `RouteDocs`, decision 150): each schema follows the handler's query or object, field by field.
 * Nothing here validates a request or shapes an answer.
 */

const cell = z.object({
  quotation: z.uuid(),
  quotationLine: z.uuid(),
  unitPrice: decimalString,
  quantity: decimalString,
  total: decimalString,
  leadTimeDays: z.int().nullable(),
  lowest: z.boolean().meta({ description: 'The lowest unit price among the quotations still valid (ties: all of them)' }),
});

/** `GET /api/purchase-requests/{id}/comparison`: suppliers as columns, request lines as rows. */
export const comparisonDoc = okEnvelope(
  z.object({
    request: z.object({ id: z.uuid(), number: z.string(), title: z.string(), status: z.enum(REQUEST_STATES) }),
    columns: z.array(
      z.object({
        quotation: z.uuid(),
        number: z.string(),
        supplier: z.uuid(),
        supplierName: z.string(),
        validUntil: dateString,
        expired: z.boolean(),
        status: z.enum(QUOTATION_STATES),
        total: decimalString,
        lowestTotal: z.boolean(),
        leadTimeDays: z.int().nullable(),
        hasAttachment: z.boolean(),
      }),
    ),
    rows: z.array(
      z.object({
        requestLine: z.uuid(),
        description: z.string(),
        quantity: decimalString,
        unit: z.string(),
        orderedQuantity: decimalString,
        cells: z.record(z.uuid(), cell.nullable()).meta({ description: 'By quotation id: its price of this line, or null when it does not price it' }),
      }),
    ),
  }),
);

/** `POST /api/purchase-requests/{id}/award` (201): the draft orders made, one per supplier. */
export const awardDoc = okEnvelope(z.object({ orders: z.array(z.object({ id: z.uuid(), number: z.string(), supplier: z.string().meta({ description: "The supplier's name" }), total: decimalString })) }));

/** `GET /api/procurement/dashboard`. */
export const dashboardDoc = okEnvelope(
  z.object({
    requestsByStatus: z.array(z.object({ status: z.enum(OPEN_REQUEST_STATES), count: z.int() })),
    awaitingApproval: z.object({ count: z.int(), total: decimalString }),
    spendByProject: z.array(z.object({ project: z.string().meta({ description: 'The project name, or "No project"' }), total: decimalString })),
  }),
);
