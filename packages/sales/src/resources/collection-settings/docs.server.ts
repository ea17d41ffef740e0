import { decimalString, okEnvelope } from '@propdesk/server-kit';
import { z } from 'zod';

/**
 * The answers of the bounce charge calls (`routes.server.ts`), for the OpenAPI document only (server-kit
 * `RouteDocs`, decision 150): each schema follows the handler's query or the object it builds.
 * Nothing here validates a request or shapes an answer.
 */

export const bounceChargeDoc = okEnvelope(z.object({ project: z.uuid(), amount: decimalString.nullable().meta({ description: 'Null: no bounce charge' }) }));
