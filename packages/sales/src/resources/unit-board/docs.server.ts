import { dateString, dateTimeString, decimalString, okEnvelope } from '@propdesk/server-kit';
import { z } from 'zod';
import { countsByStatus } from '../../server/docs.js';
import { CLAIM_KINDS } from '../unit-claims/model.js';

/**
 * The answers of the board and the sales dashboard (`routes.server.ts`), for the OpenAPI document only (server-kit
 * `RouteDocs`, decision 150): each schema follows the handler's query or the object it builds.
 * Nothing here validates a request or shapes an answer.
 */

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
