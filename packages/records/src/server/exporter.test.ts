import type { Database } from '@propdesk/server-kit';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { all, fixtureApp, fixtureDatabase } from './test/fixtures.js';

let db: Database;
let app: FastifyInstance;
let userId: string;
const privileges = [...all(['project', 'unit']), { entityName: 'unit', fieldName: 'basePrice', action: 'read' }, { entityName: 'unit', fieldName: 'basePrice', action: 'update' }];

async function call(method: string, url: string, payload?: object) {
  return app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}), headers: { 'x-test-user': userId, 'x-test-privileges': JSON.stringify(privileges) } });
}

beforeAll(async () => {
  db = await fixtureDatabase();
  const user = await db.query<{ id: string }>("insert into users (username, full_name) values ('exporter', 'Ex Porter') returning id::text as id");
  userId = user.rows[0]!.id;
  app = await fixtureApp(db);
  const project = await call('POST', '/api/projects', { name: 'Palm', code: 'PLM', launchDate: '2026-11-24' });
  expect(project.statusCode, project.body).toBe(201);
  const unit = await call('POST', '/api/units', { code: 'A-1', project: project.json().data.id, floor: 2, areaM2: '120.50', basePrice: '146000.00' });
  expect(unit.statusCode, unit.body).toBe(201);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('exports meant for people and for machines', () => {
  it('writes XLSX with real numbers and dates shown as people read them', async () => {
    const units = await call('GET', '/api/units/export?format=xlsx&columns=code,floor,areaM2,basePrice');
    expect(units.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(units.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('A-1');
    expect(row.getCell(2).value).toBe(2);
    expect(row.getCell(3).value).toBe(120.5);
    expect(row.getCell(4).value).toBe(146000);
    expect(row.getCell(4).numFmt).toBe('#,##0.00 "EGP"');

    const projects = await call('GET', '/api/projects/export?format=xlsx&columns=name,launchDate');
    const projectBook = new ExcelJS.Workbook();
    await projectBook.xlsx.load(projects.rawPayload as unknown as ArrayBuffer);
    const cell = projectBook.worksheets[0]!.getRow(2).getCell(2);
    expect(cell.value).toBeInstanceOf(Date);
    expect((cell.value as Date).toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(cell.numFmt).toBe('dd mmm yyyy');
  });

  it('keeps CSV machine-readable: ISO dates and plain numbers, as an import reads them back', async () => {
    const csv = await call('GET', '/api/projects/export?format=csv&columns=name,launchDate');
    expect(csv.body.replace(/^\ufeff/, '').trim().split('\n')[1]).toBe('Palm,2026-11-24');
    const units = await call('GET', '/api/units/export?format=csv&columns=code,basePrice');
    expect(units.body.replace(/^\ufeff/, '').trim().split('\n')[1]).toBe('A-1,146000.00');
  });
});
