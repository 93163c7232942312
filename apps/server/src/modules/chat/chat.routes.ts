import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  CHAT_LIMITS,
  metadataUrgency,
  okEnvelope,
  ZChatChannel,
  ZChatMessage,
  ZFeedbackPlan,
  ZFeedbackRequest,
  ZFileLink,
  ZHistoryItem,
  ZMessagesPage,
  ZMessagesQuery,
  ZMetadataRequest,
  ZMetadataResponse,
  ZOpenChannelRequest,
  ZRealmQueues,
  ZSaveAudienceRequest,
  ZTranscript,
  ZUseChatCodeRequest,
  zText,
  zUuid,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import { withOrganisation } from '../../platform/access/patient-access';
import type { RouteAccess } from '../../platform/access/route-access';
import { AppError } from '../../platform/app-error';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import type { FileStore } from '../../platform/files/file-store';
import { findFileById } from '../../platform/files/files.repo';
import { MultipartLimitError, readMultipart } from '../../platform/files/multipart-reader';
import type { UploadParties } from '../../platform/files/upload-allowance';
import { sendStoredFile } from '../../platform/files/serve-file';
import { throwIfFieldIssues } from '../../platform/field-errors';
import { ok } from '../../platform/ok';
import { patientContextOf, patientReadsOf } from '../../plugins/access';
import { ownReads } from '../../platform/audit/patient-reads';
import { CHAT_CODE_RATE_LIMIT, ZChatCodeParams } from '../chat-codes/patient-chat-code.service';
import {
  describeRealmQueues,
  leaveChannel,
  openChannel,
  saveAudience,
  channelView,
  useChatCode,
  type ChatDeps,
} from './chat-channels.service';
import { chatEvents, type ChannelHooks } from './chat-events';
import { feedbackPlan, giveFeedback } from './chat-feedback.service';
import { fileLink, fileLinks, historySince, myTranscripts, recordFileDownload, transcript } from './chat-history.service';
import { sealMetadata } from './chat-metadata';
import { messagesAfter, sendFile } from './chat-messages.service';
import { chatCallerOf } from './chat-participants';
import { serviceOf } from './chat.repo';
import { registerChatSocket } from './chat.socket';
import type { Emit } from '../../platform/events/event-hub';

const member: RouteAccess = { kind: 'chatMember', patientData: 'none' };
/** A chat member's answers that show the chat's patients: logged when an expert reads them (docs/security.md). */
const reading = (audit: string): RouteAccess => ({ kind: 'chatMember', patientData: { audit } });
const patient: RouteAccess = { kind: 'patient', organisation: 'required', terms: true, flag: 'remoteReceptionEnabled' };
const history: RouteAccess = { kind: 'patient', organisation: 'required', terms: true, flag: 'appointmentHistoryEnabled' };

const ZIdParams = z.object({ id: zUuid() });
const ZIdQuery = z.object({ id: zUuid() });

/** One attachment and the client's message id: nothing else is read from the body. */
const FILE_LIMITS = { files: 1, fileSize: CHAT_LIMITS.fileBytesMax, fields: 1, fieldSize: 100 };

const callerOf = (req: FastifyRequest) => chatCallerOf({ patient: req.patientContext, expert: req.expert, guest: req.guest });

/**
 * The product's own chat over HTTP (spec §7 'Patient main API' chat calls and the chat platform's): opening chats,
 * their state, what a client missed, files, transcripts, history and feedback. Messages are sent over the socket
 * (`chat.socket.ts`); everything here can be fetched again at any time.
 */
export async function chatRoutes(
  fastify: FastifyInstance,
  opts: { db: Db; cipher: FieldCipher; emit: Emit; files: FileStore; fileLinkSecret: string; hooks?: ChannelHooks },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ChatDeps = { db: opts.db, cipher: opts.cipher, events: chatEvents(fastify.realtime, opts.hooks), emit: opts.emit };
  const links = fileLinks(opts.fileLinkSecret);
  registerChatSocket(fastify, deps);
  await fastify.register(multipart, { limits: FILE_LIMITS });

  app.get(
    '/api/chat/describe_realm_queues',
    {
      config: { access: patient },
      schema: {
        summary: 'Get the state of the patient’s chat queues',
        querystring: z.object({ realm_id: zText().check(z.maxLength(100, 'tooLong')) }),
        response: { 200: okEnvelope(ZRealmQueues) },
      },
    },
    async (req) => {
      const { organisation } = withOrganisation(patientContextOf(req));
      // The realm is the organisation: another one's queues are not the patient's business.
      if (req.query.realm_id !== organisation.id) throw new AppError(404);
      return ok(await describeRealmQueues(opts.db, organisation.id));
    },
  );

  app.post(
    '/api/chat/channels',
    {
      config: { access: patient, keepsCallerCache: true },
      schema: { summary: 'Start a chat for the patient', body: ZOpenChannelRequest, response: { 200: okEnvelope(ZChatChannel) } },
    },
    async (req) => {
      const caller = chatCallerOf({ patient: patientContextOf(req) });
      if (caller.kind !== 'patient') throw new AppError(403);
      return ok(await openChannel(deps, caller, req.body));
    },
  );

  app.post(
    '/api/services/chatCode/:code/use',
    {
      config: { access: patient, rateLimit: CHAT_CODE_RATE_LIMIT },
      schema: {
        summary: 'Start a chat with a chat code for the patient',
        errors: [409],
        params: ZChatCodeParams,
        body: ZUseChatCodeRequest,
        response: { 200: okEnvelope(ZChatChannel) },
      },
    },
    async (req) => {
      const caller = chatCallerOf({ patient: patientContextOf(req) });
      if (caller.kind !== 'patient') throw new AppError(403);
      return ok(await useChatCode(deps, caller, req.params.code, req.body.secureMetadata));
    },
  );

  app.post(
    '/api/services/metadata/:uuid',
    {
      config: { access: patient },
      schema: {
        summary: 'Save the patient’s pre-chat answers',
        params: z.object({ uuid: zUuid() }),
        body: ZMetadataRequest,
        response: { 200: okEnvelope(ZMetadataResponse) },
      },
    },
    async (req) => {
      const ctx = withOrganisation(patientContextOf(req));
      const service = await serviceOf(opts.db, req.params.uuid);
      if (!service || service.organisationId !== ctx.organisation.id) throw new AppError(404);
      const metadata = req.body.questionnaireMetadata;
      if (JSON.stringify(metadata).length > 10_000)
        throw new AppError(400, { fields: [{ field: 'questionnaireMetadata', key: 'tooLong' }] });
      // The server, not the browser, says whether the result is an emergency: the patient is told before the chat opens.
      return ok({
        secureMetadata: sealMetadata(opts.cipher, { patientId: ctx.patientId, serviceId: service.id, metadata }),
        urgency: metadataUrgency(metadata),
      });
    },
  );

  app.get(
    '/api/chat/channels/:id',
    {
      config: { access: reading('chat.read') },
      schema: { summary: 'Get a chat the caller is in', params: ZIdParams, response: { 200: okEnvelope(ZChatChannel) } },
    },
    async (req) => ok(await channelView(opts.db, callerOf(req), req.params.id, patientReadsOf(req))),
  );

  app.get(
    '/api/chat/channels/:id/messages',
    {
      config: { access: reading('chat.messages') },
      schema: {
        summary: 'List a chat’s messages for its member',
        params: ZIdParams,
        querystring: ZMessagesQuery,
        response: { 200: okEnvelope(ZMessagesPage) },
      },
    },
    async (req) => ok(await messagesAfter(opts.db, callerOf(req), req.params.id, req.query.after ?? 0, patientReadsOf(req))),
  );

  app.post(
    '/api/chat/channels/:id/files',
    {
      config: { access: member },
      schema: {
        summary: 'Send a file into a chat',
        params: ZIdParams,
        multipart: { files: [{ name: 'file', required: true }], fields: z.object({ id: zUuid() }) },
        response: { 200: okEnvelope(ZChatMessage) },
      },
    },
    async (req) => {
      const body = await readAttachment(req);
      const id = body.fields.get('id') ?? '';
      const file = body.files.get('file');
      throwIfFieldIssues([
        ...body.issues,
        ...(zUuid().safeParse(id).success ? [] : [{ field: 'id', key: 'invalid' as const }]),
        ...(file ? [] : [{ field: 'file', key: 'required' as const }]),
      ]);
      const takeUpload = (parties: UploadParties) => fastify.takeUploads(req, parties, 1);
      return ok(
        await sendFile({ ...deps, files: opts.files, scanner: fastify.virusScanner, log: req.log, takeUpload }, callerOf(req), {
          channelId: req.params.id,
          id,
          file: file!,
        }),
      );
    },
  );

  app.post(
    '/api/chat/channels/:id/leave',
    {
      config: { access: reading('chat.read') },
      schema: { summary: 'Leave a chat', params: ZIdParams, response: { 200: okEnvelope(ZChatChannel) } },
    },
    async (req) => ok(await leaveChannel(deps, callerOf(req), req.params.id, patientReadsOf(req))),
  );

  app.post(
    '/api/ninchat/save-audience',
    {
      config: { access: member },
      schema: { summary: 'Save the chat’s audience metadata', body: ZSaveAudienceRequest, response: { 200: okEnvelope(z.null()) } },
    },
    async (req) => {
      if (!zUuid().safeParse(req.body.channel_id).success) throw new AppError(404);
      await saveAudience(opts.db, callerOf(req), req.body.channel_id);
      return ok(null);
    },
  );

  app.get(
    '/api/ninchat/my-transcripts',
    {
      config: { access: history },
      schema: { summary: 'List the caller’s chat transcripts', response: { 200: okEnvelope(z.array(ZHistoryItem)) } },
    },
    async (req) => {
      const ctx = withOrganisation(patientContextOf(req));
      return ok(await myTranscripts(opts.db, ctx.patientId, historySince(new Date(), ctx.organisation.retention.patientDays)));
    },
  );

  app.get(
    '/api/ninchat/transcript',
    {
      config: { access: history },
      schema: { summary: 'Get a chat transcript of the caller’s', querystring: ZIdQuery, response: { 200: okEnvelope(ZTranscript) } },
    },
    async (req) => {
      const ctx = withOrganisation(patientContextOf(req));
      const caller = chatCallerOf({ patient: ctx });
      const since = historySince(new Date(), ctx.organisation.retention.patientDays);
      return ok(await transcript(opts.db, caller, req.query.id, ownReads(), since));
    },
  );

  app.get(
    '/api/ninchat/file',
    {
      config: { access: reading('chat.file') },
      schema: { summary: 'Get a signed link to a chat file', querystring: ZIdQuery, response: { 200: okEnvelope(ZFileLink) } },
    },
    async (req) => {
      const readerId = req.expert?.userId ?? null;
      return ok(await fileLink(opts.db, callerOf(req), req.query.id, (id) => links.sign(id, readerId), patientReadsOf(req)));
    },
  );

  // The signed link is the access check (made by `GET /ninchat/file` for someone who may read the file): short-lived,
  // for one file, answered only as an attachment.
  app.get(
    '/api/chat/files/:token',
    {
      config: { access: { kind: 'anyone' } },
      schema: {
        summary: 'Download a chat file by its signed link',
        params: z.object({ token: zText().check(z.maxLength(200, 'tooLong')) }),
      },
    },
    async (req, reply) => {
      const link = links.verify(req.params.token);
      const file = link ? await findFileById(opts.db, link.fileId) : undefined;
      if (!file || file.ownerKind !== 'chatChannel') throw new AppError(404);
      if (link?.readerId) await recordFileDownload(opts.db, file, link.readerId, req.ip);
      return sendStoredFile(reply, opts.files, file, { disposition: 'attachment' });
    },
  );

  app.get(
    '/api/chat/channels/:id/feedback-plan',
    {
      config: { access: member },
      schema: { summary: 'Get the feedback questions of a chat', params: ZIdParams, response: { 200: okEnvelope(ZFeedbackPlan) } },
    },
    async (req) => ok(await feedbackPlan(opts.db, callerOf(req), req.params.id)),
  );

  app.post(
    '/api/feedback',
    {
      config: { access: member },
      schema: { summary: 'Send feedback on a chat', body: ZFeedbackRequest, response: { 200: okEnvelope(z.null()) } },
    },
    async (req) => {
      await giveFeedback(opts.db, callerOf(req), req.body);
      return ok(null);
    },
  );
}

/** The attachment body; a file over 10 MB is answered 413 naming the field as soon as it passes the limit. */
async function readAttachment(req: FastifyRequest) {
  try {
    return await readMultipart(req, FILE_LIMITS, new Set(['file']));
  } catch (err) {
    if (err instanceof MultipartLimitError)
      throw new AppError(413, {
        fields: err.limit === 'fileSize' || err.limit === 'declaredSize' ? [{ field: 'file', key: 'attachmentTooLarge' }] : undefined,
        cause: err,
      });
    throw err;
  }
}
