import { callerOf, createRecord, engineTransaction, updateRecord, type EngineContext } from '@propdesk/records/server';
import { accessDenied, badRequest, dataWord, decimalString, fieldError, ok, okEnvelope, requirePrivilege } from '@propdesk/server-kit';
import { settingsText } from './i18n/catalog.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { repriceSchema, repriced, unitCodes, unitPatternSchema } from '../model/unitTools.js';

const PREVIEW_ROWS = 50;

/** What the unit tools answer (the preview, also after applying), for the OpenAPI document only. */
const generateDocs = {
  body: z.strictObject({ ...unitPatternSchema.shape, dryRun: z.boolean().default(true) }),
  response: {
    200: okEnvelope(
      z.object({
        count: z.int().meta({ description: 'Units the pattern makes' }),
        clashes: z.array(z.string()).meta({ description: 'Codes that already exist in the project (refused when applying)' }),
        sample: z.array(z.string()).max(PREVIEW_ROWS).meta({ description: 'The first codes' }),
      }),
    ),
  },
};
const repriceDocs = {
  response: {
    200: okEnvelope(
      z.object({
        count: z.int(),
        totalBefore: decimalString,
        totalAfter: decimalString,
        sample: z.array(z.object({ id: z.uuid(), code: z.string(), before: decimalString, after: decimalString })).max(PREVIEW_ROWS),
      }),
    ),
  },
};

/** A block's units from a pattern, and price changes by percentage: each previewed, then applied in one transaction. */
export function registerUnitTools(rawApp: FastifyInstance, ctx: EngineContext) {
  const app = rawApp.withTypeProvider<ZodTypeProvider>();
  const units = ctx.registry.get('units');

  app.post(
    '/api/units/generate',
    {
      schema: { tags: [units.label], summary: "Create a block's units from a pattern (floors × units per floor); dryRun previews", body: unitPatternSchema.and(z.object({ dryRun: z.boolean().default(true) })), docs: generateDocs },
      onRequest: requirePrivilege(units.entity, 'create'),
    },
    async (request) => {
      const body = request.body;
      if (body.basePrice && !request.auth!.checker.canField(units.entity, 'basePrice', 'update')) throw accessDenied();
      const codes = unitCodes(body);
      const existing = await ctx.db.query<{ code: string }>('select code from units where project_id = $1 and lower(code) = any($2::text[])', [
        body.project,
        codes.map((item) => item.code.toLowerCase()),
      ]);
      const clashes = existing.rows.map((row) => row.code);
      const preview = { count: codes.length, clashes, sample: codes.slice(0, PREVIEW_ROWS).map((item) => item.code) };
      if (body.dryRun) return ok(preview);
      if (clashes.length > 0) throw badRequest('Validation failed', [fieldError('codePattern', settingsText('codesExist', { n: String(clashes.length), code: dataWord(clashes[0]) }))]);
      const caller = callerOf(request);
      await engineTransaction(ctx, async (tx) => {
        for (const item of codes) {
          const values: Record<string, unknown> = { project: body.project, block: body.block, floor: item.floor, code: item.code };
          if (body.blockType) values.blockType = body.blockType;
          if (body.unitType) values.unitType = body.unitType;
          if (body.areaM2) values.areaM2 = body.areaM2;
          if (body.basePrice) values.basePrice = body.basePrice;
          if (body.bedrooms !== undefined && body.bedrooms !== null) values.bedrooms = body.bedrooms;
          await createRecord(ctx, tx, units, caller, values);
        }
      });
      return ok(preview, `${codes.length} units created in block ${body.block}.`);
    },
  );

  app.post(
    '/api/units/reprice',
    {
      schema: { tags: [units.label], summary: 'Change base prices by a percentage (chosen units, or a project or block); dryRun previews', body: repriceSchema, docs: repriceDocs },
      onRequest: requirePrivilege(units.entity, 'update'),
    },
    async (request) => {
      const body = request.body;
      const checker = request.auth!.checker;
      if (!checker.canField(units.entity, 'basePrice', 'update') || !checker.canField(units.entity, 'basePrice', 'read')) throw accessDenied();
      if (!body.ids && !body.project) throw badRequest('Validation failed', [fieldError('ids', settingsText('chooseUnitsOrProject'))]);
      const where: string[] = ['base_price is not null', "status in ('available', 'blocked')"];
      const params: unknown[] = [];
      if (body.ids) {
        params.push(body.ids);
        where.push(`id = any($${params.length}::uuid[])`);
      }
      if (body.project) {
        params.push(body.project);
        where.push(`project_id = $${params.length}`);
      }
      if (body.block) {
        params.push(body.block);
        where.push(`lower(block) = lower($${params.length})`);
      }
      const rows = await ctx.db.query<{ id: string; code: string; price: string }>(
        `select id::text as id, code, base_price::text as price from units where ${where.join(' and ')} order by code limit 20001`,
        params,
      );
      if (rows.rows.length > 20_000) throw badRequest('Validation failed', [fieldError('ids', settingsText('atMostUnits'))]);
      const changes = rows.rows.map((row) => ({ id: row.id, code: row.code, before: row.price, after: repriced(row.price, body.percent) }));
      const cents = (value: string) => BigInt(value.replace('.', ''));
      const totalBefore = changes.reduce((sum, change) => sum + cents(change.before), 0n);
      const totalAfter = changes.reduce((sum, change) => sum + cents(change.after), 0n);
      const money = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
      const preview = { count: changes.length, totalBefore: money(totalBefore), totalAfter: money(totalAfter), sample: changes.slice(0, PREVIEW_ROWS) };
      if (body.dryRun) return ok(preview);
      const caller = callerOf(request);
      await engineTransaction(ctx, async (tx) => {
        for (const change of changes) {
          await updateRecord(ctx, tx, units, caller, change.id, { basePrice: change.after }, { ignoreVersion: true, action: 'reprice', reason: `${body.percent > 0 ? '+' : ''}${body.percent}%` });
        }
      });
      return ok(preview, `${changes.length} prices changed by ${body.percent}%.`);
    },
  );
}
