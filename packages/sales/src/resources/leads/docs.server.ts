import { dateTimeString, okEnvelope } from '@propdesk/server-kit';
import { z } from 'zod';

/**
 * What the lead and customer calls of `routes.server.ts` answer, for the OpenAPI document only
 * (server-kit `RouteDocs`, decision 150): each schema follows the handler's query or object.
 * Nothing here validates a request or shapes an answer.
 */

export const leadDuplicatesDoc = okEnvelope(
  z.object({
    phone: z.string().nullable().meta({ description: 'The phone as normalised (E.164), or null' }),
    matches: z.array(
      z.object({
        id: z.uuid(),
        visible: z.boolean().meta({ description: 'The caller may open the lead; if not, its name and link are null' }),
        fullName: z.string().nullable(),
        ownerId: z.uuid().nullable(),
        ownerName: z.string().nullable(),
        validUntil: dateTimeString.nullable(),
        matchedOn: z.enum(['phone', 'email']),
        link: z.string().nullable(),
      }),
    ).max(5),
  }),
);
export const claimBodyDoc = z.strictObject({ reason: z.string().max(1000).optional() }).meta({ description: 'Optional: the body may be left out' });
export const claimDoc = okEnvelope(z.object({ id: z.uuid().meta({ description: 'The claim' }), notified: z.boolean().meta({ description: "The owner's manager was notified" }) }));
export const assignDoc = okEnvelope(z.object({ changed: z.int().meta({ description: 'Leads that changed hands' }) }));
export const expiryRunDoc = okEnvelope(z.object({ reminded: z.int(), expired: z.int() }));
export const customerDuplicatesDoc = okEnvelope(
  z.array(z.object({ id: z.uuid(), fullName: z.string(), matchedOn: z.enum(['phone', 'nationalId']), link: z.string() })).max(5),
);
