import { createChecker } from '@propdesk/privileges';
import { createRecord, engineTransaction, type Caller, type EngineContext } from '@propdesk/records/server';

const SYSTEM: Caller = { auth: null, source: 'system' };

const SUPPLIERS = [
  { name: 'Nile Cement Co.', taxId: '100-200-301', contactName: 'Hany Fathy', email: 'sales@nilecement.example', phone: '+20 2 2345 6701', paymentTerms: 'net_30', address: 'Helwan Industrial Zone' },
  { name: 'Delta Steel Works', taxId: '100-200-302', contactName: 'Mona Adel', email: 'orders@deltasteel.example', phone: '+20 2 2345 6702', paymentTerms: 'net_60', address: '10th of Ramadan, Zone B3' },
  { name: 'Cairo Timber Trading', taxId: '100-200-303', contactName: 'Karim Saleh', email: 'info@cairotimber.example', phone: '+20 2 2345 6703', paymentTerms: 'net_15', address: 'Shubra El Kheima' },
  { name: 'Red Sea Electrical', taxId: '100-200-304', contactName: 'Nour Hassan', email: 'bids@redsea-elec.example', phone: '+20 2 2345 6704', paymentTerms: 'net_30', address: '6th of October, Zone 4' },
  { name: 'Giza Tiles & Ceramics', taxId: '100-200-305', contactName: 'Omar Lotfy', email: 'trade@gizatiles.example', phone: '+20 2 2345 6705', paymentTerms: 'immediate', address: 'Abu Rawash Industrial Area' },
] as const;

type Line = { description: string; quantity: string; unit: string; price: string };

const CEMENT: Line = { description: 'Portland cement 42.5N, 50 kg bags', quantity: '400', unit: 'bag', price: '95.00' };
const REBAR: Line = { description: 'Reinforcing steel bar 16 mm', quantity: '12', unit: 't', price: '41000.00' };
const PLYWOOD: Line = { description: 'Formwork plywood 18 mm', quantity: '150', unit: 'sheet', price: '820.00' };
const CABLE: Line = { description: 'Copper cable 4×16 mm²', quantity: '500', unit: 'm', price: '310.00' };
const TILES: Line = { description: 'Porcelain floor tiles 60×60', quantity: '900', unit: 'm²', price: '420.00' };

/** Requests in every state, each with its lines; the approved one is the comparison's. */
const REQUESTS: { key: string; title: string; status: string; lines: Line[]; project: number; reason?: string }[] = [
  { key: 'draft', title: 'Site office furniture', status: 'draft', lines: [{ description: 'Desks', quantity: '6', unit: 'pcs', price: '4500.00' }], project: 0 },
  { key: 'submitted', title: 'Electrical rough-in, Block C', status: 'submitted', lines: [CABLE], project: 1 },
  { key: 'approved', title: 'Slab materials, Tower B', status: 'approved', lines: [CEMENT, REBAR, PLYWOOD], project: 0 },
  { key: 'rejected', title: 'Marble lobby upgrade', status: 'rejected', lines: [{ description: 'Carrara marble slabs', quantity: '80', unit: 'm²', price: '6200.00' }], project: 0, reason: 'Not in this phase’s budget' },
  { key: 'partial', title: 'Finishing, show apartment', status: 'partially_ordered', lines: [TILES, PLYWOOD], project: 1 },
  { key: 'ordered', title: 'Foundations, Block A', status: 'ordered', lines: [CEMENT, REBAR], project: 2 },
  { key: 'closed', title: 'Hoarding and signage', status: 'closed', lines: [PLYWOOD], project: 2 },
  { key: 'cancelled', title: 'Temporary generator', status: 'cancelled', lines: [{ description: 'Diesel generator rental, 250 kVA', quantity: '1', unit: 'month', price: '65000.00' }], project: 1, reason: 'Grid connection arrived early' },
];

/** Orders in every state: [state, request key, supplier index, tiers approved, received share]. */
const ORDERS: { status: string; request: string | null; supplier: number; approvals: number; received: 'none' | 'part' | 'all'; lines: Line[] }[] = [
  { status: 'draft', request: null, supplier: 2, approvals: 0, received: 'none', lines: [{ description: 'Timber battens 50×50', quantity: '300', unit: 'pcs', price: '85.00' }] },
  { status: 'pending_approval', request: 'partial', supplier: 4, approvals: 1, received: 'none', lines: [TILES] },
  { status: 'approved', request: null, supplier: 3, approvals: 1, received: 'none', lines: [{ description: 'LED site lighting', quantity: '40', unit: 'pcs', price: '950.00' }] },
  { status: 'issued', request: 'ordered', supplier: 0, approvals: 1, received: 'none', lines: [CEMENT] },
  { status: 'partially_received', request: 'ordered', supplier: 1, approvals: 2, received: 'part', lines: [REBAR] },
  { status: 'received', request: null, supplier: 2, approvals: 1, received: 'all', lines: [{ description: 'Safety helmets', quantity: '120', unit: 'pcs', price: '150.00' }] },
  { status: 'closed', request: 'closed', supplier: 2, approvals: 2, received: 'all', lines: [PLYWOOD] },
  { status: 'cancelled', request: null, supplier: 3, approvals: 0, received: 'none', lines: [{ description: 'Cable trays', quantity: '60', unit: 'm', price: '240.00' }] },
];

const day = (base: Date, offset: number) => new Date(base.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

type CreateRecord = (resource: string, values: Record<string, unknown>, caller?: Caller) => Promise<{ id: string }>;

/** The quotations: a comparison on the approved request, and quotations in their other states. */
async function seedQuotations(create: CreateRecord, today: Date, requests: Map<string, { id: string; lines: string[] }>, suppliers: string[], asOfficer: Caller): Promise<void> {
  // The comparison: three suppliers quote the approved request; the third's quotation has expired.
  const approved = requests.get('approved')!;
  const approvedSpec = REQUESTS.find((spec) => spec.key === 'approved')!;
  const factors: [number, string, number, number][] = [
    [0, 'NC-2026-118', 0.97, 30],
    [1, 'DSW/Q/5521', 1.02, 20],
    [2, 'CTT-884', 0.9, -3],
  ];
  for (const [supplier, reference, factor, validDays] of factors) {
    const quotation = await create('quotations', {
      reference,
      request: approved.id,
      supplier: suppliers[supplier],
      quotedOn: day(today, -10),
      validUntil: day(today, validDays),
      leadTimeDays: 7 + supplier * 3,
      notes: 'Prices include delivery to site.',
    }, asOfficer);
    for (const [lineIndex, line] of approvedSpec.lines.entries()) {
      // Each supplier is cheapest on a different line, so a line-by-line award is worth making.
      const tilt = lineIndex === supplier ? factor - 0.06 : factor;
      await create('quotation-lines', {
        quotation: quotation.id,
        lineNo: lineIndex + 1,
        requestLine: approved.lines[lineIndex],
        description: line.description,
        quantity: line.quantity,
        unitPrice: (Math.round(Number(line.price) * tilt * 100) / 100).toFixed(2),
        taxPct: '14',
        leadTimeDays: 5 + lineIndex * 2 + supplier,
      });
    }
  }

  // Quotations in their other states: the ordered request's winner and loser, and a cancelled one.
  const others: [string, number, string, string, number][] = [
    ['ordered', 0, 'NC-2026-090', 'awarded', 0.98],
    ['ordered', 1, 'DSW/Q/5377', 'not_awarded', 1.04],
    ['partial', 3, 'RSE-2026-12', 'cancelled', 1.1],
  ];
  for (const [key, supplier, reference, status, factor] of others) {
    const request = requests.get(key)!;
    const spec = REQUESTS.find((candidate) => candidate.key === key)!;
    const quotation = await create('quotations', { reference, request: request.id, supplier: suppliers[supplier], quotedOn: day(today, -20), validUntil: day(today, 10), leadTimeDays: 10, status }, asOfficer);
    for (const [lineIndex, line] of spec.lines.entries()) {
      await create('quotation-lines', {
        quotation: quotation.id,
        lineNo: lineIndex + 1,
        requestLine: request.lines[lineIndex],
        description: line.description,
        quantity: line.quantity,
        unitPrice: (Math.round(Number(line.price) * factor * 100) / 100).toFixed(2),
        taxPct: '14',
        leadTimeDays: 10,
      });
    }
  }
}

/**
 * The procurement demo data, written through the engine in one transaction: suppliers, approval
 * tiers, requests, quotations (one expired) and orders in every state with their approvals and
 * receipts. Dates are relative to the seeding day so the comparison shows valid and expired
 * quotations; creation times are spaced so lists keep a stable order (drafts oldest).
 */
export async function seedProcurementDemo(ctx: EngineContext): Promise<boolean> {
  const registry = ctx.registry;
  return engineTransaction(ctx, async (tx) => {
    const claimed = await tx.query("insert into app_state (key, value) values ('demo-procurement-seeded', 'true'::jsonb) on conflict (key) do nothing returning key");
    if (claimed.rows.length === 0) return false;
    const today = new Date();
    let tick = 0;
    const stamp = () => ({ created_on: new Date(today.getTime() - 3_600_000 + (tick += 1) * 1000).toISOString() });
    const create = async (resource: string, values: Record<string, unknown>, caller: Caller = SYSTEM) => createRecord(ctx, tx, registry.get(resource), caller, values, stamp());
    const idOf = async (sql: string, params: unknown[]) => (await tx.query<{ id: string }>(sql, params)).rows[0]?.id ?? null;

    const user = (username: string) => idOf('select id::text as id from users where lower(username) = $1', [username]);
    const officer = await user('procurement.officer');
    const manager = await user('procurement.manager');
    const finance = await user('finance.manager');
    const department = await idOf("select id::text as id from departments where lower(name) = 'procurement'", []);
    const projects = (await tx.query<{ id: string }>('select id::text as id from projects order by name limit 3')).rows.map((row) => row.id);
    const asOfficer: Caller = officer ? { auth: { userId: officer, username: 'procurement.officer', sessionId: 'seed', departmentId: department, checker: createChecker([]) }, source: 'system' } : SYSTEM;

    const suppliers: string[] = [];
    for (const supplier of SUPPLIERS) suppliers.push((await create('suppliers', { ...supplier })).id);

    const tiers: [string, number, string, string][] = [
      ['Procurement manager', 1, '0.00', 'procurement manager'],
      ['Finance manager', 2, '50000.00', 'finance manager'],
      ['Director', 3, '1000000.00', 'administrator'],
    ];
    for (const [name, level, aboveAmount, roleName] of tiers) {
      const role = await idOf('select id::text as id from roles where lower(name) = $1', [roleName]);
      if (role) await create('approval-tiers', { name, level, aboveAmount, role });
    }

    const requests = new Map<string, { id: string; lines: string[] }>();
    for (const [index, spec] of REQUESTS.entries()) {
      const request = await create(
        'purchase-requests',
        {
          title: spec.title,
          requester: officer,
          department,
          project: projects[spec.project % Math.max(1, projects.length)] ?? null,
          neededBy: day(today, 14 + index * 3),
          justification: `${spec.title}: needed for the programme of works.`,
          status: spec.status,
        },
        asOfficer,
      );
      const lines: string[] = [];
      for (const [lineIndex, line] of spec.lines.entries()) {
        const ordered = ['partially_ordered'].includes(spec.status) && lineIndex > 0 ? '0' : ['partially_ordered', 'ordered', 'closed'].includes(spec.status) ? line.quantity : '0';
        const created = await create('purchase-request-lines', {
          request: request.id,
          lineNo: lineIndex + 1,
          description: line.description,
          quantity: line.quantity,
          unit: line.unit,
          estimatedUnitPrice: line.price,
          orderedQuantity: ordered,
          receivedQuantity: '0',
        });
        lines.push(created.id);
      }
      requests.set(spec.key, { id: request.id, lines });
    }

    await seedQuotations(create, today, requests, suppliers, asOfficer);

    for (const spec of ORDERS) {
      const request = spec.request ? requests.get(spec.request) : undefined;
      const requestSpec = REQUESTS.find((candidate) => candidate.key === spec.request);
      const order = await create('purchase-orders', {
        title: `${requestSpec?.title ?? spec.lines[0]!.description} — ${SUPPLIERS[spec.supplier]!.name}`,
        supplier: suppliers[spec.supplier],
        request: request?.id ?? null,
        project: projects[(requestSpec?.project ?? 0) % Math.max(1, projects.length)] ?? null,
        deliveryDate: day(today, 21),
        status: spec.status,
        issuedOn: ['issued', 'partially_received', 'received', 'closed'].includes(spec.status) ? day(today, -5) : null,
      }, asOfficer);
      for (const [lineIndex, line] of spec.lines.entries()) {
        const requestLine = request && requestSpec ? request.lines[requestSpec.lines.findIndex((candidate) => candidate.description === line.description)] ?? null : null;
        const received = spec.received === 'all' ? line.quantity : spec.received === 'part' ? String(Math.floor(Number(line.quantity) / 2)) : '0';
        const created = await create('purchase-order-lines', {
          order: order.id,
          lineNo: lineIndex + 1,
          requestLine,
          description: line.description,
          quantity: line.quantity,
          unit: line.unit,
          unitPrice: line.price,
          taxPct: '14',
          receivedQuantity: received,
        });
        if (received !== '0') {
          await tx.query('insert into po_receipts (order_id, line_id, quantity, received_on, received_by) values ($1, $2, $3::numeric, $4::date, $5)', [order.id, created.id, received, day(today, -2), officer]);
        }
      }
      const approvers: [number, string, string | null][] = [
        [1, 'Procurement manager', manager],
        [2, 'Finance manager', finance],
      ];
      for (const [level, name, approver] of approvers.slice(0, spec.approvals)) {
        if (approver) await tx.query('insert into po_approvals (order_id, tier_level, tier_name, user_id, comment) values ($1, $2, $3, $4, $5)', [order.id, level, name, approver, 'Approved (demo)']);
      }
    }
    return true;
  });
}

