import { dateString, dateTimeString, okEnvelope } from '@propdesk/server-kit';
import { z } from 'zod';
import { countsByStatus } from '../../server/docs.js';

/**
 * The answers of a unit's story and the availability calls (`routes.server.ts`), for the OpenAPI document only (server-kit
 * `RouteDocs`, decision 150): each schema follows the handler's query or the object it builds.
 * Nothing here validates a request or shapes an answer.
 */

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
