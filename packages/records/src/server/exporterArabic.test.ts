import type { Database } from '@propdesk/server-kit';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDefinitionWords } from './i18n/catalog.js';
import { all, fixtureApp, fixtureDatabase } from './test/fixtures.js';

// Issue 29: an XLSX export's header row and sheet name in the reader's language; CSV keeps the labels the import maps by.

let db: Database;
let app: FastifyInstance;
let userId: string;
const privileges = all(['project']);

async function get(url: string, language: string) {
  return app.inject({ method: 'GET', url, headers: { 'x-test-user': userId, 'x-test-privileges': JSON.stringify(privileges), 'accept-language': language } });
}

beforeAll(async () => {
  registerDefinitionWords({ 'projects.label': 'المشروعات', 'projects.fields.name.label': 'الاسم', 'projects.fields.code.label': 'الكود' });
  db = await fixtureDatabase();
  const user = await db.query<{ id: string }>("insert into users (username, full_name) values ('exporter-ar', 'Ex Porter') returning id::text as id");
  userId = user.rows[0]!.id;
  app = await fixtureApp(db);
  const project = await app.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Palm', code: 'PLM' }, headers: { 'x-test-user': userId, 'x-test-privileges': JSON.stringify(privileges) } });
  expect(project.statusCode, project.body).toBe(201);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

async function header(language: string) {
  const answer = await get('/api/projects/export?format=xlsx&columns=code,name,active,createdOn', language);
  expect(answer.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  return { name: sheet.name, cells: (sheet.getRow(1).values as unknown[]).slice(1), first: (sheet.getRow(2).values as unknown[]).slice(1, 3) };
}

describe('the export header row in the reader’s language', () => {
  it('writes the XLSX header and sheet name in Arabic', async () => {
    const arabic = await header('ar');
    expect(arabic.name).toBe('المشروعات');
    expect(arabic.cells).toEqual(['الكود', 'الاسم', 'نشط', 'تاريخ الإنشاء']);
    expect(arabic.first).toEqual(['PLM', 'Palm']);
  });

  it('keeps the English header', async () => {
    const english = await header('en');
    expect(english.name).toBe('Projects');
    expect(english.cells).toEqual(['Code', 'Name', 'Active', 'Created on']);
  });

  it('keeps the CSV header as the import reads it, in any language', async () => {
    const csv = await get('/api/projects/export?format=csv&columns=code,name', 'ar');
    expect(csv.body.split('\n')[0]).toBe('\ufeffCode,Name');
  });
});
