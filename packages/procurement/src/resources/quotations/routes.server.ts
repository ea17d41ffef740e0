import { callerOf, engineTransaction, recordDoc, updateRecord, type EngineContext } from '@propdesk/records/server';
import { badRequest, fieldError, notFound, ok, okEnvelope } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { procurementText } from '../../server/i18n/catalog.js';
import { can, idParams, visibleRecord } from '../common.server.js';

/** The largest supplier PDF a quotation takes. */
export const ATTACHMENT_LIMIT_BYTES = 5 * 1024 * 1024;

/** A quotation's calls beside the engine's (api.md, Procurement): the supplier's PDF, uploaded and viewed. */
export function registerQuotationRoutes(rawApp: FastifyInstance, ctx: EngineContext) {
  const app = rawApp.withTypeProvider<ZodTypeProvider>();
  const tags = ['Procurement'];

  app.register(async (scope) => {
    scope.addContentTypeParser(['application/pdf', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: ATTACHMENT_LIMIT_BYTES }, (_request, body, done) => done(null, body));
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.put(
      '/api/quotations/:id/attachment',
      {
        schema: { tags, summary: "Upload the supplier's PDF (at most 5 MB)", params: idParams, querystring: z.object({ name: z.string().trim().min(1).max(200).optional() }), docs: { consumes: ['application/pdf'], response: { 200: okEnvelope(recordDoc(ctx.registry, ctx.registry.get('quotations'))) } } },
        onRequest: can('quotation', 'update'),
        bodyLimit: ATTACHMENT_LIMIT_BYTES,
      },
      async (request) => {
        await visibleRecord(ctx, request, 'quotations', request.params.id);
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('Validation failed', [fieldError('file', procurementText('sendPdf'))]);
        if (body.subarray(0, 5).toString('latin1') !== '%PDF-') throw badRequest('Validation failed', [fieldError('file', procurementText('onlyPdf'))]);
        const name = (request.query.name ?? 'quotation.pdf').replace(/[\\/"\r\n]/g, '_');
        const record = await engineTransaction(ctx, async (tx) => {
          await tx.query(
            `insert into quotation_attachments (quotation_id, file_name, content_type, size, content, uploaded_by) values ($1, $2, 'application/pdf', $3, $4, $5)
             on conflict (quotation_id) do update set file_name = excluded.file_name, size = excluded.size, content = excluded.content, uploaded_by = excluded.uploaded_by, uploaded_on = now()`,
            [request.params.id, name, body.length, body, request.auth?.userId ?? null],
          );
          return updateRecord(ctx, tx, ctx.registry.get('quotations'), callerOf(request), request.params.id, { attachmentName: name }, { ignoreVersion: true, allowReadOnly: true, action: 'attach' });
        });
        return ok(record, 'Attachment uploaded.');
      },
    );
  });

  app.get('/api/quotations/:id/attachment', { schema: { tags, summary: "View the supplier's PDF", params: idParams, docs: { files: ['application/pdf'] } }, onRequest: can('quotation', 'read') }, async (request, reply) => {
    await visibleRecord(ctx, request, 'quotations', request.params.id);
    const row = (await ctx.db.query<{ name: string; content: Uint8Array }>('select file_name as name, content from quotation_attachments where quotation_id = $1', [request.params.id])).rows[0];
    if (!row) throw notFound(procurementText('noAttachment'));
    reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${row.name}"`).header('cache-control', 'no-store');
    return reply.send(Buffer.from(row.content));
  });
}
