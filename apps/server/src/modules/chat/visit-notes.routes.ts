import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, toLanguage, zUuid, ZVisitNote, ZVisitNoteRequest, ZVisitSummaryQuery, type VisitSummaryQuery } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { patientReadsOf } from '../../plugins/access';
import type { RouteAccess } from '../../platform/access/route-access';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import type { FileStore } from '../../platform/files/file-store';
import { fileHeaders } from '../../platform/files/serve-file';
import { ok } from '../../platform/ok';
import type { ExpertCaller } from './expert-chat.service';
import { saveVisitNote, visitNote } from './visit-notes.service';
import { visitSummaryAsPdf, visitSummaryAsText, type SummaryRequest } from './visit-summary.service';

const ZParams = z.object({ id: zUuid() });
/** A summary is a document made on request: a few a minute is plenty for a person, and bounds the work. */
const SUMMARY_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
const DOWNLOAD = { disposition: 'attachment', cacheControl: 'private, no-store' } as const;

function callerOf(req: FastifyRequest): ExpertCaller {
  // The `expert` declaration has loaded who calls.
  return { kind: 'expert', userId: req.expert!.userId, organisationId: req.expert!.organisationId };
}

function summaryRequest(req: FastifyRequest<{ Params: { id: string }; Querystring: VisitSummaryQuery }>): SummaryRequest {
  return {
    channelId: req.params.id,
    language: toLanguage(req.query.lang) ?? null,
    fullIdentityCode: req.query.identityCode === 'full',
  };
}

/**
 * Visit notes and the visit summary (issue 33; docs/chat.md 'Visit notes and the visit summary'): the expert's own
 * private note of a visit they serve or served, and the visit's summary for the patient record, as a PDF or as text.
 */
export async function visitNotesRoutes(fastify: FastifyInstance, opts: { db: Db; cipher: FieldCipher; files: FileStore }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: opts.db, cipher: opts.cipher, files: opts.files };

  app.get(
    '/api/expert/chat/channels/:id/note',
    {
      config: { access: { kind: 'expert', patientData: { audit: 'visit.note.read' } } satisfies RouteAccess },
      schema: { summary: 'Get the expert’s own note of a visit', params: ZParams, response: { 200: okEnvelope(ZVisitNote) } },
    },
    async (req) => ok(await visitNote(opts.db, callerOf(req), req.params.id, patientReadsOf(req))),
  );

  app.put(
    '/api/expert/chat/channels/:id/note',
    {
      config: { access: { kind: 'expert', patientData: 'none' } satisfies RouteAccess },
      schema: {
        summary: 'Save (or, empty, delete) the expert’s own note of a visit',
        params: ZParams,
        body: ZVisitNoteRequest,
        response: { 200: okEnvelope(ZVisitNote) },
      },
    },
    async (req) => ok(await saveVisitNote(opts.db, callerOf(req), req.params.id, req.body.text)),
  );

  app.get(
    '/api/expert/chat/channels/:id/summary.pdf',
    {
      config: { access: { kind: 'expert', patientData: { audit: 'visit.summary' } } satisfies RouteAccess, rateLimit: SUMMARY_RATE_LIMIT },
      schema: { summary: 'Download a visit’s summary as PDF', params: ZParams, querystring: ZVisitSummaryQuery },
    },
    async (req, reply) => {
      const { pdf, filename } = await visitSummaryAsPdf(deps, callerOf(req), summaryRequest(req), patientReadsOf(req));
      return reply.headers(fileHeaders({ contentType: 'application/pdf', filename }, DOWNLOAD)).send(pdf);
    },
  );

  app.get(
    '/api/expert/chat/channels/:id/summary.txt',
    {
      config: { access: { kind: 'expert', patientData: { audit: 'visit.summary' } } satisfies RouteAccess, rateLimit: SUMMARY_RATE_LIMIT },
      schema: { summary: 'Get a visit’s summary as plain text', params: ZParams, querystring: ZVisitSummaryQuery },
    },
    async (req, reply) => {
      const { text, filename } = await visitSummaryAsText(deps, callerOf(req), summaryRequest(req), patientReadsOf(req));
      return reply.headers(fileHeaders({ contentType: 'text/plain; charset=utf-8', filename }, DOWNLOAD)).send(text);
    },
  );
}
