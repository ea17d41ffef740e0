import {
  HttpError,
  accessDenied,
  badRequest,
  list,
  notFound,
  ok,
  fieldError,
  sendError,
  text,
  translate,
  unauthorized,
  validationCatalog,
  type AuthHook,
  type Database,
  type Queryable,
  type RequestAuth,
} from '@propdesk/server-kit';
import { recordsCatalog, thingOf } from './i18n/catalog.js';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  FilterError,
  type RecordRow,
  bulkSchema,
  createSchema,
  importQuerySchema,
  labelFieldOf,
  listQuerySchema,
  parseListFilter,
  parseSort,
  recordLink,
  updateSchema,
  validateFilter,
  valueSchema,
  columnOf,
  isTextKind,
  type Registry,
  type ResourceDef,
} from '../model/index.js';
import { countMatching, exportColumns, exportStream } from './exporter.js';
import { importCsv } from './importer.js';
import {
  StaleVersionError,
  createRecord,
  deleteRecord,
  engineTransaction,
  takePendingNumbers,
  flushRollups,
  getRecord,
  stillAsRead,
  historyOf,
  listRecords,
  updateRecord,
  usageOf,
  visibleRecord,
  type Caller,
  type ChangeSource,
  type EngineContext,
} from './records.js';
import { Lifecycle, noHooks, type ResourceHooks } from './lifecycle.js';
import { whereSql } from './select.js';
import { pickerOptions } from './options.js';
import { qb, run } from './sql.js';
import { registerViewRoutes } from './views.js';
import { runAction } from './actions.js';
import { childRows, takeChildren, writeChildren } from './children.js';
import {
  actionParamsDoc,
  createBodyDoc,
  deleteDoc,
  historyEntryDoc,
  importReportDoc,
  listEnvelope,
  okEnvelope,
  pickerOptionDoc,
  recordDoc,
  uniqueDoc,
  updateBodyDoc,
  usageDoc,
} from './docs.js';

/** A printable document of a resource (api.md `GET /api/{resource}/{id}/print`). */
export type Printer = (db: Queryable, id: string, options: { lang: 'ar' | 'en' | undefined; auth: RequestAuth }) => Promise<{ name: string; content: Buffer | Uint8Array; contentType?: string }>;

export type RecordsPluginOptions = {
  db: Database;
  registry: Registry;
  /** The app's engine (its lifecycle holds every domain's hooks); made from `hooks` when absent. */
  engine?: EngineContext;
  hooks?: Readonly<Record<string, ResourceHooks>>;
  rowScope?: EngineContext['rowScope'];
  /** Printable documents by resource name. */
  printers?: Readonly<Record<string, Printer>>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = z.object({ id: z.uuid({ error: 'Must be a record id' }) });
const SOURCES: readonly ChangeSource[] = ['screen', 'import', 'api'];

/** The caller of a request: who, and where from (the web sends `X-Change-Source: screen`). */
export function callerOf(request: FastifyRequest, source?: ChangeSource): Caller {
  const header = request.headers['x-change-source'];
  const fromHeader = typeof header === 'string' && (SOURCES as readonly string[]).includes(header) ? (header as ChangeSource) : 'api';
  return { auth: request.auth, source: source ?? fromHeader, requestId: String(request.id), ip: request.ip };
}

/** The privilege hook of a call: reads of an open resource need only a session. */
/** Work queued by key in this process (`ResourceHooks.createQueueKey`): one at a time per key, in arrival order. */
const queues = new Map<string, Promise<unknown>>();
function queued<T>(key: string | null, fn: () => Promise<T>): Promise<T> {
  if (!key) return fn();
  const run = (queues.get(key) ?? Promise.resolve()).then(fn, fn);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return run;
}

function guard(def: ResourceDef, action: string): AuthHook {
  return async (request, reply) => {
    if (!request.auth) await sendError(reply, unauthorized());
    else if (action === 'read' && def.readOpen) return;
    else if (!request.auth.checker.can(def.entity, action)) await sendError(reply, accessDenied());
  };
}

function filterErrorToHttp(error: unknown): never {
  if (error instanceof FilterError) throw badRequest('Validation failed', [{ field: error.field, message: error.message }]);
  throw error;
}

function criteriaFrom(def: ResourceDef, query: Record<string, unknown>) {
  try {
    const where = parseListFilter(def, query);
    const sort = parseSort(def, typeof query.sort === 'string' ? query.sort : undefined);
    return { where, sort };
  } catch (error) {
    return filterErrorToHttp(error);
  }
}

/** The records engine's calls for every resource of the registry (api.md "Resources"). */
export const recordsPlugin: FastifyPluginAsync<RecordsPluginOptions> = async (rawApp, options) => {
  const app = rawApp.withTypeProvider<ZodTypeProvider>();
  const ctx: EngineContext = options.engine ?? {
    db: options.db,
    registry: options.registry,
    rowScope: options.rowScope,
    lifecycle: new Lifecycle(options.registry).addAll(options.hooks ?? {}),
  };
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: 50 * 1024 * 1024 }, (_request, body, done) => done(null, body));
  // An internal child (a role's grants) has no calls of its own: its parent's code writes it.
  for (const def of options.registry.resources) if (!def.internal) registerResource(app, ctx, def, options.printers?.[def.name]);
  for (const name of Object.keys(options.printers ?? {})) options.registry.get(name);
  registerViewRoutes(app, options.db, options.registry);
};

const sessionOnly: AuthHook = async (request, reply) => {
  if (!request.auth) await sendError(reply, unauthorized());
};

/** What every route registrar of one resource shares. */
type ResourceRoutes = {
  typed: FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
  ctx: EngineContext;
  def: ResourceDef;
  hooks: ReturnType<typeof noHooks>;
  base: string;
  tags: string[];
  /** What the document says of this resource's rows and of one record (documentation only: docs.ts). */
  row: z.ZodType;
  one: z.ZodType;
};

/** One resource's calls, registered concern by concern (the order is the OpenAPI document's). */
function registerResource(app: FastifyInstance, ctx: EngineContext, def: ResourceDef, printer: Printer | undefined) {
  const routes: ResourceRoutes = {
    typed: app.withTypeProvider<ZodTypeProvider>(),
    ctx,
    def,
    hooks: ctx.lifecycle?.of(def.name) ?? noHooks(),
    base: `/api/${def.name}`,
    tags: [def.label],
    row: recordDoc(ctx.registry, def),
    one: okEnvelope(recordDoc(ctx.registry, def, true)),
  };
  registerListRoutes(routes);
  if (!def.readOnly) registerImportRoutes(routes);
  registerLookupRoutes(routes);
  registerReadRoutes(routes, printer);
  if (def.readOnly) return;
  registerWriteRoutes(routes);
  if (def.actions) registerActionRoutes(routes, def.actions);
}

/** The list, its export and the import template. */
function registerListRoutes(routes: ResourceRoutes): void {
  const { typed, ctx, def, base, tags, row } = routes;
  typed.get(base, { schema: { tags, summary: `List ${def.label.toLowerCase()}`, querystring: listQuerySchema, docs: { response: { 200: listEnvelope(row) } } }, onRequest: guard(def, 'read') }, async (request) => {
    const query = request.query as Record<string, unknown> & z.infer<typeof listQuerySchema>;
    const { where, sort } = criteriaFrom(def, query);
    const { rows, total, exact } = await listRecords(ctx, def, callerOf(request), {
      criteria: { where, q: query.q, active: query.active },
      sort,
      page: query.page,
      pageSize: query.pageSize,
    });
    // Beyond the count's cap the total is a lower bound, and the answer says so.
    return exact ? list(rows, total, query.page, query.pageSize) : { ...list(rows, total, query.page, query.pageSize), totalExact: false as const };
  });

  const exportQuery = listQuerySchema.extend({ format: z.enum(['csv', 'xlsx']).default('csv'), columns: z.string().max(2000).optional(), ids: z.string().max(400_000).optional() });
  typed.get(
    `${base}/export`,
    { schema: { tags, summary: `Export ${def.label.toLowerCase()} (CSV or XLSX, streamed)`, querystring: exportQuery, docs: { files: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] } }, onRequest: guard(def, 'read') },
    async (request, reply) => {
      const query = request.query as Record<string, unknown> & z.infer<typeof exportQuery>;
      const { where, sort } = criteriaFrom(def, query);
      // The header row in the reader's language for XLSX (a sheet for people); CSV keeps the labels the import maps by.
      const language = query.format === 'xlsx' ? request.language : 'en';
      const columns = exportColumns(def, request.auth, query.columns ? query.columns.split(',') : null, language);
      const ids = typeof query.ids === 'string' ? query.ids.split(',').filter((id) => UUID.test(id)) : undefined;
      const criteria = { where, q: query.q, active: query.active, ids };
      const total = await countMatching(ctx, def, request.auth, criteria);
      const stamp = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${def.name}-${stamp}.${query.format}"`)
        .header('x-total-count', String(total))
        .header('cache-control', 'no-store');
      return reply.send(exportStream(ctx, def, request.auth, criteria, sort, columns, query.format, language));
    },
  );

  typed.get(
    `${base}/import/template`,
    { schema: { tags, summary: `A CSV header to fill in for importing ${def.label.toLowerCase()}`, docs: { files: ['text/csv'] } }, onRequest: guard(def, 'create') },
    async (request, reply) => {
      const columns = Object.entries(def.fields)
        .filter(([name, field]) => !field.readOnly && !field.hidden && (!field.protected || request.auth!.checker.canField(def.entity, name, 'update')))
        .map(([, field]) => `"${field.label.replace(/"/g, '""')}"`);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${def.name}-template.csv"`);
      return `${columns.join(',')}\n`;
    },
  );
}

/** CSV import and bulk changes (writable resources). */
function registerImportRoutes(routes: ResourceRoutes): void {
  const { typed, ctx, def, hooks, base, tags } = routes;
  typed.post(
    `${base}/import`,
    {
      schema: { tags, summary: `Import ${def.label.toLowerCase()} from CSV (dry run by default)`, querystring: importQuerySchema, docs: { consumes: ['text/csv'], response: { 200: okEnvelope(importReportDoc) } } },
      onRequest: guard(def, 'create'),
      bodyLimit: 50 * 1024 * 1024,
    },
    async (request) => {
      if (typeof request.body !== 'string') throw badRequest('Send the file as text/csv.');
      let mapping: Record<string, string> = {};
      if (request.query.mapping) {
        const parsed = z.record(z.string().max(200), z.string().max(64)).safeParse(safeJson(request.query.mapping));
        if (!parsed.success) throw badRequest('Validation failed', [{ field: 'mapping', message: 'Must be a JSON object of column → field' }]);
        mapping = parsed.data;
      }
      if (request.query.key && !request.auth!.checker.can(def.entity, 'update')) throw accessDenied();
      const report = await importCsv(ctx, def, callerOf(request, 'import'), request.body, {
        dryRun: request.query.dryRun !== 'false',
        mapping,
        key: request.query.key ?? null,
        perRow: hooks.onImport,
      });
      return ok(report, report.committed ? `Imported ${report.created + report.updated} rows.` : undefined);
    },
  );

  typed.post(`${base}/bulk`, { schema: { tags, summary: `Change many ${def.label.toLowerCase()} at once`, body: bulkSchema, docs: { response: { 200: okEnvelope(z.object({ changed: z.int() })) } } }, onRequest: guard(def, 'update') }, async (request) => {
    const body = request.body;
    let where = null;
    try {
      where = body.where ? validateFilter(def, body.where) : null;
    } catch (error) {
      filterErrorToHttp(error);
    }
    if (!body.ids && !where && body.q === undefined && body.active === undefined) throw badRequest('Validation failed', [fieldError('ids', text(recordsCatalog, 'chooseRows'))]);
    let patch: Record<string, unknown>;
    if (body.action === 'set') {
      const field = body.field ? def.fields[body.field] : undefined;
      if (!body.field || !field || field.readOnly) throw badRequest('Validation failed', [fieldError('field', text(recordsCatalog, 'chooseField'))]);
      const value = body.value === '' || body.value === undefined ? null : body.value;
      if (value === null && field.required) throw badRequest('Validation failed', [fieldError('value', text(validationCatalog, 'required'))]);
      const parsed = value === null ? { success: true as const, data: null } : valueSchema(field).safeParse(value);
      if (!parsed.success) throw badRequest('Validation failed', [{ field: 'value', message: parsed.error.issues[0]?.message ?? 'Invalid value' }]);
      patch = { [body.field]: parsed.data };
    } else {
      if (def.hasActive === false) throw badRequest('This list has no active flag.');
      patch = { active: body.action === 'activate' };
    }
    const caller = callerOf(request);
    const changed = await engineTransaction(ctx, async (tx) => {
      const scope = ctx.rowScope ? ctx.rowScope(def, request.auth) : null;
      const ids = await run<{ id: string }>(
        tx,
        qb
          .selectFrom(`${def.table} as t`)
          .select(sql`t.id::text`.as('id') as never)
          .where(whereSql(def, { where, q: body.q, active: body.active, ids: body.ids, scope }) as never)
          .orderBy(sql`t.id` as never)
          .limit(100_000),
      );
      let count = 0;
      for (const { id } of ids) {
        await updateRecord(ctx, tx, def, caller, id, patch, { ignoreVersion: true, action: `bulk.${body.action}` });
        count += 1;
      }
      return count;
    });
    return ok({ changed }, `Changed ${changed} ${changed === 1 ? def.singular.toLowerCase() : def.label.toLowerCase()}.`);
  });
}

/** The form's helpers: picker options and the unique-value check. */
function registerLookupRoutes(routes: ResourceRoutes): void {
  const { typed, ctx, def, base, tags } = routes;
  typed.get(
    `${base}/options`,
    {
      schema: {
        tags,
        summary: `Picker options: active ${def.label.toLowerCase()} matching q, each with its label and detail (for=resource.field and match=field:id,…: only those that field may take in that form)`,
        querystring: z.object({
          q: z.string().max(200).optional(),
          ids: z.string().max(4000).optional(),
          for: z.string().max(130).optional(),
          match: z.string().max(400).optional(),
        }),
        docs: { response: { 200: okEnvelope(z.array(pickerOptionDoc)) } },
      },
      onRequest: sessionOnly,
    },
    async (request) => {
      // Pickers list names only: whoever may read this resource, or read or write one that refers to it
      // (filling in a form, filtering a list), may search them; nobody else.
      const checker = request.auth!.checker;
      const allowed =
        def.readOpen === true ||
        checker.can(def.entity, 'read') ||
        ctx.registry.referrers(def.name).some(([referrer]) => ['read', 'create', 'update'].some((action) => checker.can(referrer.entity, action)));
      if (!allowed) throw accessDenied();
      return ok(await pickerOptions(ctx, ctx.db, def, request.auth, request.query));
    },
  );

  typed.get(
    `${base}/unique`,
    {
      schema: { tags, summary: 'Is a unique value free?', querystring: z.object({ field: z.string().max(64), value: z.string().max(500), id: z.uuid().optional(), scope: z.string().max(2000).optional() }), docs: { response: { 200: okEnvelope(uniqueDoc) } } },
      onRequest: guard(def, 'read'),
    },
    async (request) => {
      const { field: name, value, id } = request.query;
      const field = def.fields[name];
      if (!field?.unique) throw badRequest('Validation failed', [{ field: 'field', message: `${name} is not unique` }]);
      const column = sql.ref(`t.${columnOf(name, field)}`);
      const parts = [isTextKind(field.kind) ? sql`lower(${column}) = lower(${value.trim()})` : sql`${column}::text = ${value}`];
      if (Array.isArray(field.unique)) {
        const scopeValues = (safeJson(request.query.scope ?? '{}') ?? {}) as Record<string, unknown>;
        for (const scopeName of field.unique) {
          const scopeValue = scopeValues[scopeName];
          const scopeColumn = sql.ref(`t.${columnOf(scopeName, def.fields[scopeName])}`);
          parts.push(typeof scopeValue === 'string' && scopeValue !== '' ? sql`${scopeColumn}::text = ${scopeValue}` : sql`${scopeColumn} is null`);
        }
      }
      if (id) parts.push(sql`t.id <> ${id}::uuid`);
      const labelName = labelFieldOf(def);
      const rows = await run<{ id: string; label: string }>(
        ctx.db,
        qb
          .selectFrom(`${def.table} as t`)
          .select([sql`t.id::text`.as('id'), sql`${sql.ref(`t.${columnOf(labelName, def.fields[labelName])}`)}::text`.as('label')] as never)
          .where(sql.join(parts, sql` and `) as never)
          .limit(1),
      );
      const clash = rows[0];
      return ok(clash ? { available: false, clash: { ...clash, link: def.route ? recordLink(def.route, clash.id) : null } } : { available: true, clash: null });
    },
  );
}

/** One record, its children, history, usage and print. */
function registerReadRoutes(routes: ResourceRoutes, printer: Printer | undefined): void {
  const { typed, ctx, def, hooks, base, tags, one } = routes;
  typed.get(`${base}/:id`, { schema: { tags, summary: `One ${def.singular.toLowerCase()}`, params: idParams, docs: { response: { 200: one } } }, onRequest: guard(def, 'read') }, async (request) => {
    const record = await getRecord(ctx, ctx.db, def, callerOf(request), request.params.id);
    if (!record) throw notFound(text(recordsCatalog, 'noSuch', { thing: thingOf(def) }));
    const extra = hooks.extendRecord ? await hooks.extendRecord(ctx.db, record.id) : {};
    const lines = def.children ? await childRows(ctx, ctx.db, def, record.id, request.auth) : {};
    return ok({ ...record, ...lines, ...extra });
  });

  for (const key of Object.keys(def.children ?? {})) {
    typed.get(`${base}/:id/${key}`, { schema: { tags, summary: `The ${key} of a ${def.singular.toLowerCase()}`, params: idParams, docs: { response: { 200: okEnvelope(z.array(recordDoc(ctx.registry, ctx.registry.get(def.children![key]!.resource)))) } } }, onRequest: guard(def, 'read') }, async (request) => {
      const record = await getRecord(ctx, ctx.db, def, callerOf(request), request.params.id);
      if (!record) throw notFound(text(recordsCatalog, 'noSuch', { thing: thingOf(def) }));
      return ok((await childRows(ctx, ctx.db, def, record.id, request.auth))[key] ?? []);
    });
  }

  typed.get(`${base}/:id/history`, { schema: { tags, summary: 'Who changed what, when and from where', params: idParams, docs: { response: { 200: okEnvelope(z.array(historyEntryDoc)) } } }, onRequest: guard(def, 'read') }, async (request) => {
    const record = await getRecord(ctx, ctx.db, def, callerOf(request), request.params.id);
    if (!record) throw notFound(text(recordsCatalog, 'noSuch', { thing: thingOf(def) }));
    return ok(await historyOf(ctx.db, def, request.auth, request.params.id, Object.keys(hooks.extraUpdate)));
  });

  typed.get(`${base}/:id/usage`, { schema: { tags, summary: 'Which records point to this one', params: idParams, docs: { response: { 200: okEnvelope(z.array(usageDoc)) } } }, onRequest: guard(def, 'read') }, async (request) => {
    const record = await getRecord(ctx, ctx.db, def, callerOf(request), request.params.id);
    if (!record) throw notFound(text(recordsCatalog, 'noSuch', { thing: thingOf(def) }));
    return ok(await usageOf(ctx, ctx.db, def, request.params.id));
  });

  if (printer) {
    const printQuery = z.strictObject({ lang: z.enum(['ar', 'en'], { error: 'Must be ar or en' }).optional() });
    typed.get(
      `${base}/:id/print`,
      { schema: { tags, summary: `The ${def.singular.toLowerCase()} as a printable PDF (?lang=ar|en)`, params: idParams, querystring: printQuery, docs: { files: ['application/pdf'] } }, onRequest: guard(def, 'read') },
      async (request, reply) => {
        const record = await getRecord(ctx, ctx.db, def, callerOf(request), request.params.id);
        if (!record) throw notFound(text(recordsCatalog, 'noSuch', { thing: thingOf(def) }));
        const document = await printer(ctx.db, record.id, { lang: request.query.lang, auth: request.auth! });
        reply
          .header('content-type', document.contentType ?? 'application/pdf')
          .header('content-disposition', `inline; filename="${document.name.replace(/[\\/"\r\n]/g, '_')}"`)
          .header('cache-control', 'no-store');
        return reply.send(Buffer.from(document.content));
      },
    );
  }
}

/** Create, change and delete (writable resources). */
function registerWriteRoutes(routes: ResourceRoutes): void {
  const { typed, ctx, def, hooks, base, tags, row, one } = routes;
  const createBody = createSchema(def);
  const updateBody = updateSchema(def);
  const hasExtraCreate = Object.keys(hooks.extraCreate).length > 0;
  const createWithExtra = hasExtraCreate ? z.strictObject({ ...createSchemaShape(createBody), ...hooks.extraCreate }) : null;
  typed.post(base, { schema: { tags, summary: `Create a ${def.singular.toLowerCase()}`, body: z.record(z.string(), z.unknown()), docs: { body: createBodyDoc(ctx.registry, def, hooks.extraCreate), response: { 201: one } } }, onRequest: guard(def, 'create') }, async (request, reply) => {
    const { header, lists } = takeChildren(def, request.body);
    const parsed = (createWithExtra ?? createBody).safeParse(header);
    if (!parsed.success) throw parsed.error;
    const values = parsed.data as Record<string, unknown>;
    if (createWithExtra && def.rule) {
      const problems = def.rule(values);
      if (problems.length > 0) throw badRequest('Validation failed', problems);
    }
    const extraKeys = Object.keys(hooks.extraCreate);
    const extra = Object.fromEntries(extraKeys.map((key) => [key, values[key]]));
    for (const key of extraKeys) delete values[key];
    const caller = callerOf(request);
    // Hooks and roll-ups may have set computed columns (a document's totals), and the number may be
    // taken at the commit: the answer is what is stored. On PostgreSQL it is read after the commit,
    // outside the transaction and its locks (the label lookups included), on the connection that
    // committed (`transactionThen`: a read through the pool would queue behind every request waiting
    // for a connection, so in a burst each answer waited for nearly the whole burst); on PGlite it is
    // read at the transaction's end, the pending numbers taken first, from the engine's kept read.
    const answer = async (db: Queryable, id: string, fallback: RecordRow) => {
      const stored = (await getRecord(ctx, db, def, caller, id)) ?? fallback;
      return { ...stored, ...(def.children ? await childRows(ctx, db, def, id, request.auth) : {}) };
    };
    // `created` serves for its id (and as the answer's fallback): the answer is read below, as stored.
    const write = async (tx: Queryable) => {
      const created = await createRecord(ctx, tx, def, caller, values, {}, { extra, numberAtCommit: hooks.numberAtCommit, readsAnswer: true });
      await writeChildren(ctx, tx, def, created.id, lists, caller);
      await flushRollups(ctx, tx);
      return created;
    };
    if (ctx.db.kind === 'postgres') {
      const record = await queued(hooks.createQueueKey(values), () => ctx.db.transactionThen(write, (db, created) => answer(db, created.id, created)));
      reply.code(201);
      return ok(visibleRecord(def, request.auth, record), `${def.singular} created.`);
    }
    const record = await queued(hooks.createQueueKey(values), () =>
      ctx.db.transaction(async (tx) => {
        const created = await write(tx);
        await takePendingNumbers(tx);
        // The engine's own read of the record (every field, labels) when its row is still that version:
        // a row the caller may not see answers with it too, and `visibleRecord` strips what they may not read.
        const kept = (await stillAsRead(tx, def, [created.id])).get(created.id);
        if (kept) return { ...kept, ...(def.children ? await childRows(ctx, tx, def, created.id, request.auth) : {}) };
        return answer(tx, created.id, created);
      }),
    );
    reply.code(201);
    return ok(visibleRecord(def, request.auth, record), `${def.singular} created.`);
  });

  const hasExtraUpdate = Object.keys(hooks.extraUpdate).length > 0;
  const updateWithExtra = hasExtraUpdate ? z.strictObject({ ...createSchemaShape(updateBody), ...hooks.extraUpdate }) : null;
  typed.patch(
    `${base}/:id`,
    { schema: { tags, summary: `Change a ${def.singular.toLowerCase()} (send the version you read)`, params: idParams, body: z.record(z.string(), z.unknown()), docs: { body: updateBodyDoc(ctx.registry, def, hooks.extraUpdate), response: { 200: one, 409: conflictDoc(row) } } }, onRequest: guard(def, 'update') },
    async (request, reply) => {
      const { header, lists } = takeChildren(def, request.body);
      const parsed = (updateWithExtra ?? updateBody).safeParse(header);
      if (!parsed.success) throw parsed.error;
      const values = parsed.data as Record<string, unknown>;
      const extraKeys = Object.keys(hooks.extraUpdate);
      const extra = Object.fromEntries(extraKeys.filter((key) => values[key] !== undefined).map((key) => [key, values[key]]));
      for (const key of extraKeys) delete values[key];
      const caller = callerOf(request);
      try {
        const record = await engineTransaction(ctx, async (tx) => {
          const updated = await updateRecord(ctx, tx, def, caller, request.params.id, values, { extra });
          await writeChildren(ctx, tx, def, updated.id, lists, caller);
          await flushRollups(ctx, tx);
          const stored = (await getRecord(ctx, tx, def, caller, updated.id)) ?? updated;
          return { ...stored, ...(def.children ? await childRows(ctx, tx, def, updated.id, request.auth) : {}) };
        });
        return ok(visibleRecord(def, request.auth, record), `${def.singular} saved.`);
      } catch (error) {
        if (error instanceof StaleVersionError) return reply.code(409).send({ status: 'ERROR', message: error.text ? translate(error.text, request.language) : error.message, current: error.current });
        throw error;
      }
    },
  );

  typed.delete(`${base}/:id`, { schema: { tags, summary: `Delete a ${def.singular.toLowerCase()}, or deactivate it when others use it`, params: idParams, docs: { response: { 200: okEnvelope(deleteDoc) } } }, onRequest: guard(def, 'update') }, async (request) => {
    const result = await engineTransaction(ctx, (tx) => deleteRecord(ctx, tx, def, callerOf(request), request.params.id));
    const usedBy = result.usage.map((use) => `${use.count} ${use.label.toLowerCase()}`).join(', ');
    return ok(
      result,
      result.deleted ? `${def.singular} deleted.` : usedBy ? `${def.singular} deactivated: it is used by ${usedBy}.` : `${def.singular} deactivated: other records use it.`,
    );
  });
}

/** Workflow transitions (`POST …/:id/actions/:action`). */
function registerActionRoutes(routes: ResourceRoutes, actions: NonNullable<ResourceDef['actions']>): void {
  const { typed, ctx, def, base, tags, one } = routes;
  const actionBody = z.strictObject({ reason: z.string().trim().max(2000).optional(), version: z.number().int().positive().optional() }).optional();
  const actionOf = (name: string) => (Object.hasOwn(actions, name) ? actions[name] : undefined);
  typed.post(
    `${base}/:id/actions/:action`,
    {
      schema: {
        tags,
        summary: 'A workflow transition',
        params: idParams.extend({ action: z.string().max(64) }),
        body: actionBody,
        docs: { params: actionParamsDoc(actions), response: { 200: one } },
      },
      // Who may act is judged before the body is read: a caller without the privilege gets the 423
      // (and an unknown action the 404) whatever they sent.
      onRequest: async (request, reply) => {
        const name = String((request.params as { action?: unknown }).action ?? '');
        const action = actionOf(name);
        if (!request.auth) await sendError(reply, unauthorized());
        else if (!action) await sendError(reply, notFound(text(recordsCatalog, 'noAction', { name })));
        else if (!request.auth.checker.can(def.entity, action.privilege ?? 'update')) await sendError(reply, accessDenied());
      },
    },
    async (request) => {
      const action = actionOf(request.params.action)!;
      const record = await engineTransaction(ctx, (tx) => runAction(ctx, tx, def, callerOf(request), request.params.id, request.params.action, action, request.body ?? {}));
      return ok(visibleRecord(def, request.auth, record), `${action.label}: done.`);
    },
  );
}


/** The 409 of a stale update: the error envelope with the record as it is now. */
function conflictDoc(row: z.ZodType) {
  return z.object({ status: z.literal('ERROR'), message: z.string(), current: row });
}

function createSchemaShape(schema: z.ZodType): z.ZodRawShape {
  const inner = schema as unknown as { shape?: z.ZodRawShape; _def?: { schema?: { shape?: z.ZodRawShape } } };
  if (inner.shape) return inner.shape;
  throw new HttpError(500, 'A resource with extra fields needs a plain object schema.');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type { RequestAuth };
