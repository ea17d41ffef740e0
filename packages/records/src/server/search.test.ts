import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry, type ResourceDef } from '../model/index.js';
import { foldSearch } from './fold.js';
import { all, fixtureApp, fixtureDatabase } from './test/fixtures.js';

/** Leads named in Arabic script, found by the spellings people type. */
const people: ResourceDef = {
  name: 'people',
  table: 'people',
  label: 'People',
  singular: 'Person',
  entity: 'lead',
  labelField: 'fullName',
  optionDetail: [{ field: 'phone', prefix: 'Phone ', last: 4 }],
  fields: {
    fullName: { kind: 'text', label: 'Name', required: true, searchable: true },
    phone: { kind: 'text', label: 'Phone', searchable: true },
  },
  defaultSort: ['fullName'],
  listColumns: ['fullName', 'phone'],
};
const registry = createRegistry([people]);

let db: Database;
let app: FastifyInstance;
let userId: string;
const ids: Record<string, string> = {};

async function get(url: string) {
  const response = await app.inject({ method: 'GET', url, headers: { 'x-test-user': userId, 'x-test-privileges': JSON.stringify(all(['lead'])) } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { id: string }[]).map((row) => row.id).sort();
}

beforeAll(async () => {
  db = await fixtureDatabase(registry);
  userId = (await db.query<{ id: string }>("insert into users (username, full_name) values ('tester', 'Tess Tester') returning id::text as id")).rows[0]!.id;
  app = await fixtureApp(db, { registry });
  const names: [string, string, string][] = [
    ['ahmed', 'أحمد إبراهيم', '01001112345'],
    ['fatma', 'فاطمة الزهراء', '01009998888'],
    ['mostafa', 'مُصْطَفَى علي', '01112223333'],
    ['english', 'Ahmed Ibrahim', '01200004444'],
  ];
  for (const [key, fullName, phone] of names) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/people',
      payload: { fullName, phone },
      headers: { 'x-test-user': userId, 'x-test-privileges': JSON.stringify(all(['lead'])) },
    });
    expect(response.statusCode, response.body).toBe(201);
    ids[key] = response.json().data.id;
  }
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const q = (text: string) => `/api/people?q=${encodeURIComponent(text)}`;

describe('search that reads Arabic as people type it', () => {
  it('finds a name by the spellings people type: bare alef, ه for ة, ي for ى, without the vowel marks', async () => {
    expect(await get(q('احمد ابراهيم'))).toEqual([ids.ahmed]);
    expect(await get(q('فاطمه'))).toEqual([ids.fatma]);
    expect(await get(q('مصطفي'))).toEqual([ids.mostafa]);
    // The exact spelling still finds it, and a spelling with marks finds the one without.
    expect(await get(q('أحمد'))).toEqual([ids.ahmed]);
    expect(await get(q('فَاطِمَة'))).toEqual([ids.fatma]);
  });

  it('finds a name by its words in any order, each word anywhere in what is searched', async () => {
    expect(await get(q('إبراهيم احمد'))).toEqual([ids.ahmed]);
    expect(await get(q('ibrahim ahmed'))).toEqual([ids.english]);
    // Every word must be found: a second word that is nowhere finds nothing.
    expect(await get(q('احمد فاطمه'))).toEqual([]);
    // A word of the name and a part of the phone, together.
    expect(await get(q('علي 2223'))).toEqual([ids.mostafa]);
  });

  it('reads Arabic-Indic digits as digits: ٠١٠٠٩ finds the phone 01009…', async () => {
    expect(await get(q('٠١٠٠٩'))).toEqual([ids.fatma]);
  });

  it('pickers and the contains filter fold the same way', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/people/options?q=${encodeURIComponent('ابراهيم')}`,
      headers: { 'x-test-user': userId, 'x-test-privileges': JSON.stringify(all(['lead'])) },
    });
    expect(response.json().data.map((option: { id: string }) => option.id)).toEqual([ids.ahmed]);
    const where = JSON.stringify({ field: 'fullName', op: 'contains', value: 'الزهراء' });
    expect(await get(`/api/people?where=${encodeURIComponent(where)}`)).toEqual([ids.fatma]);
    const starts = JSON.stringify({ field: 'fullName', op: 'startsWith', value: 'مصطفي' });
    expect(await get(`/api/people?where=${encodeURIComponent(starts)}`)).toEqual([ids.mostafa]);
  });

  it('a search for a LIKE wildcard is the character itself, not every row', async () => {
    expect(await get(q('%'))).toEqual([]);
    expect(await get(q('_'))).toEqual([]);
  });

  it('the database folds exactly as foldSearch does', async () => {
    const samples = ['أحمد إبراهيم', 'فاطمة', 'مُصْطَفَى', 'آمال ٱلـعربية', '٠١٢۳۴ ABC', 'کریم'];
    const rows = await db.query<{ folded: string }>('select search_fold(value) as folded from unnest($1::text[]) with ordinality as s(value, n) order by n', [samples]);
    expect(rows.rows.map((row) => row.folded)).toEqual(samples.map(foldSearch));
    expect(foldSearch('أحمد إبراهيم')).toBe('احمد ابراهيم');
  });
});
