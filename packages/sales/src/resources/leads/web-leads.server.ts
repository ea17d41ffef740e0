import { createChecker } from '@propdesk/privileges';
import { valueSchema } from '@propdesk/records/model';
import { callerOf, createRecord, engineTransaction, type Caller, type DomainContext, type EngineContext } from '@propdesk/records/server';
import { ok, type Queryable } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { notice } from '../../server/i18n/notice.js';
import { leadLink } from './rules.server.js';

/** The activity type a repeat web enquiry is logged as (made on first use). */
export const WEB_ENQUIRY_TYPE = 'Web enquiry';

/** What a repeat's activity may do on the key's behalf: log on the one lead it matched, whoever owns it. */
const LOG_REPEAT = createChecker([
  { entityName: 'lead', fieldName: null, action: 'update' },
  { entityName: 'lead', fieldName: null, action: 'readAll' },
]);

async function webEnquiryType(ctx: EngineContext, tx: Queryable): Promise<string> {
  const found = await tx.query<{ id: string }>('select id::text from lead_activity_types where lower(name) = lower($1) order by active desc limit 1', [WEB_ENQUIRY_TYPE]);
  if (found.rows[0]) return found.rows[0].id;
  const created = await createRecord(ctx, tx, ctx.registry.get('lead-activity-types'), { auth: null, source: 'system' }, { name: WEB_ENQUIRY_TYPE, icon: 'message' });
  return created.id;
}

/**
 * The open lead (not won, lost or merged away) holding one of these phones, still within its
 * validity (or in the pool, where it has none), oldest first.
 */
async function liveLeadWithPhone(tx: Queryable, phones: readonly string[]) {
  const rows = await tx.query<{ id: string; owner: string | null; name: string }>(
    `select l.id::text as id, l.assigned_to_id::text as owner, l.full_name as name
       from leads l left join lead_statuses s on s.id = l.status_id
      where (l.phone = any($1::text[]) or l.phone2 = any($1::text[]))
        and l.merged_into_id is null
        and coalesce(s.category, 'open') = 'open' and (l.valid_until is null or l.valid_until > now())
      order by l.created_on limit 1`,
    [phones],
  );
  return rows.rows[0] ?? null;
}

const line = (label: string, value: unknown) => (typeof value === 'string' && value.trim() !== '' ? `${label}: ${value.trim()}` : null);

/**
 * Leads that arrive by themselves (issue 27): a `POST /api/leads` made with an API key whose phone
 * is already on a live lead creates nothing. It answers 200 with that lead's id, logs the repeat as
 * a "Web enquiry" activity on it (by the key, so its history names the key; the activity moves the
 * lead's validity as any contact does) and tells the lead's agent. Staff saves keep the 409 duplicate
 * refusal. Registered on the app before the engine's routes (a hook reaches only routes made after it).
 */
export function registerWebLeadRepeats(app: FastifyInstance, context: Pick<DomainContext, 'engine' | 'notify'>): void {
  const ctx = context.engine;
  const leads = ctx.registry.get('leads');
  const phone = valueSchema(leads.fields.phone!);
  const normalized = (value: unknown): string | null => {
    const parsed = phone.safeParse(value);
    return parsed.success && typeof parsed.data === 'string' && parsed.data !== '' ? parsed.data : null;
  };
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || request.routeOptions.url !== '/api/leads') return undefined;
    const auth = request.auth;
    // Only a key that may create leads; the engine answers the others (401, 423) as ever.
    if (!auth?.apiKeyId || !auth.checker.can('lead', 'create')) return undefined;
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
    const values = body as Record<string, unknown>;
    const phones = [...new Set([normalized(values.phone), normalized(values.phone2)].filter((value): value is string => value !== null))].sort();
    // An invalid phone is the engine's 400 to give.
    if (phones.length === 0) return undefined;
    const caller: Caller = { ...callerOf(request), auth: { ...auth, checker: LOG_REPEAT } };
    const repeat = await engineTransaction(ctx, async (tx) => {
      // The same locks the duplicate check takes: a staff save of the same phone waits for this.
      for (const key of phones) await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`lead-contact:${key}`]);
      const lead = await liveLeadWithPhone(tx, phones);
      if (!lead) return null;
      const notes = [
        line('Name', values.fullName),
        line('Phone', values.phone),
        line('Second phone', values.phone2),
        line('Email', values.email),
        line('Message', values.notes),
      ].filter(Boolean);
      await createRecord(ctx, tx, ctx.registry.get('lead-activities'), caller, {
        lead: lead.id,
        type: await webEnquiryType(ctx, tx),
        at: new Date().toISOString(),
        outcome: 'Repeat enquiry',
        notes: notes.join('\n').slice(0, 5000) || null,
      });
      if (lead.owner) {
        await context.notify(tx, { userId: lead.owner, title: notice('noticeLeadRepeat', { name: lead.name }), body: notice('noticeLeadRepeatBody'), link: leadLink(lead.id), category: 'lead' });
      }
      return lead.id;
    });
    if (!repeat) return undefined;
    return reply.code(200).send(ok({ id: repeat, repeat: true }, 'This person already has an open lead: the enquiry was logged on it as a repeat.'));
  });
}
