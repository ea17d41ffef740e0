import type { Migration, Queryable } from '@propdesk/server-kit';
import { sha256 } from './typst.server.js';
import type { KeptPrint, PrintLanguage } from './model.js';

/**
 * Every issued print is kept (`document_prints`: the bytes, their SHA-256, when, by whom, which
 * language), so the contract that was signed can be shown again exactly, whatever changed since.
 */
export const printMigrations: Migration[] = [
  {
    id: 'sales/0302_document_prints',
    up: `
      create table document_prints (
        id uuid primary key default gen_random_uuid(),
        resource text not null,
        record_id uuid not null,
        lang text not null check (lang in ('ar', 'en')),
        sha256 text not null,
        content bytea not null,
        printed_at timestamptz not null default now(),
        printed_by uuid references users (id)
      );
      create index document_prints_record on document_prints (resource, record_id, printed_at desc);
    `,
  },
];

/** A kept print as its list answers it: `printedByName` is who issued it, as people know them. */

/** Keeps a print and answers its hash (the same bytes printed twice are kept once, with the first time). */
export async function keepPrint(db: Queryable, input: { resource: string; recordId: string; lang: PrintLanguage; content: Uint8Array; userId: string | null }): Promise<string> {
  const hash = sha256(input.content);
  await db.query(
    `insert into document_prints (resource, record_id, lang, sha256, content, printed_by)
     select $1, $2, $3, $4, $5, $6 where not exists (select 1 from document_prints where resource = $1 and record_id = $2 and sha256 = $4)`,
    [input.resource, input.recordId, input.lang, hash, Buffer.from(input.content), input.userId],
  );
  return hash;
}

export async function listPrints(db: Queryable, resource: string, recordId: string): Promise<KeptPrint[]> {
  const rows = await db.query<{ id: string; lang: PrintLanguage; sha256: string; printed_at: Date | string; printed_by: string | null; printed_by_name: string | null }>(
    `select p.id::text as id, p.lang, p.sha256, p.printed_at, p.printed_by::text as printed_by, coalesce(nullif(u.full_name, ''), u.username) as printed_by_name
       from document_prints p left join users u on u.id = p.printed_by where p.resource = $1 and p.record_id = $2 order by p.printed_at desc, p.id`,
    [resource, recordId],
  );
  return rows.rows.map((row) => ({ id: row.id, lang: row.lang, sha256: row.sha256, printedAt: new Date(row.printed_at).toISOString(), printedBy: row.printed_by, printedByName: row.printed_by_name }));
}

export async function keptPrint(db: Queryable, resource: string, recordId: string, printId: string): Promise<Buffer | null> {
  const rows = await db.query<{ content: Buffer }>('select content from document_prints where resource = $1 and record_id = $2 and id = $3', [resource, recordId, printId]);
  const content = rows.rows[0]?.content;
  return content ? Buffer.from(content) : null;
}
