import { effectOf, updateRecord, type Caller, type EngineContext } from '@propdesk/records/server';
import { HttpError, dataWord, fieldError, notFound, unprocessable, type FieldError, type Queryable } from '@propdesk/server-kit';
import type { z } from 'zod';
import { procurementText, stateWord } from '../../server/i18n/catalog.js';
import { qty, type receiptSchema } from '../../model/index.js';
import { today } from '../common.server.js';

/** Receives goods against an issued order; over-receipt needs a reason. Moves the order and its request on. */
export async function receive(ctx: EngineContext, tx: Queryable, caller: Caller, orderId: string, body: z.infer<typeof receiptSchema>) {
  const order = (await tx.query<{ status: string; request: string | null }>('select status, request_id::text as request from purchase_orders where id = $1 for update', [orderId])).rows[0];
  if (!order) throw notFound(procurementText('noPurchaseOrder'));
  if (!['issued', 'partially_received'].includes(order.status)) throw unprocessable(procurementText('receiveOnlyIssued', { status: stateWord('purchase-orders', order.status) }));
  const lines = (
    await tx.query<{ id: string; quantity: string; received: string; requestLine: string | null }>(
      'select id::text as id, quantity::text as quantity, coalesce(received_quantity, 0)::text as received, request_line_id::text as "requestLine" from purchase_order_lines where order_id = $1',
      [orderId],
    )
  ).rows;
  const problems: FieldError[] = [];
  const receivedNow = new Map<string, string>();
  body.lines.forEach((item, index) => {
    const line = lines.find((candidate) => candidate.id === item.line);
    if (!line) return void problems.push(fieldError(`lines.${index}.line`, procurementText('notLineOfOrder')));
    const total = qty.add(qty.add(line.received, receivedNow.get(line.id) ?? '0'), item.quantity);
    if (qty.cmp(total, line.quantity) > 0 && !body.overReceiptReason) {
      problems.push(fieldError(`lines.${index}.quantity`, procurementText('overReceipt', { ordered: dataWord(line.quantity), received: dataWord(line.received) })));
    }
    receivedNow.set(line.id, qty.add(receivedNow.get(line.id) ?? '0', item.quantity));
  });
  if (problems.length > 0) throw new HttpError(422, procurementText('receiptRefused'), { errors: problems });
  const lineDef = ctx.registry.get('purchase-order-lines');
  const effect = effectOf(caller);
  const summary = body.lines.map((item) => item.quantity).join(' + ');
  for (const item of body.lines) {
    await tx.query('insert into po_receipts (order_id, line_id, quantity, received_on, over_receipt_reason, received_by) values ($1, $2, $3::numeric, $4::date, $5, $6)', [
      orderId,
      item.line,
      item.quantity,
      body.receivedOn ?? today(),
      body.overReceiptReason ?? null,
      caller.auth?.userId ?? null,
    ]);
  }
  // Each line's received quantity through the engine (the request line's follows as a roll-up).
  for (const [lineId, quantity] of receivedNow) {
    const line = lines.find((candidate) => candidate.id === lineId)!;
    await updateRecord(ctx, tx, lineDef, effect, lineId, { receivedQuantity: qty.add(line.received, quantity) }, {
      ignoreVersion: true,
      allowReadOnly: true,
      action: 'receive',
      reason: `${quantity} received`,
    });
  }
  const after = (await tx.query<{ n: number }>('select count(*)::int as n from purchase_order_lines where order_id = $1 and coalesce(received_quantity, 0) < quantity', [orderId])).rows[0]!;
  const status = after.n === 0 ? 'received' : 'partially_received';
  return updateRecord(ctx, tx, ctx.registry.get('purchase-orders'), caller, orderId, { status }, {
    ignoreVersion: true,
    allowReadOnly: true,
    action: 'receive',
    reason: body.overReceiptReason ? `${summary} received; over-receipt: ${body.overReceiptReason}` : `${summary} received`,
  });
}
