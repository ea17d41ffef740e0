import { execFileSync } from 'node:child_process';
import { notify } from '@propdesk/notifications-core/server';
import type { Privilege } from '@propdesk/privileges';
import { engineTransaction, type EngineContext } from '@propdesk/records/server';
import { createReservation } from '@propdesk/sales/server';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createEngine } from '../domains.js';
import { TEST_ARGON2, createAgent, createTestUser, seededDatabases, testApp, type DbKind } from './harness.js';

/**
 * The fixture of the sales-core suites (contracts, receipts, cheques, collections, commissions):
 * a seeded database, the app and an engine on it for the suite, users logged in with exactly
 * some privileges, and contracts of units nobody has ever claimed.
 */

export type Agent = ReturnType<typeof createAgent>;
export const grant = (entityName: string, actions: string[]): Privilege[] => actions.map((action) => ({ entityName, action }));
/** The caller of work done by the server itself (a reservation made for a test). */
export const SYSTEM = { auth: null, source: 'system' as const };

const has = (tool: string) => {
  try {
    execFileSync(tool, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
/** The prints are read back with poppler's pdftotext; without it their tests are skipped. */
export const PDFTOTEXT = has('pdftotext');
export const toEastern = (text: string) => text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

/**
 * A unit `u` free for a new sale: active, available, priced, and never claimed. The demo leaves
 * released claims on some units (a cancelled reservation, an expired hold); a sale on such a unit
 * would meet that history, so tests take only units without any.
 */
export const FREE_UNIT = `u.active and u.status = 'available' and u.base_price is not null and not exists (select 1 from unit_claims c where c.unit_id = u.id)`;

/** An installment row as stored (`version` is its schedule version). */
export type Installment = { id: string; seq: number; kind: string; due_date: string; amount: string; paid: string; covered: string; cheque_date: string | null; status: string; overdue: boolean; version: number };
/** A contract as the API answers it. */
export type SalesContract = Record<string, unknown> & { id: string; number: string; status: string; version: number; netPrice: string; unit: string; project: string; reservation: string };

export type ReservationOptions = {
  customer: string;
  /** Only units of this project. */
  project?: string | undefined;
  /** The free unit first by code (the default) or last. */
  order?: 'asc' | 'desc' | undefined;
  /** The payment plan; by default the first by name the unit's project may use. */
  plan?: string | undefined;
  /** The reservation's agent (the caller's, none for the system, unless named). */
  agent?: string | undefined;
  broker?: string | null | undefined;
  /** Left out, the reservation is submitted (the server's default) and not checked; true checks it is confirmed; false leaves a draft. */
  submit?: boolean | undefined;
};

export type ContractOptions = ReservationOptions & {
  /** Who posts the contract. */
  by: Agent;
  contractDate?: string | undefined;
  /** More of the contract's body (a template of its own, say). */
  body?: Record<string, unknown> | undefined;
};

/** The suite's database, app and engine, opened before its tests and closed after them; call it first in the `describe`. */
export function salesCore(kind: DbKind) {
  const databases = seededDatabases(kind);
  const services = { notify, argon2: TEST_ARGON2, announceAuthChange: async () => undefined };
  /** Units this suite has used already. */
  const taken = new Set<string>();
  let db: Database;
  let app: FastifyInstance;
  let engine: EngineContext;
  let templateId: string;

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db, {}, { leadExpiryIntervalMs: 0 });
    engine = createEngine(db, services).engine;
    templateId = (await db.query<{ id: string }>("select id::text as id from contract_templates where name = 'Standard sale contract'")).rows[0]!.id;
  });

  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  /** A new user with exactly these privileges, logged in. */
  async function loginUser(privileges: Privilege[]): Promise<{ agent: Agent; id: string }> {
    const user = await createTestUser(db, privileges);
    const agent = createAgent(app);
    expect((await agent.login(user.username)).statusCode).toBe(200);
    return { agent, id: user.id };
  }

  /** A unit free for a sale, not taken by this suite before; it is taken from now on. */
  async function freeUnit(options: Pick<ReservationOptions, 'project' | 'order'> = {}) {
    const rows = await db.query<{ id: string; project: string }>(
      `select u.id::text as id, u.project_id::text as project from units u
        where ${FREE_UNIT} and ($1::uuid is null or u.project_id = $1::uuid) and not (u.id = any($2::uuid[]))
        order by u.code ${options.order === 'desc' ? 'desc' : 'asc'} limit 1`,
      [options.project ?? null, [...taken]],
    );
    const unit = rows.rows[0];
    if (!unit) throw new Error('No unit left free for a sale in the demo data.');
    taken.add(unit.id);
    return unit;
  }

  /** A reservation of a free unit, made by the server (within any authority). */
  async function reservation(options: ReservationOptions) {
    const unit = await freeUnit(options);
    const plan =
      options.plan ?? (await db.query<{ id: string }>('select id::text as id from payment_plans where project_id is null or project_id = $1 order by name limit 1', [unit.project])).rows[0]!.id;
    const input = {
      unitId: unit.id,
      customerId: options.customer,
      paymentPlanId: plan,
      discountValue: '0',
      ...(options.agent === undefined ? {} : { agentId: options.agent }),
      ...(options.broker === undefined ? {} : { brokerId: options.broker }),
      ...(options.submit === undefined ? {} : { submit: options.submit }),
    };
    const made = await engineTransaction(engine, (tx) => createReservation(engine, tx, input, SYSTEM));
    if (options.submit === true) expect(made.status).toBe('confirmed');
    return made;
  }

  /** A contract (`POST /api/contracts`, dated 2026-11-24 unless told) of a new reservation of a free unit. */
  async function newContract<T extends SalesContract = SalesContract>(options: ContractOptions): Promise<T> {
    const made = await reservation(options);
    const response = await options.by.request({
      method: 'POST',
      url: '/api/contracts',
      payload: { reservation: made.id, template: templateId, contractDate: options.contractDate ?? '2026-11-24', ...options.body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as T;
  }

  return {
    get db() {
      return db;
    },
    get app() {
      return app;
    },
    get engine() {
      return engine;
    },
    /** The demo's standard sale contract template. */
    get templateId() {
      return templateId;
    },
    taken,
    loginUser,
    login: async (privileges: Privilege[]): Promise<Agent> => (await loginUser(privileges)).agent,
    /** A new individual customer. */
    customer: async (person: { fullName: string; nationalId: string; phone: string; address?: string }) =>
      (
        await db.query<{ id: string }>("insert into customers (kind, full_name, national_id, phone, address) values ('individual', $1, $2, $3, $4) returning id::text as id", [
          person.fullName,
          person.nationalId,
          person.phone,
          person.address ?? null,
        ])
      ).rows[0]!.id,
    freeUnit,
    reservation,
    newContract,
    /** A contract's installments: its current rows (not superseded) by seq, every version's, or one version's. */
    rowsOf: async (contractId: string, version: number | 'all' | 'current' = 'current') =>
      (
        await db.query<Installment>(
          `select id::text as id, seq, kind, to_char(due_date, 'YYYY-MM-DD') as due_date, amount::text as amount, paid::text as paid, covered::text as covered,
                  to_char(cheque_date, 'YYYY-MM-DD') as cheque_date, status, overdue, schedule_version as version
             from installments where contract_id = $1 and ${
               version === 'current' ? "status <> 'superseded' order by seq" : '($2::int is null or schedule_version = $2::int) order by schedule_version, seq'
             }`,
          version === 'current' ? [contractId] : [contractId, version === 'all' ? null : version],
        )
      ).rows,
    /** Posts a receipt (in cash, dated 2026-11-25, unless the body says otherwise). */
    receive: (who: Agent, body: Record<string, unknown>): Promise<LightMyRequestResponse> => who.request({ method: 'POST', url: '/api/receipts', payload: { receiptDate: '2026-11-25', method: 'cash', ...body } }),
  };
}
