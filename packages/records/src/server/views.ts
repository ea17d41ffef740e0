import { badRequest, doneEnvelope, fieldError, notFound, text, ok, okEnvelope, sendError, unauthorized, type Database, type RequestAuth } from '@propdesk/server-kit';
import { recordsCatalog } from './i18n/catalog.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { savedViewBodySchema, savedViewStateSchema, validateFilter, FilterError, type Registry, type SavedView, type SavedViewState } from '../model/index.js';

type ViewRow = { id: string; resource: string; name: string; shared: boolean; state: SavedViewState; owner_id: string; owner_name: string | null; is_default: boolean };

const toView = (row: ViewRow, userId: string): SavedView => ({
  id: row.id,
  resource: row.resource,
  name: row.name,
  shared: row.shared,
  isDefault: row.is_default,
  mine: row.owner_id === userId,
  ownerName: row.owner_name,
  state: row.state,
});

/** A saved view as the calls answer it (`toView`), for the OpenAPI document only. */
const savedViewDoc = z.object({
  id: z.uuid(),
  resource: z.string(),
  name: z.string(),
  shared: z.boolean(),
  isDefault: z.boolean().meta({ description: "The caller's default view of this list" }),
  mine: z.boolean().meta({ description: 'The caller owns it (may change or delete it)' }),
  ownerName: z.string().nullable(),
  state: savedViewStateSchema,
});

/** Saved views on the server: the caller's own and the shared ones; one default per user and resource. */
export function registerViewRoutes(rawApp: FastifyInstance, db: Database, registry: Registry) {
  const app = rawApp.withTypeProvider<ZodTypeProvider>();
  const tags = ['Saved views'];
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.auth) await sendError(reply, unauthorized());
  };
  const checkResource = (resource: string, auth: RequestAuth) => {
    const def = registry.find(resource);
    // An internal child has no list, so no saved views: as unknown as a resource that does not exist.
    if (!def || def.internal) throw badRequest('Validation failed', [fieldError('resource', text(recordsCatalog, 'unknownResource'))]);
    if (!def.readOpen && !auth.checker.can(def.entity, 'read')) throw notFound(text(recordsCatalog, 'unknownResource'));
    return def;
  };
  const select = `select v.id::text, v.resource, v.name, v.shared, v.state, v.owner_id::text, coalesce(nullif(u.full_name, ''), u.username) as owner_name,
      (d.view_id is not null) as is_default
    from saved_views v join users u on u.id = v.owner_id
    left join saved_view_defaults d on d.view_id = v.id and d.user_id = $1`;

  app.get('/api/views', { schema: { tags, summary: 'Saved views of a list', querystring: z.object({ resource: z.string().max(64) }), docs: { response: { 200: okEnvelope(z.array(savedViewDoc)) } } }, onRequest }, async (request) => {
    const userId = request.auth!.userId;
    checkResource(request.query.resource, request.auth!);
    const result = await db.query<ViewRow>(`${select} where v.resource = $2 and (v.owner_id = $1 or v.shared) order by lower(v.name)`, [userId, request.query.resource]);
    return ok(result.rows.map((row) => toView(row, userId)));
  });

  const checkState = (resource: string, state: SavedViewState) => {
    const def = registry.get(resource);
    if (state.where) {
      try {
        validateFilter(def, state.where);
      } catch (error) {
        if (error instanceof FilterError) throw badRequest('Validation failed', [{ field: `state.where`, message: error.message }]);
        throw error;
      }
    }
  };

  const saveDefault = async (tx: Parameters<Parameters<Database['transaction']>[0]>[0], userId: string, resource: string, viewId: string, isDefault: boolean) => {
    if (isDefault) {
      await tx.query(
        `insert into saved_view_defaults (user_id, resource, view_id) values ($1, $2, $3)
         on conflict (user_id, resource) do update set view_id = excluded.view_id`,
        [userId, resource, viewId],
      );
    } else await tx.query('delete from saved_view_defaults where user_id = $1 and resource = $2 and view_id = $3', [userId, resource, viewId]);
  };

  app.post('/api/views', { schema: { tags, summary: 'Save a view', body: savedViewBodySchema, docs: { response: { 201: okEnvelope(savedViewDoc) } } }, onRequest }, async (request, reply) => {
    const userId = request.auth!.userId;
    const body = request.body;
    checkResource(body.resource, request.auth!);
    checkState(body.resource, body.state);
    const id = await db.transaction(async (tx) => {
      const clash = await tx.query('select 1 from saved_views where owner_id = $1 and resource = $2 and lower(name) = lower($3)', [userId, body.resource, body.name]);
      if (clash.rows.length > 0) throw badRequest('Validation failed', [fieldError('name', text(recordsCatalog, 'viewNameTaken'))]);
      const inserted = await tx.query<{ id: string }>(
        'insert into saved_views (resource, owner_id, name, shared, state) values ($1, $2, $3, $4, $5) returning id::text',
        [body.resource, userId, body.name, body.shared, JSON.stringify(body.state)],
      );
      const viewId = inserted.rows[0]!.id;
      await saveDefault(tx, userId, body.resource, viewId, body.isDefault);
      return viewId;
    });
    const result = await db.query<ViewRow>(`${select} where v.id = $2`, [userId, id]);
    reply.code(201);
    return ok(toView(result.rows[0]!, userId), 'View saved.');
  });

  const patchBody = savedViewBodySchema.omit({ resource: true }).partial();
  app.patch('/api/views/:id', { schema: { tags, summary: 'Change a saved view (owner) or make it your default (anyone who sees it)', params: z.object({ id: z.uuid() }), body: patchBody, docs: { response: { 200: okEnvelope(savedViewDoc) } } }, onRequest }, async (request) => {
    const userId = request.auth!.userId;
    const body = request.body;
    await db.transaction(async (tx) => {
      const found = await tx.query<{ owner_id: string; resource: string; shared: boolean }>('select owner_id::text, resource, shared from saved_views where id = $1 for update', [request.params.id]);
      const view = found.rows[0];
      if (!view || (view.owner_id !== userId && !view.shared)) throw notFound(text(recordsCatalog, 'noSuchView'));
      const owns = view.owner_id === userId;
      if (!owns && (body.name !== undefined || body.shared !== undefined || body.state !== undefined)) throw notFound(text(recordsCatalog, 'noSuchView'));
      if (body.state) checkState(view.resource, body.state);
      if (owns && (body.name !== undefined || body.shared !== undefined || body.state !== undefined)) {
        await tx.query(
          `update saved_views set name = coalesce($2, name), shared = coalesce($3, shared), state = coalesce($4::jsonb, state), modified_on = now() where id = $1`,
          [request.params.id, body.name ?? null, body.shared ?? null, body.state ? JSON.stringify(body.state) : null],
        );
      }
      if (body.isDefault !== undefined) await saveDefault(tx, userId, view.resource, request.params.id, body.isDefault);
    });
    const result = await db.query<ViewRow>(`${select} where v.id = $2`, [userId, request.params.id]);
    return ok(toView(result.rows[0]!, userId), 'View saved.');
  });

  app.delete('/api/views/:id', { schema: { tags, summary: 'Delete your saved view', params: z.object({ id: z.uuid() }), docs: { response: { 200: doneEnvelope } } }, onRequest }, async (request) => {
    const result = await db.query('delete from saved_views where id = $1 and owner_id = $2 returning id', [request.params.id, request.auth!.userId]);
    if (result.rows.length === 0) throw notFound(text(recordsCatalog, 'noSuchView'));
    return ok(null, 'View deleted.');
  });
}
