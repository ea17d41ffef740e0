import { callerOf, engineTransaction, getRecord, recordDoc, updateRecord, type EngineContext } from '@propdesk/records/server';
import { badRequest, dataWord, fieldError, notFound, ok, okEnvelope, requirePrivilege, type LocalText, type Migration } from '@propdesk/server-kit';
import { settingsText, settingsWord } from './i18n/catalog.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { imageSize } from 'image-size';
import { z } from 'zod';
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, type LogoType } from '../model/index.js';
import { companyProfile } from '../model/definitions/company.js';

/**
 * The company profile's own tables beyond its definition's: one row only (a unique index on a
 * constant closes the race of two creates at once), and the logo's bytes, kept in the database
 * beside it like a quotation's PDF.
 */
export const companyMigrations: Migration[] = [
  {
    id: 'settings/0101_company_profile_logo',
    up: `
      create unique index if not exists company_profile_single_row on company_profile ((true));
      create table if not exists company_logos (
        profile_id uuid primary key references company_profile (id) on delete cascade,
        content_type text not null check (content_type in ('image/png', 'image/jpeg')),
        content bytea not null,
        uploaded_on timestamptz not null default now(),
        uploaded_by uuid references users (id)
      );
    `,
  },
  {
    // A new entity: the roles that already manage roles (the administrators) may keep the profile,
    // so an installation made before it has someone who can set it up. The triggers on
    // role_privileges tell every process's session cache.
    id: 'settings/0102_company_profile_privileges',
    up: `
      insert into role_privileges (role_id, entity_name, field_name, action)
      select distinct p.role_id, 'companyProfile', null, a.action
        from role_privileges p cross join (values ('read'), ('create'), ('update')) as a (action)
       where lower(p.entity_name) = 'role' and p.field_name is null and lower(p.action) = 'update'
      on conflict do nothing;
    `,
  },
];

const LOGO_FIELD = 'logo';
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * What an uploaded logo is, judged from its bytes (never from the header the browser sent): a PNG or
 * a JPEG image whose header reads whole, within the size and pixel limits. Anything else is a 400
 * naming the `logo` field and saying why.
 */
export function checkLogo(body: unknown): { type: LogoType; width: number; height: number } {
  const refuse = (message: LocalText) => badRequest('Validation failed', [fieldError(LOGO_FIELD, message)]);
  if (!Buffer.isBuffer(body) || body.length === 0) throw refuse(settingsText('logoSendFile'));
  if (body.length > LOGO_MAX_BYTES) throw refuse(settingsText('logoTooLarge', { max: dataWord(megabytes(LOGO_MAX_BYTES)), size: dataWord(megabytes(body.length)) }));
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(new Uint8Array(body));
  } catch {
    throw refuse(settingsText('logoNotImage'));
  }
  const type = size.type === 'png' ? 'image/png' : size.type === 'jpg' ? 'image/jpeg' : null;
  if (!type) throw refuse(settingsText('logoOtherKind', { kind: size.type ? dataWord(size.type) : settingsWord('logoAnotherKind') }));
  if (!size.width || !size.height) throw refuse(settingsText('logoNoSize'));
  if (size.width > LOGO_MAX_PIXELS || size.height > LOGO_MAX_PIXELS) throw refuse(settingsText('logoTooManyPixels', { max: String(LOGO_MAX_PIXELS), width: String(size.width), height: String(size.height) }));
  return { type, width: size.width, height: size.height };
}

const idParams = z.object({ id: z.uuid({ error: 'Must be a company profile id' }) });
const tags = [companyProfile.label];

/**
 * `PUT /api/company-profile/{id}/logo` (the image as the body: PNG or JPEG, at most 1 MB),
 * `GET` (the image, for the screen and the prints), `DELETE` (no logo). Writing needs update on
 * `companyProfile`; the profile records the change (type, size, time) in its history.
 */
export function registerCompanyRoutes(rawApp: FastifyInstance, engine: EngineContext) {
  const app = rawApp.withTypeProvider<ZodTypeProvider>();
  const profileDoc = recordDoc(engine.registry, companyProfile);
  const visible = async (request: { params: unknown }, id: string) => {
    if (!(await getRecord(engine, engine.db, companyProfile, callerOf(request as never), id))) throw notFound(settingsText('noCompanyProfile'));
  };

  app.register(async (scope) => {
    // Any declared type is read as bytes: the bytes decide what the file is, not the header.
    scope.addContentTypeParser(['image/png', 'image/jpeg', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: 5 * LOGO_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/company-profile/:id/logo',
      { schema: { tags, summary: 'Upload the company logo (PNG or JPEG, at most 1 MB), used by every print', params: idParams, docs: { consumes: ['image/png', 'image/jpeg'], response: { 200: okEnvelope(profileDoc) } } }, onRequest: requirePrivilege(companyProfile.entity, 'update'), bodyLimit: 5 * LOGO_MAX_BYTES },
      async (request) => {
        await visible(request, request.params.id);
        const logo = checkLogo(request.body);
        const body = request.body as Buffer;
        const record = await engineTransaction(engine, async (tx) => {
          await tx.query(
            `insert into company_logos (profile_id, content_type, content, uploaded_by) values ($1, $2, $3, $4)
             on conflict (profile_id) do update set content_type = excluded.content_type, content = excluded.content, uploaded_by = excluded.uploaded_by, uploaded_on = now()`,
            [request.params.id, logo.type, body, request.auth?.userId ?? null],
          );
          return updateRecord(engine, tx, companyProfile, callerOf(request), request.params.id, { logoType: logo.type, logoSize: body.length, logoUpdatedOn: new Date().toISOString() }, { ignoreVersion: true, allowReadOnly: true, action: 'logo', reason: `${logo.width} × ${logo.height} pixels` });
        });
        return ok(record, 'Logo uploaded. The next prints carry it.');
      },
    );
  });

  app.get('/api/company-profile/:id/logo', { schema: { tags, summary: 'The company logo', params: idParams, docs: { files: ['image/png', 'image/jpeg'] } }, onRequest: requirePrivilege(companyProfile.entity, 'read') }, async (request, reply) => {
    await visible(request, request.params.id);
    const row = (await engine.db.query<{ content_type: string; content: Uint8Array }>('select content_type, content from company_logos where profile_id = $1', [request.params.id])).rows[0];
    if (!row) throw notFound(settingsText('noLogo'));
    reply.header('content-type', row.content_type).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
    return reply.send(Buffer.from(row.content));
  });

  app.delete('/api/company-profile/:id/logo', { schema: { tags, summary: 'Take the logo off the prints', params: idParams, docs: { response: { 200: okEnvelope(profileDoc) } } }, onRequest: requirePrivilege(companyProfile.entity, 'update') }, async (request) => {
    await visible(request, request.params.id);
    const record = await engineTransaction(engine, async (tx) => {
      const removed = await tx.query('delete from company_logos where profile_id = $1 returning profile_id', [request.params.id]);
      if (removed.rows.length === 0) throw notFound(settingsText('noLogo'));
      return updateRecord(engine, tx, companyProfile, callerOf(request), request.params.id, { logoType: null, logoSize: null, logoUpdatedOn: null }, { ignoreVersion: true, allowReadOnly: true, action: 'logo', reason: 'Logo removed' });
    });
    return ok(record, 'Logo removed.');
  });
}
