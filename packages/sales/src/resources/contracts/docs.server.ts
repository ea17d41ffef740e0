import { dateTimeString, decimalString, okEnvelope } from '@propdesk/server-kit';
import { z } from 'zod';

/**
 * The answers of the contract calls (step actions, reschedule, kept prints) (`routes.server.ts`), for the OpenAPI document only (server-kit
 * `RouteDocs`, decision 150): each schema follows the handler's query or the object it builds.
 * Nothing here validates a request or shapes an answer.
 */

export const stepActionsDoc = okEnvelope(
  z.array(
    z.object({
      id: z.uuid().meta({ description: 'The action: POST /api/contracts/{id}/steps/{action}' }),
      name: z.string(),
      label: z.string(),
      fromStepName: z.string(),
      toStep: z.uuid(),
      toStepName: z.string(),
      toStepFinal: z.boolean(),
      needsReason: z.boolean(),
    }),
  ),
);
export const rescheduleDoc = okEnvelope(z.object({ version: z.int().meta({ description: 'The new schedule version' }), total: decimalString }));
export const printsDoc = okEnvelope(
  z.array(z.object({ id: z.uuid(), lang: z.enum(['ar', 'en']), sha256: z.string().regex(/^[0-9a-f]{64}$/), printedAt: dateTimeString, printedBy: z.uuid().nullable(), printedByName: z.string().nullable() })),
);
