import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, ZAccessLogPage, ZAccessLogQuery, ZAuditSearch, ZAuditSearchOptions, ZAuditSearchPage } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { actorOf, organisationOf } from '../../platform/access/admin-actor';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { contentDisposition } from '../../platform/files/serve-file';
import { ok } from '../../platform/ok';
import { requestLanguage } from '../../platform/request-language';
import { patientContextOf, patientReadsOf } from '../../plugins/access';
import { auditOptions, exportAudit, patientAccessLog, searchAudit } from './access-log.service';

/**
 * Who has used a patient's data (the client-data act 703/2023; docs/security.md): the patient's own access log, and
 * the admins' search of their organisation's audit log with its CSV, under the users area's view right, as the
 * per-user action log. The search takes the identity code in the body (POST), so it never lands in a URL.
 */
export async function accessLogRoutes(fastify: FastifyInstance, opts: { db: Db; cipher: FieldCipher }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/api/patient/access-log',
    {
      config: { access: { kind: 'patient' } },
      schema: {
        summary: 'List who of staff or which system has used the patient’s data, newest first',
        querystring: ZAccessLogQuery,
        response: { 200: okEnvelope(ZAccessLogPage) },
      },
    },
    async (req) => ok(await patientAccessLog(db, patientContextOf(req), req.query, requestLanguage(req))),
  );

  app.get(
    '/api/admin/audit-log/options',
    {
      config: { access: { kind: 'admin', area: 'users', need: 'view', patientData: 'none' } },
      schema: { summary: 'Get the staff and actions the audit log search offers', response: { 200: okEnvelope(ZAuditSearchOptions) } },
    },
    async (req) => ok(await auditOptions(db, organisationOf(actorOf(req)), requestLanguage(req))),
  );

  app.post(
    '/api/admin/audit-log/search',
    {
      config: { access: { kind: 'admin', area: 'users', need: 'view', patientData: { audit: 'audit.search' } } },
      schema: {
        summary: 'Search the organisation’s audit log by patient, member of staff, days and action',
        body: ZAuditSearch,
        response: { 200: okEnvelope(ZAuditSearchPage) },
      },
    },
    async (req) => ok(await searchAudit(opts, organisationOf(actorOf(req)), req.body, requestLanguage(req), patientReadsOf(req))),
  );

  app.post(
    '/api/admin/audit-log/export',
    {
      config: { access: { kind: 'admin', area: 'users', need: 'view', patientData: { audit: 'audit.export' } } },
      schema: { summary: 'Download the organisation’s audit log search as CSV', body: ZAuditSearch },
    },
    async (req, reply) => {
      const file = await exportAudit(opts, actorOf(req), req.body, requestLanguage(req), patientReadsOf(req));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .header('cache-control', 'no-store')
        .send(file.csv);
    },
  );
}
