import { badRequest, conflict, notFound, ok, requirePrivilege, type AuthHook } from '@propdesk/server-kit';
import { createRecord, getRecord, updateMany, updateRecord, type Caller, type ChangeSource, type EngineContext } from '@propdesk/records/server';
import { createSchema, type ResourceDef } from '@propdesk/records/model';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { assigneesQuerySchema, assigneesResponseSchema } from '../../model/assignees.js';
import { toE164 } from '../../model/phones.js';
import { assignLead, lockVisibleLead } from './lifecycle.server.js';
import { activeUser, findDuplicates, leadLink, managerOf, wonStatus, type Notify } from './rules.server.js';
import { runLeadExpiry } from './expiry.server.js';
import { customerLinks } from './links.js';
import { notice } from '../../server/i18n/notice.js';
import { eligibleOwners } from './owners.server.js';
import { recordOf, recordsOf } from '../../server/docs.js';
import { assignDoc, claimBodyDoc, claimDoc, customerDuplicatesDoc, expiryRunDoc, leadDuplicatesDoc } from './docs.server.js';

const SOURCES: readonly ChangeSource[] = ['screen', 'import', 'api'];
const callerOf = (request: FastifyRequest): Caller => {
  const header = request.headers['x-change-source'];
  return {
    auth: request.auth,
    source: typeof header === 'string' && (SOURCES as readonly string[]).includes(header) ? (header as ChangeSource) : 'api',
    requestId: String(request.id),
    ip: request.ip,
  };
};

const both =
  (...hooks: AuthHook[]): AuthHook =>
  async (request, reply) => {
    for (const hook of hooks) {
      await hook(request, reply);
      if (reply.sent) return;
    }
  };

const idParams = z.object({ id: z.uuid({ error: 'Must be a record id' }) });
const duplicateQuery = z.object({
  phone: z.string().trim().max(40).optional(),
  email: z.string().trim().max(254).optional(),
  country: z.string().trim().regex(/^[A-Z]{2}$/, 'Must be a country code').optional(),
  excludeId: z.uuid().optional(),
});
const claimBody = z.strictObject({ reason: z.string().trim().max(1000).optional() }).optional();
const assignBody = z.strictObject({ ids: z.array(z.uuid({ error: 'Must be a lead id' })).min(1).max(1000), userId: z.uuid({ error: 'Must be a user id' }).nullable() });
const mergeBody = z.strictObject({ otherId: z.uuid({ error: 'Must be a lead id' }) });
const convertBody = z.strictObject({
  kind: z.enum(['individual', 'company']).default('individual'),
  nationalId: z.string().trim().max(20).optional(),
  passportNo: z.string().trim().max(12).optional(),
  companyName: z.string().trim().max(160).optional(),
  birthDate: z.string().max(10).optional(),
  nationality: z.uuid().optional(),
  address: z.string().trim().max(300).optional(),
  country: z.uuid().optional(),
});
const customerDuplicateQuery = z.object({ phone: z.string().trim().max(40).optional(), nationalId: z.string().trim().max(20).optional(), excludeId: z.uuid().optional() });

/** What the lead registrars share. */
type LeadRoutes = {
  app: FastifyInstance;
  ctx: EngineContext;
  notify: Notify | undefined;
  leads: ResourceDef;
  activities: ResourceDef;
  customers: ResourceDef;
  tags: string[];
  customerTags: string[];
};

/** The calls beyond the engine's: duplicates, claims, assignment, conversion, merge, activities, the expiry run. */
export function registerLeadRoutes(app: FastifyInstance, ctx: EngineContext, notify: Notify | undefined) {
  const leads = ctx.registry.get('leads');
  const customers = ctx.registry.get('customers');
  const routes: LeadRoutes = { app, ctx, notify, leads, activities: ctx.registry.get('lead-activities'), customers, tags: [leads.label], customerTags: [customers.label] };
  registerLeadIntakeRoutes(routes);
  registerLeadAssignmentRoutes(routes);
  registerLeadOutcomeRoutes(routes);
  registerLeadUpkeepRoutes(routes);
}

/** Duplicate check, activities and claims of a lead. */
function registerLeadIntakeRoutes(routes: LeadRoutes): void {
  const { app, ctx, notify, leads, activities, tags } = routes;
  app.get(
    '/api/leads/duplicates',
    { schema: { tags, summary: 'Open leads with this phone or email; for leads the caller cannot see, only the owner and validity', querystring: duplicateQuery, docs: { response: { 200: leadDuplicatesDoc } } }, onRequest: requirePrivilege('lead', 'read') },
    async (request) => {
      const query = request.query as z.infer<typeof duplicateQuery>;
      const phone = query.phone ? (query.phone.startsWith('+') ? toE164(query.phone) : toE164(query.phone, (query.country ?? 'EG') as never)) : null;
      const email = query.email && z.email().safeParse(query.email).success ? query.email : null;
      const matches = await findDuplicates(ctx.db, request.auth, { phones: phone ? [phone] : [], email, exceptId: query.excludeId ?? null });
      return ok({ phone, matches });
    },
  );

  app.get(
    '/api/leads/:id/activities',
    { schema: { tags, summary: 'The activities of a lead, newest first', params: idParams, docs: { response: { 200: recordsOf(ctx, 'lead-activities') } } }, onRequest: requirePrivilege('lead', 'read') },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const caller = callerOf(request);
      if (!(await getRecord(ctx, ctx.db, leads, caller, id))) throw notFound('No such lead');
      const rows = await ctx.db.query<{ id: string }>('select id::text from lead_activities where lead_id = $1 order by at desc, id limit 500', [id]);
      const list = [];
      for (const row of rows.rows) list.push(await getRecord(ctx, ctx.db, activities, caller, row.id));
      return ok(list.filter(Boolean));
    },
  );

  app.post(
    '/api/leads/:id/claim',
    { schema: { tags, summary: "Ask for a lead another agent owns: the owner's manager is notified", params: idParams, body: claimBody, docs: { body: claimBodyDoc, response: { 201: claimDoc } } }, onRequest: requirePrivilege('lead', 'read') },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const body = (request.body ?? {}) as NonNullable<z.infer<typeof claimBody>>;
      const me = request.auth!.userId;
      const claim = await ctx.db.transaction(async (tx) => {
        const rows = await tx.query<{ owner: string | null; team: string | null; name: string }>(
          'select assigned_to_id::text as owner, sales_team_id::text as team, full_name as name from leads where id = $1 for update',
          [id],
        );
        const lead = rows.rows[0];
        if (!lead) throw notFound('No such lead');
        if (lead.owner === null || lead.owner === me) throw conflict('This lead is not held by another agent: take it from the pool instead.');
        const manager = await managerOf(tx, lead.team, lead.owner);
        const claimant = await activeUser(tx, me);
        let inserted;
        try {
          await tx.query('savepoint lead_claim');
          inserted = await tx.query<{ id: string }>('insert into lead_claims (lead_id, claimant_id, reason, notified_id) values ($1, $2, $3, $4) returning id::text', [
            id,
            me,
            body.reason ?? null,
            manager,
          ]);
          await tx.query('release savepoint lead_claim');
        } catch (error) {
          await tx.query('rollback to savepoint lead_claim');
          if ((error as { code?: string }).code === '23505') throw conflict('You have already asked for this lead.');
          throw error;
        }
        if (manager && notify) {
          await notify(tx, {
            userId: manager,
            title: claimant?.name ? notice('noticeClaim', { agent: claimant.name }) : notice('noticeClaimAnyone'),
            body: body.reason ? notice('noticeClaimBodyReason', { name: lead.name, reason: body.reason }) : notice('noticeClaimBody', { name: lead.name }),
            link: leadLink(id),
            category: 'lead',
          });
        }
        return { id: inserted.rows[0]!.id, notified: manager !== null };
      });
      reply.code(201);
      return ok(claim, claim.notified ? 'Your request was sent to the owner’s manager.' : 'Your request was recorded; the owner has no team manager to tell.');
    },
  );
}

/** Assigning leads, and whom they may be assigned to. */
function registerLeadAssignmentRoutes(routes: LeadRoutes): void {
  const { app, ctx, notify, leads, tags } = routes;
  app.post(
    '/api/leads/assign',
    { schema: { tags, summary: 'Assign leads to an agent or return them to the pool (another user or the pool needs assign)', body: assignBody, docs: { response: { 200: assignDoc } } }, onRequest: requirePrivilege('lead', 'update') },
    async (request) => {
      const body = request.body as z.infer<typeof assignBody>;
      const caller = callerOf(request);
      const changed = await ctx.db.transaction(async (tx) => {
        let count = 0;
        for (const id of [...new Set(body.ids)].sort()) if (await assignLead(ctx, tx, caller, id, body.userId, notify)) count += 1;
        return count;
      });
      return ok({ changed }, body.userId ? `${changed} ${changed === 1 ? 'lead' : 'leads'} assigned.` : `${changed} ${changed === 1 ? 'lead' : 'leads'} returned to the pool.`);
    },
  );

  app.get(
    '/api/leads/assignees',
    {
      schema: {
        tags,
        summary: 'Who a lead may be given to: active users with the lead privileges of an agent (for a team manager, of the lead’s team)',
        querystring: assigneesQuerySchema,
        response: { 200: assigneesResponseSchema },
      },
      onRequest: requirePrivilege('lead', 'update'),
    },
    async (request) => {
      const query = request.query as z.infer<typeof assigneesQuerySchema>;
      let team: string | null = null;
      if (query.lead) {
        const lead = await getRecord(ctx, ctx.db, leads, callerOf(request), query.lead);
        if (!lead) throw notFound('No such lead');
        team = typeof lead.salesTeam === 'string' ? lead.salesTeam : null;
      }
      return ok(await eligibleOwners(ctx.db, request.auth, team, query.q ?? ''));
    },
  );
}

/** Converting a lead to a customer, and merging two leads. */
function registerLeadOutcomeRoutes(routes: LeadRoutes): void {
  const { app, ctx, leads, activities, customers, tags } = routes;
  app.post(
    '/api/leads/:id/convert',
    {
      schema: { tags, summary: 'Make a customer of a lead: the link is kept both ways and the lead is won', params: idParams, body: convertBody, docs: { response: { 201: recordOf(ctx, 'customers') } } },
      onRequest: both(requirePrivilege('lead', 'update'), requirePrivilege('customer', 'create')),
    },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const body = request.body as z.infer<typeof convertBody>;
      const caller = callerOf(request);
      const result = await ctx.db.transaction(async (tx) => {
        await lockVisibleLead(tx, caller, id);
        const lead = (await getRecord(ctx, tx, leads, caller, id))!;
        if (lead.customer) throw conflict('This lead is already a customer.');
        const values = {
          kind: body.kind,
          fullName: lead.fullName,
          companyName: body.companyName,
          nationalId: body.nationalId || undefined,
          passportNo: body.passportNo || undefined,
          nationality: body.nationality ?? lead.nationality ?? undefined,
          birthDate: body.birthDate || undefined,
          phone: lead.phone,
          phone2: lead.phone2 ?? undefined,
          email: lead.email ?? undefined,
          address: body.address,
          country: body.country,
        };
        const parsed = createSchema(customers).safeParse(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null)));
        if (!parsed.success) throw parsed.error;
        const customer = await createRecord(ctx, tx, customers, caller, { ...(parsed.data as Record<string, unknown>), lead: id });
        await updateRecord(ctx, tx, leads, caller, id, { customer: customer.id, status: await wonStatus(tx) }, { ignoreVersion: true, allowReadOnly: true, action: 'convert' });
        return customer;
      });
      reply.code(201);
      return ok(result, 'Customer created from the lead.');
    },
  );

  app.post(
    '/api/leads/:id/merge',
    { schema: { tags, summary: 'Merge another lead into this one: activities, notes and history are kept here', params: idParams, body: mergeBody, docs: { response: { 200: recordOf(ctx, 'leads') } } }, onRequest: both(requirePrivilege('lead', 'update'), requirePrivilege('lead', 'assign')) },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const { otherId } = request.body as z.infer<typeof mergeBody>;
      if (otherId === id) throw badRequest('Validation failed', [{ field: 'otherId', message: 'Choose another lead' }]);
      const caller = callerOf(request);
      const merged = await ctx.db.transaction(async (tx) => {
        for (const leadId of [id, otherId].sort()) await lockVisibleLead(tx, caller, leadId);
        const survivor = (await getRecord(ctx, tx, leads, caller, id))!;
        const other = (await getRecord(ctx, tx, leads, caller, otherId))!;
        for (const lead of [survivor, other]) {
          if (lead.mergedInto) throw conflict(`${String(lead.fullName)} was already merged into ${String(lead.refLabels.mergedInto ?? 'another lead')}: open that lead instead.`);
        }
        if (survivor.customer && other.customer && survivor.customer !== other.customer) throw conflict('Both leads are already different customers.');
        const survivorName = `${String(survivor.fullName)} (${id})`;
        const otherName = `${String(other.fullName)} (${otherId})`;
        // The merged lead is archived first (it then leaves the duplicate checks the survivor's new contacts go through).
        await updateRecord(ctx, tx, leads, caller, otherId, { mergedInto: id, validUntil: null, reminderSentFor: null }, { ignoreVersion: true, allowReadOnly: true, action: 'merge', reason: `Merged into ${survivorName}.` });
        const moved = `Moved by merge of ${otherName} into ${survivorName}.`;
        const owned = async (def: typeof activities, column: string) =>
          (await tx.query<{ id: string }>(`select id::text from ${def.table} where ${column} = $1 order by id`, [otherId])).rows.map((row) => ({ id: row.id, values: { lead: id } }));
        await updateMany(ctx, tx, activities, caller, await owned(activities, 'lead_id'), { allowReadOnly: true, action: 'merge', reason: moved });
        await updateMany(ctx, tx, customers, caller, await owned(customers, 'lead_id'), { allowReadOnly: true, action: 'merge', reason: moved });
        // Claims are a side table (not a document): an agent's open request moves with the lead unless they already asked for the survivor.
        await tx.query('update lead_claims set lead_id = $1 where lead_id = $2 and not exists (select 1 from lead_claims c where c.lead_id = $1 and c.claimant_id = lead_claims.claimant_id and c.status = lead_claims.status)', [id, otherId]);
        const patch: Record<string, unknown> = {};
        const notes = [survivor.notes, other.notes ? `Merged from ${String(other.fullName)}: ${String(other.notes)}` : null].filter(Boolean).join('\n\n');
        if (notes && notes !== survivor.notes) patch.notes = notes.slice(0, 5000);
        if (!survivor.phone2 && other.phone && other.phone !== survivor.phone) patch.phone2 = other.phone;
        if (!survivor.email && other.email) patch.email = other.email;
        if (!survivor.customer && other.customer) patch.customer = other.customer;
        await updateRecord(ctx, tx, leads, caller, id, patch, { ignoreVersion: true, allowReadOnly: true, action: 'merge', reason: `Merged ${otherName} into this lead.` });
        return getRecord(ctx, tx, leads, caller, id);
      });
      return ok(merged, 'Leads merged.');
    },
  );
}

/** The validity job on demand, and the customers' duplicate check. */
function registerLeadUpkeepRoutes(routes: LeadRoutes): void {
  const { app, ctx, notify, tags, customerTags } = routes;
  app.post(
    '/api/leads/expiry/run',
    { schema: { tags, summary: 'Run the validity job now (reminders and expiry; it also runs on a schedule)', docs: { response: { 200: expiryRunDoc } } } as FastifySchema, onRequest: requirePrivilege('lead', 'assign') },
    async () => ok(await runLeadExpiry(ctx, notify), 'Validity job run.'),
  );

  app.get(
    '/api/customers/duplicates',
    { schema: { tags: customerTags, summary: 'Customers with this phone or national ID', querystring: customerDuplicateQuery, docs: { response: { 200: customerDuplicatesDoc } } }, onRequest: requirePrivilege('customer', 'read') },
    async (request) => {
      const query = request.query as z.infer<typeof customerDuplicateQuery>;
      const phone = query.phone ? toE164(query.phone) : null;
      const nationalId = query.nationalId || null;
      if (!phone && !nationalId) return ok([]);
      const rows = await ctx.db.query<{ id: string; full_name: string; by_phone: boolean }>(
        `select id::text, full_name, (phone = $1 or phone2 = $1) as by_phone from customers
          where ((phone = $1 or phone2 = $1) or ($2::text is not null and national_id = $2)) and ($3::uuid is null or id <> $3::uuid) order by full_name limit 5`,
        [phone, nationalId, query.excludeId ?? null],
      );
      return ok(rows.rows.map((row) => ({ id: row.id, fullName: row.full_name, matchedOn: row.by_phone ? 'phone' : 'nationalId', link: customerLinks.link(row.id) })));
    },
  );
}
