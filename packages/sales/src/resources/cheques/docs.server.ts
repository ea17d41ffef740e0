import { dateString, decimalString, okEnvelope } from '@propdesk/server-kit';
import { z } from 'zod';

/**
 * The answers of the deposit calendar (`routes.server.ts`), for the OpenAPI document only (server-kit
 * `RouteDocs`, decision 150): each schema follows the handler's query or the object it builds.
 * Nothing here validates a request or shapes an answer.
 */

export const depositCalendarDoc = okEnvelope(
  z.object({
    from: dateString.meta({ description: 'The Monday' }),
    to: dateString.meta({ description: 'The Sunday' }),
    banks: z.array(
      z.object({
        bank: z.uuid().nullable(),
        bankName: z.string(),
        count: z.int(),
        total: decimalString,
        cheques: z.array(z.object({ id: z.uuid(), number: z.string(), dueDate: dateString, amount: decimalString, drawer: z.string(), customer: z.string(), late: z.boolean() })),
      }),
    ),
  }),
);
