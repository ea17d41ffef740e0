import { dateString, dateTimeString, decimalString, okEnvelope } from '@propdesk/server-kit';
import { z } from 'zod';
import { month } from '../../server/docs.js';

/**
 * The answers of the collections dashboard and the statement of account (`routes.server.ts`), for the OpenAPI document only (server-kit
 * `RouteDocs`, decision 150): each schema follows the handler's query or the object it builds.
 * Nothing here validates a request or shapes an answer.
 */

const range = z.object({ from: dateString, to: dateString });
export const collectionsDashboardDoc = okEnvelope(
  z.object({
    asOf: dateTimeString,
    today: dateString,
    week: range,
    month: range,
    due: z.array(
      z.object({
        currency: z.string(),
        weekRows: z.int(),
        week: decimalString,
        weekCovered: decimalString,
        monthRows: z.int(),
        month: decimalString,
        monthCovered: decimalString,
        overdueRows: z.int(),
        overdue: decimalString,
      }),
    ),
    aging: z.array(
      z.object({
        projectId: z.uuid(),
        project: z.string(),
        currency: z.string(),
        agentId: z.uuid().nullable(),
        agent: z.string().nullable(),
        d0_30: decimalString,
        d31_60: decimalString,
        d61_90: decimalString,
        d90: decimalString,
        total: decimalString,
      }),
    ),
    expected: z.array(z.object({ currency: z.string(), month, rows: z.int(), amount: decimalString, covered: decimalString })),
    cheques: z
      .array(z.object({ bankId: z.string(), bank: z.string(), rows: z.int(), amount: decimalString, lateRows: z.int(), late: decimalString }))
      .nullable()
      .meta({ description: 'Null without cheque read' }),
  }),
);
export const statementDoc = okEnvelope(
  z.object({
    customer: z.object({ id: z.uuid(), name: z.string() }),
    asOf: dateString,
    lines: z.array(
      z.object({
        date: dateString,
        kind: z.enum(['charge', 'receipt', 'cheque']),
        reference: z.string(),
        description: z.string(),
        code: z.string().nullable(),
        charge: decimalString.nullable(),
        credit: decimalString.nullable(),
        covering: decimalString.nullable(),
        balance: decimalString,
      }),
    ),
    charges: decimalString,
    receipts: decimalString,
    balance: decimalString.meta({ description: 'Owed now; negative when paid ahead' }),
    covered: decimalString,
    notYetDue: decimalString,
    remaining: decimalString,
  }),
);
