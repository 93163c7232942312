import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  okEnvelope,
  ZCaughtEmail,
  ZDevInbox,
  ZDevInboxParams,
  ZDevInboxQuery,
  type CaughtEmail,
  type CaughtEmailSummary,
  type CaughtSms,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { ok } from '../../platform/ok';
import type { SessionPolicy } from '../../platform/session/sessions.service';
import { requireLocalOrGlobalAdmin } from './inbox-access';
import { attachmentHeaders } from './attachment-download';
import { INBOX_STYLE, INBOX_STYLESHEET_PATH, inboxListPage, inboxMessagePage } from './inbox-page';
import { findCaughtEmail, listCaughtEmails } from './inbox.repo';
import { extractLinks } from './links';

async function summaries(db: Db, to: string | undefined): Promise<CaughtEmailSummary[]> {
  const rows = await listCaughtEmails(db, to || undefined);
  return rows.map((r) => ({ id: r.id, to: r.toAddresses.join(', '), subject: r.subject, receivedAt: r.receivedAt.toISOString() }));
}

async function message(db: Db, id: string): Promise<CaughtEmail> {
  const row = await findCaughtEmail(db, id);
  if (!row) throw new AppError(404);
  const attachments = (row.attachments ?? []).map((a, index) => ({
    index,
    filename: a.filename,
    contentType: a.contentType,
    size: Buffer.byteLength(a.contentBase64, 'base64'),
  }));
  return {
    id: row.id,
    to: row.toAddresses.join(', '),
    from: row.fromAddress,
    subject: row.subject,
    receivedAt: row.receivedAt.toISOString(),
    text: row.text,
    html: row.html,
    links: extractLinks(row.text, row.html),
    attachments,
  };
}

const ZAttachmentParams = z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(99) });

function html(reply: FastifyReply, body: string) {
  return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/**
 * The catcher's inbox: JSON under `/api/dev/inbox` (browser tests read links from it), a plain
 * server-rendered page at `/dev/inbox` (with the SMS sink's messages beside the mail) and attachment downloads. Mounted only while the catcher is enabled, never in production,
 * and served only to this machine or a signed-in global admin: its mails carry reset links.
 */
export async function inboxRoutes(
  fastify: FastifyInstance,
  opts: {
    db: Db;
    policy: SessionPolicy;
    sessionCookie: string;
    /** The SMS sink's latest messages, shown beside the mail when the sink runs. */
    smsList?: () => Promise<CaughtSms[]>;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireLocalOrGlobalAdmin(opts));
  const noStore = async (_req: unknown, reply: FastifyReply) => void reply.header('cache-control', 'no-store');
  // Open to anyone the hook above lets through (this machine, or a signed-in global admin).
  const config = { access: { kind: 'anyone' } } as const;

  app.get(
    '/api/dev/inbox',
    { config, onRequest: noStore, schema: { querystring: ZDevInboxQuery, response: { 200: okEnvelope(ZDevInbox) } } },
    async (req) => ok({ messages: await summaries(opts.db, req.query.to) }),
  );
  app.get(
    '/api/dev/inbox/:id',
    { config, onRequest: noStore, schema: { params: ZDevInboxParams, response: { 200: okEnvelope(ZCaughtEmail) } } },
    async (req) => ok(await message(opts.db, req.params.id)),
  );
  app.get('/dev/inbox', { schema: { querystring: ZDevInboxQuery } }, async (req, reply) => {
    const sms = opts.smsList ? await opts.smsList() : undefined;
    return html(reply, inboxListPage(await summaries(opts.db, req.query.to), req.query.to || undefined, sms));
  });
  app.get(INBOX_STYLESHEET_PATH, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(INBOX_STYLE),
  );
  app.get('/dev/inbox/:id', { schema: { params: ZDevInboxParams } }, async (req, reply) =>
    html(reply, inboxMessagePage(await message(opts.db, req.params.id))),
  );
  // Downloaded, never shown in the page: whatever a message carried cannot run in the service's origin.
  app.get('/dev/inbox/:id/attachments/:index', { schema: { params: ZAttachmentParams } }, async (req, reply) => {
    const row = await findCaughtEmail(opts.db, req.params.id);
    const file = row?.attachments?.[req.params.index];
    if (!file) throw new AppError(404);
    for (const [name, value] of Object.entries(attachmentHeaders(file))) reply.header(name, value);
    return reply.header('cache-control', 'no-store').send(Buffer.from(file.contentBase64, 'base64'));
  });
}
