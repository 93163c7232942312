import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  okEnvelope,
  ZCategoryParams,
  ZCategoryReplyParams,
  ZConversationParams,
  ZConversationsQuery,
  ZCreateConversationFields,
  ZExpertConversation,
  ZExpertConversationThread,
  ZMessageParams,
  ZMessagingCounts,
  ZSendMessageFields,
  ZSentMessages,
  ZSubcategoryMessagesParams,
} from '@prsp/contracts';
import { patientReadsOf } from '../../plugins/access';
import type { RouteAccess } from '../../platform/access/route-access';
import { AppError } from '../../platform/app-error';
import { ok } from '../../platform/ok';
import { messagingExpertOf } from './conversations-access';
import * as service from './expert-messaging.service';
import { MESSAGE_MULTIPART_LIMITS, messageForm, readMessageForm, sendAttachment } from './message-attachments';
import { messagingDeps, type MessagingRouteOptions } from './patient-messaging.routes';

const expert: RouteAccess = { kind: 'expert', patientData: 'none' };
/** Answers that show patients' conversations (docs/security.md 'Every read of patient data leaves a row'). */
const reading = (audit: string): RouteAccess => ({ kind: 'expert', patientData: { audit } });
const BASE = '/api/expert/async-messaging';

/**
 * The expert's async messaging (docs/messaging.md 'Who sees what'): new direct conversations, the inbox of requests,
 * lists, threads (audited), replies, ending and reopening, read marks, counts and attachments. The service checks
 * every conversation against the expert's organisation and subcategories: anything else is 404.
 */
export async function expertMessagingRoutes(fastify: FastifyInstance, opts: MessagingRouteOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await fastify.register(multipart, { limits: MESSAGE_MULTIPART_LIMITS });
  const deps = (req: FastifyRequest) => messagingDeps(fastify, opts, req);
  const actorOf = async (req: FastifyRequest) => {
    if (!req.expert) throw new AppError(500, { detail: 'route not declared for experts' });
    return { expert: await messagingExpertOf(opts.db, req.expert), ip: req.ip };
  };

  app.post(
    `${BASE}/create-conversation`,
    {
      config: { access: expert },
      schema: {
        summary: 'Start a conversation with a patient, as an expert',
        multipart: messageForm(ZCreateConversationFields),
        response: { 200: okEnvelope(ZSentMessages) },
      },
    },
    async (req) => {
      const actor = await actorOf(req);
      const form = await readMessageForm(req, ZCreateConversationFields);
      return ok(await service.createConversation(deps(req), actor, form));
    },
  );

  app.get(
    `${BASE}/categories/:id/requests`,
    {
      config: { access: reading('conversation.requests') },
      schema: {
        summary: 'List a message category’s new requests for the expert',
        params: ZCategoryParams,
        response: { 200: okEnvelope(z.array(ZExpertConversation)) },
      },
    },
    async (req) => ok(await service.inbox(opts.db, (await actorOf(req)).expert, req.params.id, patientReadsOf(req))),
  );

  app.post(
    `${BASE}/categories/:id/reply/:requestId`,
    {
      config: { access: expert },
      schema: {
        summary: 'Reply to a patient’s request, as an expert',
        params: ZCategoryReplyParams,
        multipart: messageForm(ZSendMessageFields),
        response: { 200: okEnvelope(ZSentMessages) },
      },
    },
    async (req) => {
      const actor = await actorOf(req);
      const form = await readMessageForm(req, ZSendMessageFields);
      return ok(await service.sendMessage(deps(req), actor, req.params.requestId, form, { categoryId: req.params.id }));
    },
  );

  app.get(
    `${BASE}/conversations`,
    {
      config: { access: reading('conversation.list') },
      schema: {
        summary: 'List the expert’s conversations',
        querystring: ZConversationsQuery,
        response: { 200: okEnvelope(z.array(ZExpertConversation)) },
      },
    },
    async (req) => ok(await service.listConversations(opts, (await actorOf(req)).expert, req.query, patientReadsOf(req))),
  );

  app.get(
    `${BASE}/conversations/:id/messages`,
    {
      config: { access: reading('conversation.view') },
      schema: {
        summary: 'Get a conversation’s messages for the expert',
        params: ZConversationParams,
        response: { 200: okEnvelope(ZExpertConversationThread) },
      },
    },
    async (req) => ok(await service.thread(opts.db, await actorOf(req), patientReadsOf(req), req.params.id)),
  );

  app.get(
    `${BASE}/subcategories/:subId/messages/:id`,
    {
      config: { access: reading('conversation.view') },
      schema: {
        summary: 'Get a subcategory request’s messages for the expert',
        params: ZSubcategoryMessagesParams,
        response: { 200: okEnvelope(ZExpertConversationThread) },
      },
    },
    async (req) => ok(await service.thread(opts.db, await actorOf(req), patientReadsOf(req), req.params.id, req.params.subId)),
  );

  app.post(
    `${BASE}/conversations/:id/send-message`,
    {
      config: { access: expert },
      schema: {
        summary: 'Send a message in a conversation, as an expert',
        params: ZConversationParams,
        multipart: messageForm(ZSendMessageFields),
        response: { 200: okEnvelope(ZSentMessages) },
      },
    },
    async (req) => {
      const actor = await actorOf(req);
      const form = await readMessageForm(req, ZSendMessageFields);
      return ok(await service.sendMessage(deps(req), actor, req.params.id, form));
    },
  );

  for (const [action, status, summary] of [
    ['end', 'closed', 'End a conversation'],
    ['reopen', 'open', 'Reopen an ended conversation'],
  ] as const) {
    app.post(
      `${BASE}/conversations/:id/${action}`,
      { config: { access: expert }, schema: { summary, params: ZConversationParams, response: { 200: okEnvelope(z.null()) } } },
      async (req) => {
        await service.setStatus(deps(req), await actorOf(req), req.params.id, status);
        return ok(null);
      },
    );
  }

  app.post(
    `${BASE}/conversations/:id/mark-as-read`,
    {
      config: { access: expert },
      schema: { summary: 'Mark a conversation read for the expert', params: ZConversationParams, response: { 200: okEnvelope(z.null()) } },
    },
    async (req) => {
      await service.markRead(deps(req), (await actorOf(req)).expert, req.params.id);
      return ok(null);
    },
  );

  app.get(
    `${BASE}/counts`,
    {
      config: { access: expert },
      schema: { summary: 'Count the expert’s unread conversations and new requests', response: { 200: okEnvelope(ZMessagingCounts) } },
    },
    async (req) => ok(await service.counts(opts.db, (await actorOf(req)).expert)),
  );

  app.get(
    `${BASE}/:messageId/attachment`,
    {
      config: { access: reading('conversation.attachment') },
      schema: { summary: 'Download a message’s attachment, as an expert', params: ZMessageParams },
    },
    async (req, reply) => {
      const { file, conversationId } = await service.attachment(opts.db, await actorOf(req), req.params.messageId, patientReadsOf(req));
      return sendAttachment(reply, opts.files, file, conversationId);
    },
  );
}
