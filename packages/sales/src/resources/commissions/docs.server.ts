import { dateString, decimalString, okEnvelope } from '@propdesk/server-kit';
import { z } from 'zod';
import { COMMISSION_STATES, COMMISSION_TRIGGERS } from './definition.js';

/**
 * The answers of the commission calls (a broker's statement, brokers owed, the evaluation) (`routes.server.ts`), for the OpenAPI document only (server-kit
 * `RouteDocs`, decision 150): each schema follows the handler's query or the object it builds.
 * Nothing here validates a request or shapes an answer.
 */

export const brokerStatementDoc = okEnvelope(
  z.object({
    broker: z.object({ id: z.uuid(), name: z.string(), companyName: z.string().nullable(), licenseNo: z.string() }),
    asOf: dateString,
    lines: z.array(
      z.object({
        id: z.uuid(),
        number: z.string(),
        contract: z.string().meta({ description: "The contract's number" }),
        project: z.string(),
        customer: z.string().nullable(),
        accruedOn: dateString,
        basis: decimalString,
        rate: z.string(),
        amount: decimalString,
        trigger: z.enum(COMMISSION_TRIGGERS),
        status: z.enum(COMMISSION_STATES),
        earnedOn: dateString.nullable(),
        paidOn: dateString.nullable(),
        paymentReference: z.string().nullable(),
        recoverable: decimalString,
        recovered: decimalString,
        recoveredOn: dateString.nullable(),
        recoveryReference: z.string().nullable(),
        reason: z.string().nullable(),
      }),
    ),
    totals: z.object({
      accrued: decimalString,
      payable: decimalString,
      approved: decimalString,
      paid: decimalString,
      reversed: decimalString,
      toRecover: decimalString,
      recovered: decimalString,
      owed: decimalString,
      netPaid: decimalString,
    }),
  }),
);
export const commissionBrokersDoc = okEnvelope(z.array(z.object({ id: z.uuid(), name: z.string(), lines: z.int(), owed: decimalString })));
export const evaluateBodyDoc = z.strictObject({ contract: z.uuid().optional().meta({ description: 'Only this contract; all of them when left out' }) }).meta({ description: 'Optional: the body may be left out' });
export const evaluateDoc = okEnvelope(z.object({ contracts: z.int(), accrued: z.int(), changed: z.int() }));
