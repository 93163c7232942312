import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  okEnvelope,
  ZConversation,
  ZConversationParams,
  ZConversationsQuery,
  ZConversationThread,
  ZMessageParams,
  ZRequestConversationFields,
  ZSendMessageFields,
  ZSentMessages,
  ZSubcategoryMessagesParams,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { Sender } from '../../platform/mail/sender';
import type { RouteAccess } from '../../platform/access/route-access';
import { withOrganisation } from '../../platform/access/patient-access';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import type { FileStore } from '../../platform/files/file-store';
import { ok } from '../../platform/ok';
import { patientContextOf } from '../../plugins/access';
import { messagingEvents } from './conversations-events';
import type { MessagingDeps } from './conversations-send';
import type { Emit } from '../../platform/events/event-hub';
import { MESSAGE_MULTIPART_LIMITS, messageForm, readMessageForm, sendAttachment } from './message-attachments';
import * as service from './patient-messaging.service';

const patient: RouteAccess = { kind: 'patient', organisation: 'required', terms: true, flag: 'asyncMessagingEnabled' };
const BASE = '/api/patient/async-messaging';

export type MessagingRouteOptions = { db: Db; cipher: FieldCipher; files: FileStore; publicUrl: string; sender: Sender; emit: Emit };

/** The deps of one request: the app's scanner (decorated by the app, null when none is configured) and the request's log. */
export function messagingDeps(fastify: FastifyInstance, opts: MessagingRouteOptions, req: FastifyRequest): MessagingDeps {
  return {
    db: opts.db,
    cipher: opts.cipher,
    files: opts.files,
    events: messagingEvents(fastify.realtime),
    emit: opts.emit,
    notify: { publicUrl: opts.publicUrl, sender: opts.sender },
    scanner: fastify.virusScanner ?? null,
    log: req.log,
  };
}

/**
 * The patient's async messaging (docs/messaging.md; the agreed API in the contracts' messaging.ts): new requests,
 * the conversation list and threads, replies in direct conversations, read marks and attachment downloads. Every
 * route works on the effective patient (the principal while acting on behalf) in the selected organisation.
 */
export async function patientMessagingRoutes(fastify: FastifyInstance, opts: MessagingRouteOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await fastify.register(multipart, { limits: MESSAGE_MULTIPART_LIMITS });
  const ctxOf = (req: FastifyRequest) => withOrganisation(patientContextOf(req));
  const deps = (req: FastifyRequest) => messagingDeps(fastify, opts, req);

  app.post(
    `${BASE}/request-conversation`,
    {
      config: { access: patient },
      schema: {
        summary: 'Send the patient’s request for a conversation',
        multipart: messageForm(ZRequestConversationFields),
        response: { 200: okEnvelope(ZSentMessages) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const form = await readMessageForm(req, ZRequestConversationFields);
      return ok(await service.requestConversation(deps(req), ctx, req.ip, form));
    },
  );

  app.get(
    `${BASE}/conversations`,
    {
      config: { access: patient },
      schema: {
        summary: 'List the patient’s conversations',
        querystring: ZConversationsQuery,
        response: { 200: okEnvelope(z.array(ZConversation)) },
      },
    },
    async (req) => ok(await service.listConversations(opts, ctxOf(req), req.query)),
  );

  app.get(
    `${BASE}/conversations/:id/messages`,
    {
      config: { access: patient },
      schema: {
        summary: 'Get a conversation’s messages for the patient',
        params: ZConversationParams,
        response: { 200: okEnvelope(ZConversationThread) },
      },
    },
    async (req) => ok(await service.thread(opts.db, ctxOf(req), req.ip, req.params.id, { kind: 'any' })),
  );

  app.get(
    `${BASE}/subcategories/:subId/messages/:id`,
    {
      config: { access: patient },
      schema: {
        summary: 'Get a subcategory request’s messages for the patient',
        params: ZSubcategoryMessagesParams,
        response: { 200: okEnvelope(ZConversationThread) },
      },
    },
    async (req) =>
      ok(await service.thread(opts.db, ctxOf(req), req.ip, req.params.id, { kind: 'request', subcategoryId: req.params.subId })),
  );

  app.post(
    `${BASE}/conversations/:id/send-message`,
    {
      config: { access: patient },
      schema: {
        summary: 'Send a message in a conversation, as the patient',
        params: ZConversationParams,
        multipart: messageForm(ZSendMessageFields),
        response: { 200: okEnvelope(ZSentMessages) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const form = await readMessageForm(req, ZSendMessageFields);
      return ok(await service.sendMessage(deps(req), ctx, req.ip, req.params.id, form));
    },
  );

  app.post(
    `${BASE}/conversations/:id/mark-as-read`,
    {
      config: { access: patient },
      schema: { summary: 'Mark a conversation read for the patient', params: ZConversationParams, response: { 200: okEnvelope(z.null()) } },
    },
    async (req) => {
      await service.markRead(deps(req), ctxOf(req), req.params.id);
      return ok(null);
    },
  );

  app.get(
    `${BASE}/:messageId/attachment`,
    { config: { access: patient }, schema: { summary: 'Download a message’s attachment, as the patient', params: ZMessageParams } },
    async (req, reply) => {
      const { file, conversationId } = await service.attachment(opts.db, ctxOf(req), req.params.messageId);
      return sendAttachment(reply, opts.files, file, conversationId);
    },
  );
}
