import { callerOf, engineTransaction, getRecord, type DomainNotify, type EngineContext } from '@propdesk/records/server';
import { generateSchedule, type Frequency, type PlanTerms } from '@propdesk/finance';
import { notFound, ok, requirePrivilege, unprocessable, type Queryable } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { reservations } from './definition.js';
import { modifyBody, previewBody, type ReservationPreview } from './model.js';
import { priceFor, withinAuthority } from './lifecycle.server.js';
import { customerPortfolio } from './portfolio.server.js';
import { listRevisions, requestModification } from './revisions.server.js';
import { addDays, reservationSetupFor, todayInCairo } from './setup.server.js';
import { recordOf } from '../../server/docs.js';
import { portfolioDoc, reservationPreviewDoc, revisionsDoc } from './docs.server.js';

const idParams = z.object({ id: z.uuid() });
/** A payment plan's terms as the schedule generator reads them; its discount is already in the reservation's net price. */
async function planTermsOf(db: Queryable, planId: string): Promise<PlanTerms> {
  const rows = await db.query<{ down_payment_pct: string; years: number; frequency: string; delivery_pct: string; delivery_after_months: number; maintenance_pct: string }>(
    `select down_payment_pct::text as down_payment_pct, years, frequency, delivery_pct::text as delivery_pct, delivery_after_months, maintenance_pct::text as maintenance_pct
       from payment_plans where id = $1`,
    [planId],
  );
  const plan = rows.rows[0];
  if (!plan) throw unprocessable(salesText('noPaymentPlan'));
  return {
    downPaymentPct: plan.down_payment_pct ?? '0',
    years: plan.years ?? 0,
    frequency: (plan.frequency ?? 'quarterly') as Frequency,
    deliveryPct: plan.delivery_pct ?? '0',
    deliveryAfterMonths: plan.delivery_after_months ?? 0,
    maintenancePct: plan.maintenance_pct ?? '0',
    discountPct: 0,
  };
}

/**
 * The reservation calls beside the engine's: the price and installment preview of the create and
 * modify screens (`POST /api/reservations/preview`), a modification asked for
 * (`POST /api/reservations/{id}/modify`) and the revisions kept (`GET /api/reservations/{id}/revisions`).
 */
export function registerReservationRoutes(app: FastifyInstance, engine: EngineContext, notify: DomainNotify) {
  app.post(
    '/api/reservations/preview',
    {
      schema: { tags: [reservations.label], summary: 'A reservation’s prices, installment schedule and whether its discount needs approval', body: previewBody, docs: { response: { 200: reservationPreviewDoc } } },
      // A preview writes nothing: whoever reads reservations (an approver on the view) may price one.
      onRequest: requirePrivilege(reservations.entity, 'read'),
    },
    async (request) => {
      const body = request.body as z.infer<typeof previewBody>;
      const caller = callerOf(request);
      return ok(
        await engineTransaction(engine, async (tx) => {
          const priced = await priceFor(tx, { unitId: body.unit, paymentPlanId: body.paymentPlan ?? null, offerId: body.offer ?? null, discountKind: body.discountKind ?? null, discountValue: body.discountValue ?? null });
          const setup = await reservationSetupFor(tx, priced.unit.project);
          const startDate = body.startDate ?? todayInCairo();
          const schedule = priced.paymentPlan ? generateSchedule({ price: priced.pricing.netPrice, terms: await planTermsOf(tx, priced.paymentPlan), startDate }) : null;
          const authority = await withinAuthority(tx, caller, { offer: body.offer ?? null, listPrice: priced.pricing.listPrice, discountPct: priced.pricing.discountPct, planDiscountPct: priced.pricing.planDiscountPct });
          const answer: ReservationPreview = {
            unit: { id: priced.unit.id, code: priced.unit.code, project: priced.unit.project },
            ...priced.pricing,
            discountKind: priced.discountKind,
            discountValue: priced.discountValue,
            paymentPlan: priced.paymentPlan,
            schedule,
            authorityPct: authority.authority,
            needsApproval: !authority.ok,
            defaultSignBy: addDays(todayInCairo(), setup.signByDays),
            defaultFee: setup.defaultFee,
          };
          return answer;
        }),
      );
    },
  );

  app.post(
    '/api/reservations/:id/modify',
    {
      schema: { tags: [reservations.label], summary: 'Ask to change a confirmed reservation’s unit, plan or discount; applied as a new revision once approved', params: idParams, body: modifyBody, docs: { response: { 200: recordOf(engine, 'reservations') } } },
      onRequest: requirePrivilege(reservations.entity, 'update'),
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const body = request.body as z.infer<typeof modifyBody>;
      const caller = callerOf(request);
      return ok(await engineTransaction(engine, (tx) => requestModification(engine, notify, tx, caller, id, body)));
    },
  );

  app.get(
    '/api/customers/:id/portfolio',
    {
      schema: { tags: ['Customers'], summary: 'A customer’s leads, EOIs, holds, reservations and payments, as far as the caller may read them', params: idParams, docs: { response: { 200: portfolioDoc(engine) } } },
      onRequest: requirePrivilege('customer', 'read'),
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const caller = callerOf(request);
      // Reads only, outside a transaction: the engine's lists read through its own pool.
      if (!(await getRecord(engine, engine.db, engine.registry.get('customers'), caller, id))) throw notFound(salesText('noCustomer'));
      return ok(await customerPortfolio(engine, engine.db, caller, id));
    },
  );

  app.get(
    '/api/reservations/:id/revisions',
    {
      schema: { tags: [reservations.label], summary: 'A reservation’s revisions: each modification asked for, the reservation before it and after', params: idParams, docs: { response: { 200: revisionsDoc } } },
      onRequest: requirePrivilege(reservations.entity, 'read'),
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const caller = callerOf(request);
      const revisions = await engineTransaction(engine, async (tx) => {
        if (!(await getRecord(engine, tx, reservations, caller, id))) throw notFound(salesText('noReservation'));
        return listRevisions(tx, id);
      });
      return ok(revisions);
    },
  );
}
