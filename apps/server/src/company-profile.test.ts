import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_COMPANY } from '@propdesk/settings/server';
import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './test/harness.js';
import { PDFTOTEXT, grant, salesCore, type Agent } from './test/sales-core.js';

/** A PNG of the given size (the demo's logo is 240 × 240): signature, IHDR, one empty IDAT, IEND. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', Buffer.alloc(0)), chunk('IEND', Buffer.alloc(0))]);
}

const pdfText = (content: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'company-print-')), 'print.pdf');
  writeFileSync(file, content);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

/** No ISO date (2026-11-27) and no bare amount (150000.00) in a text people read. */
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;
const BARE_AMOUNT = /(?<![\d,])\d{4,}\.\d{2}\b/;

/**
 * Issue 25, "as a person reads it": the company profile (a singleton with its logo, used by every
 * print) and the texts of the notifications (money with its currency and grouping, dates in words).
 */
describe.each(DB_KINDS)('company profile and readable texts on %s', (kind) => {
  const core = salesCore(kind);
  const profileId = async () => (await core.db.query<{ id: string }>('select id::text as id from company_profile')).rows[0]!.id;
  const keeper = () => core.login(grant('companyProfile', ['read', 'create', 'update']));

  it('is one record: the demo company, a second create is 409, never deleted; writing needs update on companyProfile', async () => {
    const admin = await keeper();
    const list = await admin.request({ method: 'GET', url: '/api/company-profile' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ name: DEMO_COMPANY.name, nameAr: DEMO_COMPANY.nameAr, commercialRegister: DEMO_COMPANY.commercialRegister, logoType: 'image/png' });
    const second = await admin.request({ method: 'POST', url: '/api/company-profile', payload: { ...DEMO_COMPANY, name: 'Another Company S.A.E.' } });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain('one company profile');
    const id = await profileId();
    expect((await admin.request({ method: 'DELETE', url: `/api/company-profile/${id}` })).statusCode).toBe(422);
    expect((await core.db.query('select count(*)::int as n from company_profile')).rows[0]).toEqual({ n: 1 });

    const reader = await core.login(grant('companyProfile', ['read']));
    expect((await reader.request({ method: 'GET', url: `/api/company-profile/${id}` })).statusCode).toBe(200);
    expect((await reader.request({ method: 'PATCH', url: `/api/company-profile/${id}`, payload: { taxCard: '1' } })).statusCode).toBe(423);
    expect((await reader.request({ method: 'PUT', url: `/api/company-profile/${id}/logo`, headers: { 'content-type': 'image/png' }, payload: png(10, 10) })).statusCode).toBe(423);
    const stranger = await core.login(grant('customer', ['read']));
    expect((await stranger.request({ method: 'GET', url: '/api/company-profile' })).statusCode).toBe(423);
  });

  it('validates the profile: required names, Arabic in the Arabic fields, nothing written on a refusal', async () => {
    const admin = await keeper();
    const id = await profileId();
    const before = (await admin.request({ method: 'GET', url: `/api/company-profile/${id}` })).json().data;
    const latin = await admin.request({ method: 'PATCH', url: `/api/company-profile/${id}`, payload: { version: before.version, nameAr: 'Al Manara' } });
    expect(latin.statusCode).toBe(400);
    expect(latin.json().errors).toContainEqual({ field: 'nameAr', message: 'Write it in Arabic letters' });
    const empty = await admin.request({ method: 'PATCH', url: `/api/company-profile/${id}`, payload: { version: before.version, name: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.map((error: { field: string }) => error.field)).toContain('name');
    expect((await admin.request({ method: 'GET', url: `/api/company-profile/${id}` })).json().data.version).toBe(before.version);
  });

  it('takes a PNG or JPEG logo of at most 1 MB, judged by its bytes; refuses anything else naming the logo; the history says so', async () => {
    const admin = await keeper();
    const id = await profileId();
    const put = (body: Buffer, type = 'image/png') => admin.request({ method: 'PUT', url: `/api/company-profile/${id}/logo`, headers: { 'content-type': type }, payload: body });
    const stored = async () => (await core.db.query<{ content: Uint8Array; content_type: string }>('select content, content_type from company_logos where profile_id = $1', [id])).rows[0]!;
    const original = Buffer.from((await stored()).content);

    const refusals: [Buffer, string, RegExp][] = [
      [Buffer.from('%PDF-1.7 not an image'), 'image/png', /PNG or JPEG/],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'application/octet-stream', /PNG or JPEG image can be the logo; this is gif/],
      [Buffer.concat([png(200, 200), Buffer.alloc(1024 * 1024)]), 'image/png', /At most 1\.0 MB; this image is 1\.0 MB/],
      [png(5000, 100), 'image/png', /At most 4000 pixels a side; this one is 5000 × 100/],
    ];
    for (const [body, type, message] of refusals) {
      const response = await put(body, type);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors[0].field).toBe('logo');
      expect(response.json().errors[0].message).toMatch(message);
    }
    // A JSON body is not a logo (the route reads bytes only): refused, nothing changed.
    expect((await admin.request({ method: 'PUT', url: `/api/company-profile/${id}/logo`, payload: { logo: 'x' } })).statusCode).toBeGreaterThanOrEqual(400);
    expect(Buffer.from((await stored()).content).equals(original)).toBe(true);

    // The declared type does not matter: the bytes say PNG.
    const logo = png(320, 160);
    const uploaded = await put(logo, 'application/octet-stream');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().data).toMatchObject({ logoType: 'image/png', logoSize: logo.length });
    const served = await admin.request({ method: 'GET', url: `/api/company-profile/${id}/logo` });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(logo)).toBe(true);
    const history = (await admin.request({ method: 'GET', url: `/api/company-profile/${id}/history` })).json().data;
    expect(history[0]).toMatchObject({ action: 'logo', reason: '320 × 160 pixels' });
    // Back to the demo's logo for the prints below.
    expect((await put(original)).statusCode).toBe(200);
  });

  it.runIf(PDFTOTEXT)('names the seller on every print, in English and Arabic: contract, receipt, statement, broker statement, purchase order', async () => {
    const admin = await core.login([
      ...grant('contract', ['read', 'create', 'update', 'approve']),
      ...grant('receipt', ['read', 'create']),
      ...grant('customer', ['read']),
      ...grant('contractPayment', ['read']),
      ...grant('reservation', ['read']),
      ...grant('commission', ['read']),
      ...grant('poheader', ['read']),
    ]);
    const customer = await core.customer({ fullName: 'Hana Mostafa', nationalId: '29001017654381', phone: '+201012345781' });
    const contract = await core.newContract({ customer, by: admin, contractDate: '2026-11-24' });
    const print = async (url: string) => {
      const response = await admin.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      return pdfText(response.rawPayload);
    };
    const en = await print(`/api/contracts/${contract.id}/print?lang=en`);
    expect(en).toContain(DEMO_COMPANY.name);
    expect(en).toContain(`Commercial register ${DEMO_COMPANY.commercialRegister}`);
    expect(en).toContain(`Tax card ${DEMO_COMPANY.taxCard}`);
    expect(en).toContain('Seller');
    expect(en).toContain('For the seller');
    // Dates as a person reads them: the contract date and the schedule's.
    expect(en).toContain('Date: 24 Nov 2026');
    expect(en).not.toMatch(ISO_DATE);
    const ar = await print(`/api/contracts/${contract.id}/print?lang=ar`);
    // pdftotext gives Arabic words back in reading order; the name's words each appear.
    for (const word of ['المنارة', 'للتطوير', 'العقاري']) expect(ar).toContain(word);
    expect(ar).toContain('البائع');
    expect(ar).toContain(DEMO_COMPANY.taxCard);

    const receipt = await core.receive(admin, { customer, contract: contract.id, amount: '1000.00' });
    expect(receipt.statusCode, receipt.body).toBe(201);
    const receiptText = await print(`/api/receipts/${receipt.json().data.id as string}/print?lang=en`);
    expect(receiptText).toContain(DEMO_COMPANY.name);
    expect(receiptText).toContain('25 Nov 2026');
    expect(receiptText).not.toMatch(ISO_DATE);

    const statement = await print(`/api/customers/${customer}/statement/print?lang=en&asOf=2026-11-30`);
    expect(statement).toContain(DEMO_COMPANY.name);
    expect(statement).toContain('30 Nov 2026');
    expect(statement).not.toMatch(ISO_DATE);

    const broker = (await core.db.query<{ id: string }>("select id::text as id from brokers where name = 'Nile Realty'")).rows[0]!.id;
    const brokerStatement = await print(`/api/brokers/${broker}/commission-statement/print?lang=en&asOf=2026-11-30`);
    expect(brokerStatement).toContain(DEMO_COMPANY.name);
    expect(brokerStatement).not.toMatch(ISO_DATE);

    const order = (await core.db.query<{ id: string }>("select id::text as id from purchase_orders where status = 'issued' order by number limit 1")).rows[0]!.id;
    const orderText = await print(`/api/purchase-orders/${order}/print`);
    expect(orderText).toContain(DEMO_COMPANY.name);
    expect(orderText).toContain(`Commercial register ${DEMO_COMPANY.commercialRegister}`);
    expect(orderText).not.toContain('Propdesk Developments');
    // Ten prints laid out on a busy machine: PGlite took 31 s once.
  }, 120_000);

  it('writes money with its currency and grouping and dates in words in the notifications it sends', async () => {
    const agent = await core.loginUser([...grant('reservation', ['read', 'create', 'update']), ...grant('reservationPayment', ['read', 'create'])]);
    const finance: Agent = await core.login([...grant('reservation', ['read']), ...grant('reservationPayment', ['read', 'approve'])]);
    const customer = await core.customer({ fullName: 'Youssef Nabil', nationalId: '29001017654382', phone: '+201012345782' });
    const reservation = await core.reservation({ customer, agent: agent.id, submit: true });
    const paid = await agent.agent.request({ method: 'POST', url: '/api/reservation-payments', payload: { reservation: reservation.id, kind: 'fee', amount: '150000.00', paidOn: '2026-11-24' } });
    expect(paid.statusCode, paid.body).toBe(201);
    const approved = await finance.request({ method: 'POST', url: `/api/reservation-payments/${paid.json().data.id as string}/actions/approve`, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);

    const notes = (await core.db.query<{ title: string; body: string }>('select title, body from notifications where user_id = $1 order by seq', [agent.id])).rows;
    const approvedNote = notes.find((note) => note.title.startsWith('Payment approved'));
    expect(approvedNote?.body).toBe('150,000.00 EGP counts towards the reservation.');
    const confirmed = notes.find((note) => note.title.startsWith('Reservation confirmed'));
    expect(confirmed?.body).toMatch(/^The unit is reserved until \d{2} [A-Z][a-z]{2} \d{4} for the contract to be signed\.$/);
    for (const note of notes) {
      expect(note.body, note.title).not.toMatch(ISO_DATE);
      expect(note.body, note.title).not.toMatch(BARE_AMOUNT);
    }
  });
});
