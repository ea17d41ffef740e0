import type { ResourceHooks, Rollup } from '@propdesk/records/server';
import { badRequest, fieldError, type Queryable } from '@propdesk/server-kit';
import { procurementText } from '../../server/i18n/catalog.js';
import { linesTotals, one } from '../common.server.js';

/** A quotation line answers a line of its quotation's own request. */
async function checkRequestLine(tx: Queryable, quotationId: unknown, requestLineId: unknown) {
  if (typeof requestLineId !== 'string' || typeof quotationId !== 'string') return;
  const row = await one<{ ok: boolean }>(
    tx,
    `select rl.request_id is not distinct from q.request_id as ok from quotations q, purchase_request_lines rl where q.id = $1 and rl.id = $2`,
    [quotationId, requestLineId],
  );
  if (row && !row.ok) throw badRequest('Validation failed', [fieldError('requestLine', procurementText('quotationLineOtherRequest'))]);
}

export const quotationHooks: ResourceHooks = {
  afterUpdate: async (tx, id, _extra, { before, after }) => {
    if (before.request === after.request) return;
    const stray = await one<{ n: number }>(
      tx,
      `select count(*)::int as n from quotation_lines ql join purchase_request_lines rl on rl.id = ql.request_line_id
       where ql.quotation_id = $1 and rl.request_id is distinct from $2::uuid`,
      [id, after.request ?? null],
    );
    if ((stray?.n ?? 0) > 0) throw badRequest('Validation failed', [fieldError('request', procurementText('quotationOtherRequestLines'))]);
  },
};

export const quotationLineHooks: ResourceHooks = {
  beforeCreate: async (tx, _extra, _caller, values) => {
    await checkRequestLine(tx, values.quotation, values.requestLine);
  },
  beforeUpdate: async (tx, _id, values, before) => {
    await checkRequestLine(tx, values.quotation ?? before.quotation, values.requestLine === undefined ? before.requestLine : values.requestLine);
  },
};

export const quotationRollups: Rollup[] = [
  {
    target: 'quotations',
    source: 'quotation-lines',
    via: 'quotation',
    label: 'total',
    compute: async (tx, quotationId) => ({
      total: (await linesTotals(tx, { table: 'quotation_lines', parent: 'quotation_id', price: 'unit_price', tax: 'tax_pct' }, quotationId)).total,
    }),
  },
];
