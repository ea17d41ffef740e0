import { recordDoc, type EngineContext } from '@propdesk/records/server';
import { okEnvelope } from '@propdesk/server-kit';
import { z } from 'zod';

/**
 * What the sales calls' OpenAPI answers share (server-kit `RouteDocs`, decision 150). Each folder
 * describes its own calls' answers in its `docs.server.ts`; what several folders use is here.
 */

export const month = z.string().regex(/^\d{4}-\d{2}$/).meta({ description: 'A month, YYYY-MM' });
export const countsByStatus = z.record(z.string(), z.int()).meta({ description: 'Units by status name' });

/** An engine record of this resource (one answer's `data`). */
export const recordOf = (ctx: EngineContext, resource: string) => okEnvelope(recordDoc(ctx.registry, ctx.registry.get(resource)));
/** A list of engine records of this resource, not paged (`data` is the array). */
export const recordsOf = (ctx: EngineContext, resource: string) => okEnvelope(z.array(recordDoc(ctx.registry, ctx.registry.get(resource))));
